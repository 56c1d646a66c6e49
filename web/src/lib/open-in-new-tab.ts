/**
 * Opens a page whose address is only known after a request. The tab is opened during the click
 * itself, which popup blockers allow, and pointed at the address once it arrives; on failure it
 * is closed again. Where no tab may be opened at all, this tab goes there instead.
 */
export async function openInNewTab(address: () => Promise<string>): Promise<void> {
  const tab = window.open('', '_blank');
  try {
    const url = await address();
    if (!tab) {
      window.location.assign(url);
      return;
    }
    tab.opener = null;
    tab.location.href = url;
  } catch (error) {
    tab?.close();
    throw error;
  }
}

/**
 * React Router keys the first history entry of every page load 'default', and ScrollRestoration
 * keeps scroll positions by that key in sessionStorage, which outlives the document and is copied
 * into a tab opened from this one: a newly loaded page would start where some earlier page was left.
 * An entry that has no key yet gets one of its own, so a new load starts at the top while a reload,
 * back and forward still find their entry's position.
 */
export function keyThisHistoryEntry(history: History = window.history): void {
  if (history.state?.key) return;
  history.replaceState({ ...history.state, key: crypto.randomUUID().slice(0, 8) }, '');
}

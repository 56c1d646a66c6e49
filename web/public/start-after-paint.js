// A prerendered page (scripts/prerender-plugin.ts) runs this instead of the app's entry: the page first
// paints from its own HTML, then the app loads and renders the same page over it. A hidden tab paints
// nothing, so there the app starts at once.
const entry = document.querySelector('script[data-app-entry]')?.dataset.appEntry;
const start = () => import(entry);
if (entry) {
  if (document.visibilityState === 'visible') requestAnimationFrame(() => setTimeout(start));
  else start();
}

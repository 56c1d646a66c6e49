// A prerendered page (scripts/prerender-plugin.ts) runs this instead of the app's entry: the page first
// paints from its own HTML, then the app loads and renders the same page over it. A screen that shows
// data lists the modules it needs (data-preload), which are all requested at once with the entry. A
// hidden tab paints nothing, so there the app starts at once.
const script = document.querySelector('script[data-app-entry]');
const entry = script?.dataset.appEntry;
const preloads = script?.dataset.preload?.split(' ') ?? [];
const start = () => {
  for (const href of preloads) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
  return import(entry);
};
if (entry) {
  if (document.visibilityState === 'visible') requestAnimationFrame(() => setTimeout(start));
  else start();
}

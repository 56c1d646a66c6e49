/**
 * The runtime config rides in index.html as a JSON data block (never executed, so the CSP's
 * `script-src 'self'` is no obstacle): the SPA reads it synchronously and renders at once instead of
 * waiting for `/config.json`. Written at deploy (lib/web.ts), by the local production-like site
 * (bin/local/built-site.ts) and by the Vite dev server (vite.config.ts).
 */
export const RUNTIME_CONFIG_ELEMENT_ID = 'runtime-config';

/** `configJson` may hold CDK tokens; `<` is escaped so no value can close the script element. */
export function inlineRuntimeConfig(html: string, configJson: string): string {
  const block = `<script type="application/json" id="${RUNTIME_CONFIG_ELEMENT_ID}">${configJson.replaceAll('<', '\\u003c')}</script>`;
  if (!html.includes('</head>')) throw new Error('index.html has no </head> to put the runtime config before');
  return html.replace('</head>', `    ${block}\n  </head>`);
}

/** What a prerendered page carries in place of a runtime config value, until the deploy fills it in. */
export const runtimeConfigPlaceholder = (name: string) => `__RUNTIME_CONFIG_${name}__`;

const PLACEHOLDERS = /__RUNTIME_CONFIG_(\w+)__/g;

const escapeHtml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

/**
 * A built page as the deploy serves it: a prerendered page's placeholders replaced by the config's
 * values (escaped; a CDK token passes through as the token), and the config inlined for the SPA.
 */
export function pageWithRuntimeConfig(html: string, config: Record<string, unknown>): string {
  const filled = html.replace(PLACEHOLDERS, (_, name: string) => escapeHtml(String(config[name] ?? '')));
  return inlineRuntimeConfig(filled, JSON.stringify(config));
}

/** The value of a JSON data block a page carries (`<script type="application/json" id=…>`), or undefined without one. */
export function jsonDataBlockIn(html: string, id: string): unknown {
  const start = `<script type="application/json" id="${id}">`;
  const from = html.indexOf(start);
  const to = html.indexOf('</script>', from);
  if (from < 0 || to < 0) return undefined;
  return JSON.parse(html.slice(from + start.length, to));
}

/** The config a deployed page carries (`inlineRuntimeConfig`), read back by a page function that renders into it. */
export function runtimeConfigIn(html: string): Record<string, unknown> {
  const config = jsonDataBlockIn(html, RUNTIME_CONFIG_ELEMENT_ID);
  if (config === undefined) throw new Error('The page carries no runtime config');
  return config as Record<string, unknown>;
}

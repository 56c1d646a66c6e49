/** The site's own origin (the SPA and, under /api, the API), e.g. https://physicianmentors.example. */
export function siteOrigin(): string {
  const origin = process.env.SITE_ORIGIN;
  if (!origin) throw new Error('SITE_ORIGIN is not set');
  return origin;
}

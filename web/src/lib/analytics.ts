/** Loads the web analytics script from the product's own host, once, when the deployment names one. */
export function loadAnalytics(scriptPath: string | undefined): void {
  if (!scriptPath || document.querySelector(`script[data-analytics]`)) return;
  const script = document.createElement('script');
  script.defer = true;
  script.src = scriptPath;
  script.dataset.analytics = 'true';
  document.head.appendChild(script);
}

import { useEffect } from 'react';
import { usePrerenderedHead } from './page-head';

/** Sets the page's meta description while the screen is shown, and puts the site's own back afterwards. */
export function useMetaDescription(description: string | undefined): void {
  const prerendered = usePrerenderedHead();
  if (prerendered && description) prerendered.description = description;
  useEffect(() => {
    const meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta || !description) return;
    const siteDescription = meta.content;
    meta.content = description;
    return () => {
      meta.content = siteDescription;
    };
  }, [description]);
}

import { useEffect } from 'react';

/** Sets the page's meta description while the screen is shown, and puts the site's own back afterwards. */
export function useMetaDescription(description: string | undefined): void {
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

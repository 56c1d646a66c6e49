import { useEffect } from 'react';
import { documentTitle, usePrerenderedHead } from './page-head';

export function useDocumentTitle(title: string): void {
  const prerendered = usePrerenderedHead();
  if (prerendered) prerendered.title = documentTitle(title);
  useEffect(() => {
    document.title = documentTitle(title);
  }, [title]);
}

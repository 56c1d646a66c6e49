import { createContext, useContext } from 'react';

/** The title and meta description a screen asks for: collected while prerendering, where effects never run. */
export interface PageHead {
  title?: string;
  description?: string;
}

export const PageHeadContext = createContext<PageHead | null>(null);

/** The collector of the page being prerendered, or null in the browser. */
export const usePrerenderedHead = () => useContext(PageHeadContext);

export const documentTitle = (title: string) => (title ? `${title} · Physician Mentors` : 'Physician Mentors');

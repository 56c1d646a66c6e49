import type { PageHead } from '@functions/domain/page-html';
import { createContext, useContext } from 'react';

export type { PageHead };

export const PageHeadContext = createContext<PageHead | null>(null);

/** The collector of the page being prerendered (effects never run there), or null in the browser. */
export const usePrerenderedHead = () => useContext(PageHeadContext);

export const documentTitle = (title: string) => (title ? `${title} · Physician Mentors` : 'Physician Mentors');

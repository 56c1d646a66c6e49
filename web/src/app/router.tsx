import { createBrowserRouter } from 'react-router';
import { keyThisHistoryEntry } from './history-entry-key';
import { appRoutes } from './routes';

keyThisHistoryEntry();

export const router = createBrowserRouter(appRoutes);

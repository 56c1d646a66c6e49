import type { RouteObject } from 'react-router';

const MessagesPage = () => import('./messages-page').then((m) => ({ Component: m.MessagesPage }));

export const messagesRoutes: RouteObject[] = [
  { path: 'messages', lazy: MessagesPage },
  { path: 'messages/:conversationId', lazy: MessagesPage },
];

/** `POST /api/me/zoom` and its callback use the shapes every connected service shares. */
export { serviceConnectLink as zoomConnectLink } from './service-connection';

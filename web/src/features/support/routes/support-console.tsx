/** The console's screens, one chunk: staff move between them, so loading them apart would only add waits. */
export { AuditPage } from './audit-page';
export { DeadLettersPage } from './dead-letters-page';
export { DisputesPage } from './disputes-page';
export { ReportsPage } from './reports-page';
export { SupportLayout } from './support-layout';
export { UserPage } from './user-page';
export { UserSearchPage } from './user-search-page';

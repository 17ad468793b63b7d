/** The entry points of the admin area for the router; each page lives in pages/. */
export { AdminLayout } from './components/admin-layout';
export { AuditLogPage } from './pages/audit-log-page';
export { ClientErrorsPage } from './pages/client-errors-page';
export { ComingSoonPage } from './pages/coming-soon-page';
export { CompaniesPage } from './pages/companies-page';
export { FilingsPage } from './pages/filings-page';
export { OverviewPage } from './pages/overview-page';
export { TenantsPage } from './pages/tenants-page';
export { UploadsPage } from './pages/uploads-page';
export { UsersPage } from './pages/users-page';

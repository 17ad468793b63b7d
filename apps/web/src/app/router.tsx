import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { paths, redirects } from '../config/paths';
import { AppShell } from './app-shell';
import { AdminGuard } from './guards/admin-guard';
import { RouteGuard } from './guards/route-guard';
import { lazyPage, RouteErrorScreen } from './lazy-page';
import { RootLayout } from './root-layout';

// Each feature is its own chunk; features never import each other, the router composes them.
const LoginPage = lazyPage(() => import('../features/auth/login-page').then((m) => m.LoginPage));
const LegalPage = lazyPage(() => import('../features/legal/legal-page').then((m) => m.LegalPage));
// Onboarding: one lazily loaded module per page.
const WelcomePage = lazyPage(() => import('../features/onboarding/pages/welcome-page').then((m) => m.WelcomePage));
const BusinessTypePage = lazyPage(() =>
  import('../features/onboarding/pages/business-type-page').then((m) => m.BusinessTypePage),
);
const BusinessAddressPage = lazyPage(() =>
  import('../features/onboarding/pages/business-address-page').then((m) => m.BusinessAddressPage),
);
const ProductTypePage = lazyPage(() =>
  import('../features/onboarding/pages/product-type-page').then((m) => m.ProductTypePage),
);
const JurisdictionsIntroPage = lazyPage(() =>
  import('../features/onboarding/pages/jurisdictions-page').then((m) => m.JurisdictionsIntroPage),
);
const JurisdictionsSelectionPage = lazyPage(() =>
  import('../features/onboarding/pages/jurisdictions-selection-page').then((m) => m.JurisdictionsSelectionPage),
);
const BusinessProfilePage = lazyPage(() =>
  import('../features/onboarding/pages/business-profile-page').then((m) => m.BusinessProfilePage),
);
const LegalRepresentativePage = lazyPage(() =>
  import('../features/onboarding/pages/legal-representative-page').then((m) => m.LegalRepresentativePage),
);
const BusinessDetailsPage = lazyPage(() =>
  import('../features/onboarding/pages/business-details-page').then((m) => m.BusinessDetailsPage),
);
const BankingPage = lazyPage(() => import('../features/onboarding/pages/banking-page').then((m) => m.BankingPage));
const JurisdictionInfoPage = lazyPage(() =>
  import('../features/onboarding/pages/jurisdiction-info-page').then((m) => m.JurisdictionInfoPage),
);
const DocumentsPage = lazyPage(() =>
  import('../features/onboarding/pages/documents-page').then((m) => m.DocumentsPage),
);
const SigningPage = lazyPage(() => import('../features/onboarding/pages/signing-page').then((m) => m.SigningPage));
const IntegrationsPage = lazyPage(() =>
  import('../features/onboarding/pages/integrations-page').then((m) => m.IntegrationsPage),
);
const AccountCreationPage = lazyPage(() =>
  import('../features/onboarding/pages/account-creation-page').then((m) => m.AccountCreationPage),
);
const DocumentCenterPage = lazyPage(() =>
  import('../features/onboarding/pages/document-center-page').then((m) => m.DocumentCenterPage),
);
const TaxAssessmentPage = lazyPage(() =>
  import('../features/onboarding/pages/tax-assessment-page').then((m) => m.TaxAssessmentPage),
);
const DashboardPage = lazyPage(() => import('../features/dashboard/dashboard-page').then((m) => m.DashboardPage));
const AnalyticsPage = lazyPage(() => import('../features/analytics/analytics-page').then((m) => m.AnalyticsPage));
// Settings: the layout (section navigation + Outlet) and one module per section.
const SettingsLayout = lazyPage(() => import('../features/settings/settings-layout').then((m) => m.SettingsLayout));
const ProfileSettingsPage = lazyPage(() =>
  import('../features/settings/pages/profile-page').then((m) => m.ProfilePage),
);
const LanguageSettingsPage = lazyPage(() =>
  import('../features/settings/pages/language-page').then((m) => m.LanguagePage),
);
const NotificationSettingsPage = lazyPage(() =>
  import('../features/settings/pages/notifications-page').then((m) => m.NotificationsPage),
);
const CompanyUsersPage = lazyPage(() =>
  import('../features/settings/pages/company-users-page').then((m) => m.CompanyUsersPage),
);
const CompanyDetailsPage = lazyPage(() =>
  import('../features/settings/pages/company-details-page').then((m) => m.CompanyDetailsPage),
);
const TaxRegistrationsPage = lazyPage(() =>
  import('../features/settings/pages/tax-registrations-page').then((m) => m.TaxRegistrationsPage),
);
const CalendarPage = lazyPage(() => import('../features/calendar/calendar-page').then((m) => m.CalendarPage));
const DataUploadPage = lazyPage(() => import('../features/data-upload/data-upload-page').then((m) => m.DataUploadPage));
const TransactionsPage = lazyPage(() =>
  import('../features/transactions/transactions-page').then((m) => m.TransactionsPage),
);
const WhiteLabelPage = lazyPage(() => import('../features/white-label/white-label-page').then((m) => m.WhiteLabelPage));
const AdminLayout = lazyPage(() => import('../features/admin/admin-pages').then((m) => m.AdminLayout));
const AdminOverviewPage = lazyPage(() => import('../features/admin/admin-pages').then((m) => m.OverviewPage));
const AdminTenantsPage = lazyPage(() => import('../features/admin/admin-pages').then((m) => m.TenantsPage));
const AdminCompaniesPage = lazyPage(() => import('../features/admin/admin-pages').then((m) => m.CompaniesPage));
const AdminUsersPage = lazyPage(() => import('../features/admin/admin-pages').then((m) => m.UsersPage));
const AdminUploadsPage = lazyPage(() => import('../features/admin/admin-pages').then((m) => m.UploadsPage));
const AdminFilingsPage = lazyPage(() => import('../features/admin/admin-pages').then((m) => m.FilingsPage));
const AdminClientErrorsPage = lazyPage(() => import('../features/admin/admin-pages').then((m) => m.ClientErrorsPage));
const AdminAuditLogPage = lazyPage(() => import('../features/admin/admin-pages').then((m) => m.AuditLogPage));
const AdminComingSoonPage = lazyPage(() => import('../features/admin/admin-pages').then((m) => m.ComingSoonPage));
const PaymentCancelledPage = lazyPage(() =>
  import('../features/payment/payment-result-page').then((m) => m.PaymentCancelledPage),
);
const PaymentActivatedPage = lazyPage(() =>
  import('../features/payment/payment-result-page').then((m) => m.PaymentActivatedPage),
);
const SubscriptionPage = lazyPage(() =>
  import('../features/payment/subscription-page').then((m) => m.SubscriptionPage),
);
const AdminSubscriptionsPage = lazyPage(() =>
  import('../features/payment/admin-subscriptions-page').then((m) => m.AdminSubscriptionsPage),
);

const { onboarding, admin, payment, settings } = paths;

const dashboardElement = <DashboardPage titleKey={paths.dashboard.titleKey} />;

/** Every route of spec §2. Exported apart from the router so tests can mount it in memory. */
export function createAppRoutes(): RouteObject[] {
  return [
    {
      element: <RootLayout />,
      errorElement: <RouteErrorScreen />,
      children: [
        // Redirects come before the guard so it judges the destination, not the alias.
        ...redirects.map(({ from, to }) => ({ path: from, element: <Navigate to={to} replace /> })),
        // Readable by anyone, signed in or not: the default theme links to them from the sign-in chain and the shell.
        { path: paths.legal.support.path, element: <LegalPage kind="support" /> },
        { path: paths.legal.terms.path, element: <LegalPage kind="terms" /> },
        { path: paths.legal.privacy.path, element: <LegalPage kind="privacy" /> },
        {
          element: <RouteGuard />,
          children: [
            { path: paths.login.path, element: <LoginPage /> },
            {
              element: <AppShell />,
              children: [
                { path: paths.home.path, element: dashboardElement },
                { path: paths.dashboard.path, element: dashboardElement },
                { path: paths.analytics.path, element: <AnalyticsPage titleKey={paths.analytics.titleKey} /> },
                {
                  path: settings.path,
                  element: <SettingsLayout titleKey={settings.titleKey} />,
                  // Other features' settings pages (e.g. the subscription) nest here too.
                  children: [
                    { index: true, element: <ProfileSettingsPage /> },
                    { path: settings.language.path, element: <LanguageSettingsPage /> },
                    { path: settings.notifications.path, element: <NotificationSettingsPage /> },
                    { path: settings.users.path, element: <CompanyUsersPage /> },
                    { path: settings.company.path, element: <CompanyDetailsPage /> },
                    { path: settings.registrations.path, element: <TaxRegistrationsPage /> },
                    {
                      path: settings.subscription.path,
                      element: <SubscriptionPage titleKey={settings.subscription.titleKey} />,
                    },
                  ],
                },
                { path: paths.calendar.path, element: <CalendarPage titleKey={paths.calendar.titleKey} /> },
                {
                  path: `${paths.dataUpload.path}/*`,
                  element: <DataUploadPage titleKey={paths.dataUpload.titleKey} />,
                },
                {
                  path: paths.transactions.path,
                  element: <TransactionsPage titleKey={paths.transactions.titleKey} />,
                },
                {
                  path: onboarding.root.path,
                  children: [
                    { index: true, element: <BusinessTypePage /> },
                    { path: onboarding.welcome.path, element: <WelcomePage /> },
                    { path: onboarding.businessType.path, element: <BusinessTypePage /> },
                    { path: onboarding.businessAddress.path, element: <BusinessAddressPage /> },
                    { path: onboarding.productType.path, element: <ProductTypePage /> },
                    { path: onboarding.jurisdictions.path, element: <JurisdictionsIntroPage /> },
                    { path: onboarding.jurisdictionsSelection.path, element: <JurisdictionsSelectionPage /> },
                    {
                      path: onboarding.taxAssessment.path,
                      element: <TaxAssessmentPage />,
                    },
                    {
                      path: onboarding.businessProfile.path,
                      children: [
                        { index: true, element: <BusinessProfilePage /> },
                        { path: onboarding.legalRepresentative.path, element: <LegalRepresentativePage /> },
                        { path: onboarding.businessDetails.path, element: <BusinessDetailsPage /> },
                        { path: onboarding.banking.path, element: <BankingPage /> },
                      ],
                    },
                    { path: onboarding.jurisdictionInfo.path, element: <JurisdictionInfoPage /> },
                    { path: onboarding.documents.path, element: <DocumentsPage /> },
                    { path: onboarding.signing.path, element: <SigningPage /> },
                    { path: onboarding.integrations.path, element: <IntegrationsPage /> },
                    { path: onboarding.accountCreation.path, element: <AccountCreationPage /> },
                    { path: onboarding.documentCenter.path, element: <DocumentCenterPage /> },
                  ],
                },
                {
                  path: admin.root.path,
                  element: <AdminGuard />,
                  children: [
                    {
                      // Spec §2: the admin dashboard with a sidebar of its sections.
                      element: <AdminLayout />,
                      children: [
                        { index: true, element: <AdminOverviewPage /> },
                        { path: admin.tenants.path, element: <AdminTenantsPage /> },
                        { path: admin.companies.path, element: <AdminCompaniesPage /> },
                        { path: admin.users.path, element: <AdminUsersPage /> },
                        { path: admin.uploads.path, element: <AdminUploadsPage /> },
                        { path: admin.filings.path, element: <AdminFilingsPage /> },
                        { path: admin.clientErrors.path, element: <AdminClientErrorsPage /> },
                        { path: admin.auditLog.path, element: <AdminAuditLogPage /> },
                        { path: admin.comingSoon.path, element: <AdminComingSoonPage /> },
                        { path: admin.whiteLabel.path, element: <WhiteLabelPage /> },
                        {
                          path: admin.subscriptions.path,
                          element: <AdminSubscriptionsPage titleKey={admin.subscriptions.titleKey} />,
                        },
                      ],
                    },
                  ],
                },
                {
                  path: payment.cancelled.path,
                  element: <PaymentCancelledPage titleKey={payment.cancelled.titleKey} />,
                },
                {
                  path: payment.activated.path,
                  element: <PaymentActivatedPage titleKey={payment.activated.titleKey} />,
                },
                // Spec §2: any unknown path shows the dashboard.
                { path: '*', element: dashboardElement },
              ],
            },
          ],
        },
      ],
    },
  ];
}

export function createAppRouter() {
  return createBrowserRouter(createAppRoutes());
}

export type AppRouter = ReturnType<typeof createAppRouter>;

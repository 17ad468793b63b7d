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
const SettingsPage = lazyPage(() => import('../features/settings/settings-page').then((m) => m.SettingsPage));
const CalendarPage = lazyPage(() => import('../features/calendar/calendar-page').then((m) => m.CalendarPage));
const DataUploadPage = lazyPage(() => import('../features/data-upload/data-upload-page').then((m) => m.DataUploadPage));
const TransactionsPage = lazyPage(() =>
  import('../features/transactions/transactions-page').then((m) => m.TransactionsPage),
);
const AdminPage = lazyPage(() => import('../features/admin/admin-pages').then((m) => m.AdminPage));
const WhiteLabelPage = lazyPage(() => import('../features/white-label/white-label-page').then((m) => m.WhiteLabelPage));
const PaymentResultPage = lazyPage(() =>
  import('../features/payment/payment-result-page').then((m) => m.PaymentResultPage),
);

const { onboarding, admin, payment } = paths;

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
                { path: paths.settings.path, element: <SettingsPage titleKey={paths.settings.titleKey} /> },
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
                    { index: true, element: <AdminPage titleKey={admin.root.titleKey} /> },
                    { path: admin.whiteLabel.path, element: <WhiteLabelPage /> },
                    { path: admin.comingSoon.path, element: <AdminPage titleKey={admin.comingSoon.titleKey} /> },
                  ],
                },
                {
                  path: payment.cancelled.path,
                  element: <PaymentResultPage titleKey={payment.cancelled.titleKey} />,
                },
                {
                  path: payment.activated.path,
                  element: <PaymentResultPage titleKey={payment.activated.titleKey} />,
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

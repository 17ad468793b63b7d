import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { paths, redirects } from '../config/paths';
import { AppShell } from './app-shell';
import { AdminGuard } from './guards/admin-guard';
import { RouteGuard } from './guards/route-guard';
import { lazyPage, RouteErrorScreen } from './lazy-page';
import { RootLayout } from './root-layout';

// Each feature is its own chunk; features never import each other, the router composes them.
const LoginPage = lazyPage(() => import('../features/auth/login-page').then((m) => m.LoginPage));
const OnboardingStepPage = lazyPage(() =>
  import('../features/onboarding/onboarding-pages').then((m) => m.OnboardingStepPage),
);
const TaxAssessmentPage = lazyPage(() =>
  import('../features/onboarding/onboarding-pages').then((m) => m.TaxAssessmentPage),
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
const PaymentResultPage = lazyPage(() =>
  import('../features/payment/payment-result-page').then((m) => m.PaymentResultPage),
);

const { onboarding, admin, payment } = paths;

const onboardingStep = (entry: { path: string; titleKey: string }): RouteObject => ({
  path: entry.path,
  element: <OnboardingStepPage titleKey={entry.titleKey} />,
});

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
                    { index: true, element: <OnboardingStepPage titleKey={onboarding.root.titleKey} /> },
                    onboardingStep(onboarding.welcome),
                    onboardingStep(onboarding.businessType),
                    onboardingStep(onboarding.businessAddress),
                    onboardingStep(onboarding.productType),
                    onboardingStep(onboarding.jurisdictions),
                    onboardingStep(onboarding.jurisdictionsSelection),
                    {
                      path: onboarding.taxAssessment.path,
                      element: <TaxAssessmentPage titleKey={onboarding.taxAssessment.titleKey} />,
                    },
                    {
                      path: onboarding.businessProfile.path,
                      children: [
                        { index: true, element: <OnboardingStepPage titleKey={onboarding.businessProfile.titleKey} /> },
                        onboardingStep(onboarding.legalRepresentative),
                        onboardingStep(onboarding.businessDetails),
                        onboardingStep(onboarding.banking),
                      ],
                    },
                    onboardingStep(onboarding.jurisdictionInfo),
                    onboardingStep(onboarding.documents),
                    onboardingStep(onboarding.signing),
                    onboardingStep(onboarding.integrations),
                    onboardingStep(onboarding.accountCreation),
                    onboardingStep(onboarding.documentCenter),
                  ],
                },
                {
                  path: admin.root.path,
                  element: <AdminGuard />,
                  children: [
                    { index: true, element: <AdminPage titleKey={admin.root.titleKey} /> },
                    { path: admin.whiteLabel.path, element: <AdminPage titleKey={admin.whiteLabel.titleKey} /> },
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

/**
 * The one route registry of the SPA (spec §2). Components build links with getHref so a path is
 * spelled once; the router is assembled from the same entries.
 */
const route = <const P extends string>(path: P, titleKey: string) => ({
  path,
  titleKey,
  getHref: (): string => path,
});

export const paths = {
  home: route('/', 'pages.dashboard.title'),
  login: route('/login', 'pages.login.title'),
  /** The default theme's support, terms and privacy links; public (white-label tenants link to their own). */
  legal: {
    support: route('/support', 'legal.support.title'),
    terms: route('/terms', 'legal.terms.title'),
    privacy: route('/privacy', 'legal.privacy.title'),
  },
  onboarding: {
    root: route('/onboarding', 'pages.onboarding.businessType.title'),
    welcome: route('/onboarding/welcome', 'pages.onboarding.welcome.title'),
    businessType: route('/onboarding/business-type', 'pages.onboarding.businessType.title'),
    businessAddress: route('/onboarding/business-address', 'pages.onboarding.businessAddress.title'),
    productType: route('/onboarding/product-type', 'pages.onboarding.productType.title'),
    jurisdictions: route('/onboarding/jurisdictions', 'pages.onboarding.jurisdictions.title'),
    jurisdictionsSelection: route(
      '/onboarding/jurisdictions-selection',
      'pages.onboarding.jurisdictionsSelection.title',
    ),
    taxAssessment: route('/onboarding/tax-assessment', 'pages.onboarding.taxAssessment.title'),
    businessProfile: route('/onboarding/business-profile', 'pages.onboarding.businessProfile.title'),
    legalRepresentative: route(
      '/onboarding/business-profile/legal-representative',
      'pages.onboarding.legalRepresentative.title',
    ),
    businessDetails: route('/onboarding/business-profile/business-details', 'pages.onboarding.businessDetails.title'),
    banking: route('/onboarding/business-profile/banking', 'pages.onboarding.banking.title'),
    jurisdictionInfo: route('/onboarding/jurisdiction-info', 'pages.onboarding.jurisdictionInfo.title'),
    documents: route('/onboarding/documents', 'pages.onboarding.documents.title'),
    signing: route('/onboarding/signing', 'pages.onboarding.signing.title'),
    integrations: route('/onboarding/integrations', 'pages.onboarding.integrations.title'),
    accountCreation: route('/onboarding/account-creation', 'pages.onboarding.accountCreation.title'),
    documentCenter: route('/onboarding/document-center', 'pages.onboarding.documentCenter.title'),
  },
  dashboard: {
    ...route('/dashboard', 'pages.dashboard.title'),
    getPaymentSuccessHref: (): string => '/dashboard?payment=success',
  },
  analytics: route('/analytics', 'pages.analytics.title'),
  settings: {
    /** The settings area; its index is the profile. */
    ...route('/settings', 'pages.settings.title'),
    profile: route('/settings', 'settings.sections.profile.title'),
    language: route('/settings/language', 'settings.sections.language.title'),
    notifications: route('/settings/notifications', 'settings.sections.notifications.title'),
    users: route('/settings/users', 'settings.sections.users.title'),
    company: route('/settings/company', 'settings.sections.company.title'),
    registrations: route('/settings/registrations', 'settings.sections.registrations.title'),
    /** Built by the payments feature and nested into the settings layout by the router. */
    subscription: route('/settings/subscription', 'settings.sections.subscription.title'),
  },
  calendar: route('/calendar', 'pages.calendar.title'),
  dataUpload: route('/data-upload', 'pages.dataUpload.title'),
  transactions: route('/transactions', 'pages.transactions.title'),
  admin: {
    root: route('/admin', 'pages.admin.title'),
    whiteLabel: {
      path: '/admin/white-label/:tenantId',
      titleKey: 'pages.admin.whiteLabel.title',
      getHref: (tenantId: string): string => `/admin/white-label/${encodeURIComponent(tenantId)}`,
    },
    comingSoon: route('/admin/coming-soon', 'pages.admin.comingSoon.title'),
    subscriptions: route('/admin/subscriptions', 'payment.admin.title'),
    tenants: route('/admin/tenants', 'adminArea.nav.tenants'),
    companies: route('/admin/companies', 'adminArea.nav.companies'),
    users: route('/admin/users', 'adminArea.nav.users'),
    uploads: route('/admin/uploads', 'adminArea.nav.uploads'),
    filings: route('/admin/filings', 'adminArea.nav.filings'),
    clientErrors: route('/admin/client-errors', 'adminArea.nav.clientErrors'),
    auditLog: route('/admin/audit-log', 'adminArea.nav.auditLog'),
  },
  payment: {
    success: route('/payment/success', 'pages.payment.success.title'),
    cancelled: route('/payment/cancelled', 'pages.payment.cancelled.title'),
    activated: route('/payment/activated', 'pages.payment.activated.title'),
  },
} as const;

/** Old and alias paths of spec §2 and where they lead. */
export const redirects: readonly { from: string; to: string }[] = [
  { from: '/account-welcome', to: paths.onboarding.welcome.getHref() },
  { from: '/setup', to: paths.onboarding.businessProfile.getHref() },
  { from: '/setup/business-profile', to: paths.onboarding.businessProfile.getHref() },
  { from: '/setup/jurisdiction-info', to: paths.onboarding.jurisdictionInfo.getHref() },
  { from: '/setup/documents', to: paths.onboarding.documents.getHref() },
  { from: '/setup/signing', to: paths.onboarding.signing.getHref() },
  { from: '/setup/integrations', to: paths.onboarding.integrations.getHref() },
  { from: '/payment/success', to: paths.dashboard.getPaymentSuccessHref() },
];

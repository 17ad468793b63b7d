/**
 * The single list of API paths. The API registers its routes on them and declares each route's guard; the SPA
 * builds its URLs from them. Paths of spec §7 are exact.
 */
import type { Language } from './account';

/** `admin`: a signed-in user with isAdmin (spec §6); everyone else gets 403. */
export type RouteGuard = 'public' | 'authenticated' | 'company' | 'admin';

const segment = encodeURIComponent;

/** `?a=1&b=2` of the defined values, or '' when there are none. */
function queryString(query: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams(
    Object.entries(query).flatMap(([key, value]): [string, string][] =>
      value === undefined ? [] : [[key, String(value)]],
    ),
  ).toString();
  return search ? `?${search}` : '';
}

export const apiPaths = {
  health: '/api/health',
  clientConfig: '/config.json',
  docs: '/api/docs',
  logError: '/api/log-error',
  tokenExchange: '/api/v1/Token/Exchange',
  changeCompany: (companyId?: string) =>
    companyId === undefined
      ? '/api/v1/Token/ChangeCompany'
      : `/api/v1/Token/ChangeCompany?companyId=${segment(companyId)}`,
  changeTenant: (tenantId: string) => `/api/v1/Token/ChangeTenant?tenantId=${segment(tenantId)}`,
  userMe: '/api/v1/User/Me',
  tenantTheme: (tenantId: string) => `/api/v1/Tenant/${segment(tenantId)}/Theme`,
  publicTenantTheme: (slug: string) => `/api/v1/Tenant/Theme?slug=${segment(slug)}`,
  adminTenantTheme: (tenantId: string) => `/api/v1/Admin/Tenants/${segment(tenantId)}/Theme`,
  userDiagnostic: '/api/v1/User',
  updateUser: (userId: string) => `/api/v1/User/${segment(userId)}`,
  listCompanyUsers: (companyId: string) => `/api/v1/User/ListCompanyUsers?companyId=${segment(companyId)}`,
  notificationSettings: '/api/v1/User/NotificationSettings',
  updateNotificationSettings: (notificationType: string, channel: string) =>
    `/api/v1/User/UpdateNotificationSettings/${segment(notificationType)}/${segment(channel)}`,
  checkEmailAddress: '/api/v1/User/CheckEmailAddress',
  addUsers: (companyId: string) => `/api/v2/Company/${segment(companyId)}/AddUsers`,
  logOut: '/api/v1/User/LogOut',
  changeLanguage: (language: string) => `/api/v1/User/ChangeLanguage/${segment(language)}`,
  removeUserFromCompany: '/api/v1/User/RemoveUserFromCompany',
  companyDetails: (companyId: string) => `/api/v1/Company/${segment(companyId)}`,
  createCompany: '/api/v1/Company',
  onboarding: (companyId: string) => `/api/v1/Company/${segment(companyId)}/Onboarding`,
  businessType: (companyId: string) => `/api/v1/Company/${segment(companyId)}/BusinessType`,
  companyAddress: (companyId: string) => `/api/v1/Company/${segment(companyId)}/Address`,
  addressSuggestions: (companyId: string, query: Record<string, string | undefined>) => {
    const search = new URLSearchParams(
      Object.entries(query).filter((entry): entry is [string, string] => entry[1] !== undefined),
    );
    return `/api/v1/Company/${segment(companyId)}/AddressSuggestions?${search}`;
  },
  addressSuggestion: (companyId: string, placeId: string, query: Record<string, string | undefined> = {}) => {
    const search = new URLSearchParams(
      Object.entries(query).filter((entry): entry is [string, string] => entry[1] !== undefined),
    ).toString();
    return `/api/v1/Company/${segment(companyId)}/AddressSuggestions/${segment(placeId)}${search ? `?${search}` : ''}`;
  },
  productType: (companyId: string) => `/api/v1/Company/${segment(companyId)}/ProductType`,
  navigateOnboardingStep: (companyId: string, stepId: string) =>
    `/api/v1/Company/${segment(companyId)}/Onboarding/Steps/${segment(stepId)}/Navigate`,
  completeOnboardingStep: (companyId: string, stepId: string) =>
    `/api/v1/Company/${segment(companyId)}/Onboarding/Steps/${segment(stepId)}/Complete`,
  documents: (companyId: string) => `/api/v1/Company/${segment(companyId)}/Documents`,
  document: (companyId: string, documentId: string) =>
    `/api/v1/Company/${segment(companyId)}/Documents/${segment(documentId)}`,
  documentContent: (companyId: string, documentId: string) =>
    `/api/v1/Company/${segment(companyId)}/Documents/${segment(documentId)}/Content`,
  documentChecklist: (companyId: string) => `/api/v1/Company/${segment(companyId)}/Documents/Checklist`,
  powersOfAttorney: (companyId: string) => `/api/v1/Registration/${segment(companyId)}/PowerOfAttorney`,
  powerOfAttorneyDocument: (companyId: string, countryCode: string) =>
    `/api/v1/Registration/${segment(companyId)}/PowerOfAttorney/${segment(countryCode)}/Document`,
  signPowerOfAttorney: (companyId: string, countryCode: string) =>
    `/api/v1/Registration/${segment(companyId)}/PowerOfAttorney/${segment(countryCode)}/Sign`,
  signedPowerOfAttorney: (companyId: string, countryCode: string) =>
    `/api/v1/Registration/${segment(companyId)}/PowerOfAttorney/${segment(countryCode)}/Signed`,
  revokePowerOfAttorney: (companyId: string, countryCode: string) =>
    `/api/v1/Registration/${segment(companyId)}/PowerOfAttorney/${segment(countryCode)}/Revoke`,
  questionnaire: (companyId: string) => `/api/v1/Questionnaire/${segment(companyId)}`,
  registrationJurisdictions: (companyId: string) => `/api/v1/Registration/${segment(companyId)}/Jurisdictions`,
  jurisdictionInfo: (companyId: string) => `/api/v1/Registration/${segment(companyId)}/JurisdictionInfo`,
  integrations: (companyId: string) => `/api/v1/Company/${segment(companyId)}/Integrations`,
  integration: (companyId: string, provider: string) =>
    `/api/v1/Company/${segment(companyId)}/Integrations/${segment(provider)}`,
  legalRepresentative: (companyId: string) => `/api/v1/Company/${segment(companyId)}/LegalRepresentative`,
  businessDetails: (companyId: string) => `/api/v1/Company/${segment(companyId)}/BusinessDetails`,
  bankAccount: (companyId: string) => `/api/v1/Company/${segment(companyId)}/BankAccount`,
  transactionUploads: (companyId: string) => `/api/v1/TransactionUpload/${segment(companyId)}`,
  transactionUpload: (companyId: string, uploadId: string) =>
    `/api/v1/TransactionUpload/${segment(companyId)}/${segment(uploadId)}`,
  cancelTransactionUpload: (companyId: string, uploadId: string) =>
    `/api/v1/TransactionUpload/${segment(companyId)}/${segment(uploadId)}/Cancel`,
  transactionUploadProblems: (companyId: string, uploadId: string, page: { offset?: number; limit?: number } = {}) => {
    const search = new URLSearchParams(
      Object.entries(page).flatMap(([key, value]): [string, string][] =>
        value === undefined ? [] : [[key, String(value)]],
      ),
    ).toString();
    return `/api/v1/TransactionUpload/${segment(companyId)}/${segment(uploadId)}/Problems${search ? `?${search}` : ''}`;
  },
  transactionUploadProblemsCsv: (companyId: string, uploadId: string) =>
    `/api/v1/TransactionUpload/${segment(companyId)}/${segment(uploadId)}/Problems.csv`,
  confirmTransactionUpload: (companyId: string, uploadId: string) =>
    `/api/v1/TransactionUpload/${segment(companyId)}/${segment(uploadId)}/Confirm`,
  rerunTransactionUpload: (companyId: string, uploadId: string) =>
    `/api/v1/TransactionUpload/${segment(companyId)}/${segment(uploadId)}/Rerun`,
  columnMappings: (companyId: string) => `/api/v1/TransactionUpload/${segment(companyId)}/ColumnMappings`,
  columnMapping: (companyId: string, nameOrId: string) =>
    `/api/v1/TransactionUpload/${segment(companyId)}/ColumnMappings/${segment(nameOrId)}`,
  dataPeriods: (companyId: string) => `/api/v1/PeriodManager/${segment(companyId)}/DataPeriods`,
  dataPeriod: (companyId: string, dataPeriodId: string) =>
    `/api/v1/PeriodManager/${segment(companyId)}/DataPeriods/${segment(dataPeriodId)}`,
  taxSchemes: (companyId: string) => `/api/v1/Company/${segment(companyId)}/TaxSchemes`,
  taxRegistrations: (companyId: string) => `/api/v1/Company/${segment(companyId)}/TaxRegistrations`,
  taxRegistration: (companyId: string, countryCode: string) =>
    `/api/v1/Company/${segment(companyId)}/TaxRegistrations/${segment(countryCode)}`,
  transactions: (companyId: string, query: Record<string, string | number | undefined> = {}) =>
    `/api/v1/Transactions/${segment(companyId)}${queryString(query)}`,
  transaction: (companyId: string, transactionId: string) =>
    `/api/v1/Transactions/${segment(companyId)}/${segment(transactionId)}`,
  transactionsCount: (companyId: string, query: Record<string, string | number | undefined> = {}) =>
    `/api/v1/Transactions/${segment(companyId)}/Count${queryString(query)}`,
  transactionsExportCsv: (companyId: string, query: Record<string, string | number | undefined> = {}) =>
    `/api/v1/Transactions/${segment(companyId)}/Export.csv${queryString(query)}`,
  liabilitySummary: (companyId: string, year: number) =>
    `/api/v1/Liabilities/${segment(companyId)}/Summary?year=${year}`,
  ossLines: (companyId: string, period: string) =>
    `/api/v1/Liabilities/${segment(companyId)}/OssLines?period=${segment(period)}`,
  ecSalesList: (companyId: string, month: string) =>
    `/api/v1/Liabilities/${segment(companyId)}/EcSalesList?month=${segment(month)}`,
  ossThreshold: (companyId: string, year: number) => `/api/v1/Liabilities/${segment(companyId)}/Threshold?year=${year}`,
  crossCheck: (companyId: string, query: Record<string, string | number | undefined> = {}) =>
    `/api/v1/Liabilities/${segment(companyId)}/CrossCheck${queryString(query)}`,
  filings: (companyId: string, query: Record<string, string | undefined> = {}) =>
    `/api/v1/Filings/${segment(companyId)}${queryString(query)}`,
  markFilingFiled: (companyId: string, filingId: string) =>
    `/api/v1/Filings/${segment(companyId)}/${segment(filingId)}/MarkFiled`,
  reopenFiling: (companyId: string, filingId: string) =>
    `/api/v1/Filings/${segment(companyId)}/${segment(filingId)}/Reopen`,
  markFilingPaid: (companyId: string, filingId: string) =>
    `/api/v1/Filings/${segment(companyId)}/${segment(filingId)}/MarkPaid`,
  markFilingUnpaid: (companyId: string, filingId: string) =>
    `/api/v1/Filings/${segment(companyId)}/${segment(filingId)}/MarkUnpaid`,
  dataHealth: (companyId: string, year: number) => `/api/v1/Liabilities/${segment(companyId)}/DataHealth?year=${year}`,
  calendarFeed: '/api/v1/Calendar/Feed',
  rotateCalendarFeed: '/api/v1/Calendar/Feed/Rotate',
  calendarFeedIcs: (secret: string) => `/api/v1/Calendar/Feed/${segment(secret)}.ics`,
  analytics: (companyId: string, query: { from: string; to: string }) =>
    `/api/v1/Analytics/${segment(companyId)}${queryString(query)}`,
  analyticsExport: (companyId: string, query: { format: 'csv' | 'xlsx'; from: string; to: string; lang?: Language }) =>
    `/api/v1/Analytics/${segment(companyId)}/Export${queryString(query)}`,
  paymentSubscriptions: (companyId: string) => `/api/v1/Payment/${segment(companyId)}/Subscriptions`,
  paymentCheckout: (companyId: string) => `/api/v1/Payment/${segment(companyId)}/Checkout`,
  paymentWebhook: '/api/v1/Payment/Webhook',
  adminSubscriptions: (query: { search?: string } = {}) => `/api/v1/Admin/Subscriptions${queryString(query)}`,
  adminCompanySubscriptions: (companyId: string) => `/api/v1/Admin/Subscriptions/${segment(companyId)}`,
  adminOverview: '/api/v1/Admin/Overview',
  adminTenants: '/api/v1/Admin/Tenants',
  adminCompanies: (query: Record<string, string | number | undefined> = {}) =>
    `/api/v1/Admin/Companies${queryString(query)}`,
  adminUsers: (query: Record<string, string | number | undefined> = {}) => `/api/v1/Admin/Users${queryString(query)}`,
  adminUserRole: (userId: string) => `/api/v1/Admin/Users/${segment(userId)}/Role`,
  adminUserStatus: (userId: string) => `/api/v1/Admin/Users/${segment(userId)}/Status`,
  adminUploads: (query: Record<string, string | number | undefined> = {}) =>
    `/api/v1/Admin/Uploads${queryString(query)}`,
  adminFilingsDue: (query: Record<string, string | number | undefined> = {}) =>
    `/api/v1/Admin/FilingsDue${queryString(query)}`,
  adminClientErrors: (query: Record<string, string | number | undefined> = {}) =>
    `/api/v1/Admin/ClientErrors${queryString(query)}`,
  adminAuditEvents: (query: Record<string, string | number | undefined> = {}) =>
    `/api/v1/Admin/AuditEvents${queryString(query)}`,
} as const;

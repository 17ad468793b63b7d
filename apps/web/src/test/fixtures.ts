import type { CompanyDetails, CompanySummary, Filing, TenantSummary, User } from '@vatlas/contract';

export const buildCompanySummary = (overrides: Partial<CompanySummary> = {}): CompanySummary => ({
  id: 'company-1',
  legalNameOfBusiness: 'Example Trading GmbH',
  countryOfEstablishment: 'Germany',
  countryIdOfEstablishment: 276,
  countryCodeOfEstablishment: 'DE',
  legalStatus: 'GmbH',
  companyStatus: 'active',
  serviceType: null,
  profile: null,
  isRealTimeReportingCompany: false,
  subscriptionCountries: ['Germany', 'France'],
  subscriptionCountryCodes: ['DE', 'FR'],
  termsAndConditionsAccepted: true,
  ...overrides,
});

export const buildCompanyDetails = (overrides: Partial<CompanyDetails> = {}): CompanyDetails => ({
  companyId: 'company-1',
  companyObjectId: 'object-1',
  legalNameOfBusiness: 'Example Trading GmbH',
  legalStatusId: 1,
  companyType: 'GmbH',
  establishmentCountryId: 276,
  establishmentCountryCode: 'DE',
  zipCode: '10115',
  state: null,
  city: 'Berlin',
  street: 'Invalidenstraße',
  houseNumber: '1',
  vatNumber: null,
  status: 'active',
  subscriptionDate: null,
  incorporationDate: null,
  incorporationNumber: null,
  ...overrides,
});

export const buildTenantSummary = (overrides: Partial<TenantSummary> = {}): TenantSummary => ({
  id: 'tenant-1',
  slug: 'vatlas',
  name: 'Vatlas',
  ...overrides,
});

export const buildUser = (overrides: Partial<User> = {}): User => {
  const company = buildCompanySummary();
  return {
    userId: '4b0a3c55-6a55-4a8f-9a3e-0f1f2b1c9d11',
    email: 'seller@vatlas.test',
    firstName: 'Sam',
    lastName: 'Seller',
    language: 'en',
    selectedCompanyId: company.id,
    selectedCompany: company,
    selectedTenantId: 'tenant-1',
    tenants: [buildTenantSummary()],
    companies: [company],
    isAdmin: false,
    ...overrides,
  };
};

/** A monthly German VAT return for September 2026, overdue, €1,234.50. */
export const buildFiling = (overrides: Partial<Filing> = {}): Filing => ({
  id: 'f-1',
  jurisdiction: 'DE',
  filingType: 'vat-return',
  frequency: 'monthly',
  periodStart: '2026-09-01',
  periodEnd: '2026-09-30',
  dueDate: '2026-10-12',
  status: 'overdue',
  currency: 'EUR',
  amountEur: '1234.50',
  amountLocal: '1234.50',
  filedOn: null,
  filingReference: null,
  deadlineExtension: null,
  deadlineRule: null,
  paymentDue: null,
  paidOn: null,
  annualSettlement: null,
  ...overrides,
});

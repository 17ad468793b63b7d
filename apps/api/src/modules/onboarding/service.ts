import type {
  AddressRequest,
  BusinessTypeRequest,
  CompanyDetails,
  CreateCompanyRequest,
  OnboardingResponse,
  ProductTypeRequest,
} from '@vatlas/contract';
import {
  type CompanyOnboardingFacts,
  checkLegalForm,
  checkPostcode,
  computeProgress,
  defaultStoredSteps,
  deriveStepStatuses,
  estimateMinutesLeft,
  findLegalForm,
  findNextOnboardingPath,
  isIsoCountryCode,
  isOnboardingComplete,
  isPlaceholderCity,
  isPlaceholderZip,
  restoreSteps,
} from '@vatlas/domain';
import type { Db } from '../../db/client';
import { companies, companyUsers, onboardingStates } from '../../db/schema';
import { HttpError } from '../../plugins/errors';
import { findCountryNumericId } from '../company/countries';
import { findCompanyById } from '../company/repository';
import { toCompanyDetails } from '../company/service';
import type { UserRecord } from '../user/repository';
import { findOnboardingState, findOnboardingStateForUpdate, saveOnboardingState, updateCompany } from './repository';

const STEP_TEXTS: Record<string, { title: string; description: string }> = {
  'account-creation': { title: 'Account', description: 'Your account and company' },
  'tax-assessment': { title: 'Tax assessment', description: 'Where you must register for VAT' },
  'business-details': { title: 'Business details', description: 'Legal form, address and profile' },
  jurisdictions: { title: 'Jurisdictions', description: 'The countries you register in' },
  'document-center': { title: 'Documents', description: 'Documents, power of attorney and integrations' },
};

/** 400 naming the field, in the same shape as the schema validation answers. */
const fieldError = (field: string, message: string) =>
  new HttpError(400, 'validation_error', 'The request is invalid.', [{ field, message }]);

const trimCode = (code: string | null) => code?.trim().toUpperCase() || null;

async function findCompanyOrFail(db: Db, companyId: string) {
  const company = await findCompanyById(db, companyId);
  if (!company) throw new HttpError(404, 'company_not_found', 'The company does not exist.');
  return company;
}

function toFacts(company: Awaited<ReturnType<typeof findCompanyOrFail>>): CompanyOnboardingFacts {
  return {
    legalNameOfBusiness: company.legalNameOfBusiness,
    establishmentCountryCode: trimCode(company.establishmentCountryCode),
    street: company.street,
    city: company.city,
    zipCode: company.zipCode,
    termsAndConditionsAccepted: company.termsAccepted,
  };
}

/** POST Company: the company, its owner and its onboarding state in one transaction. */
export async function createCompany(
  db: Db,
  user: UserRecord,
  tenantId: string,
  request: CreateCompanyRequest,
): Promise<CompanyDetails> {
  const created = await db.transaction(async (tx) => {
    // city/zip keep their column defaults TBD / 00000: the placeholders of spec §3 until the address is given.
    const [company] = await tx
      .insert(companies)
      .values({ tenantId, legalNameOfBusiness: request.legalNameOfBusiness })
      .returning();
    if (!company) throw new Error('The company could not be created.');
    await tx.insert(companyUsers).values({ companyId: company.id, userId: user.id, role: 'owner' });
    await tx.insert(onboardingStates).values({ companyId: company.id, steps: defaultStoredSteps() });
    return company;
  });
  return toCompanyDetails(created);
}

/** GET Company/{companyId}/Onboarding. */
export async function getOnboarding(db: Db, companyId: string): Promise<OnboardingResponse> {
  const company = await findCompanyOrFail(db, companyId);
  const state = await findOnboardingState(db, companyId);
  const facts = toFacts(company);
  const stored = restoreSteps(state?.steps ?? defaultStoredSteps());
  const steps = deriveStepStatuses(stored, facts);
  const countryCode = trimCode(company.establishmentCountryCode);
  return {
    companyId: company.id,
    steps: steps.map((step) => ({ ...step, ...(STEP_TEXTS[step.id] ?? { title: step.id, description: '' }) })),
    progress: computeProgress(stored, facts),
    estimatedMinutesLeft: estimateMinutesLeft(stored, facts),
    nextPath: findNextOnboardingPath(stored, facts) ?? null,
    isComplete: isOnboardingComplete(stored, facts),
    termsAndConditionsAccepted: company.termsAccepted,
    termsAcceptedAt: company.termsAcceptedAt?.toISOString() ?? null,
    businessType: {
      legalNameOfBusiness: company.legalNameOfBusiness,
      establishmentCountryCode: countryCode,
      companyType: (company.companyType as OnboardingResponse['businessType']['companyType']) ?? null,
      legalForm: company.legalStatus,
    },
    address: {
      street: company.street,
      houseNumber: company.houseNumber,
      zipCode: isPlaceholderZip(company.zipCode) ? null : company.zipCode,
      city: isPlaceholderCity(company.city) ? null : company.city,
      state: company.state,
    },
    productType: {
      productTypes: (state?.productTypes ?? []) as OnboardingResponse['productType']['productTypes'],
      salesChannels: (state?.salesChannels ?? []) as OnboardingResponse['productType']['salesChannels'],
      marketplaces: (state?.marketplaces ?? []) as OnboardingResponse['productType']['marketplaces'],
    },
  };
}

/** PUT BusinessType: name, country, type, a legal form of that country, and the terms (accepted once, kept). */
export async function saveBusinessType(db: Db, companyId: string, request: BusinessTypeRequest): Promise<void> {
  const company = await findCompanyOrFail(db, companyId);
  const country = request.establishmentCountryCode;
  if (!isIsoCountryCode(country)) throw fieldError('establishmentCountryCode', 'is not a known country');
  const problem = checkLegalForm(country, request.companyType, request.legalForm);
  if (problem === 'unknown-legal-form') throw fieldError('legalForm', `is not a legal form of ${country}`);
  if (problem === 'company-type-mismatch') throw fieldError('legalForm', 'does not match the company type');
  await updateCompany(db, companyId, businessTypeValues(request, company));
}

function businessTypeValues(request: BusinessTypeRequest, company: { termsAcceptedAt: Date | null }) {
  return {
    legalNameOfBusiness: request.legalNameOfBusiness,
    establishmentCountryCode: request.establishmentCountryCode,
    establishmentCountryId: findCountryNumericId(request.establishmentCountryCode),
    companyType: request.companyType,
    legalStatus: findLegalForm(request.establishmentCountryCode, request.legalForm)?.code ?? request.legalForm,
    termsAccepted: true,
    // The first acceptance is the one that counts legally; saving the page again does not move it.
    termsAcceptedAt: company.termsAcceptedAt ?? new Date(),
  };
}

/** PUT Address: the postcode is checked against the establishment country saved on the business-type page. */
export async function saveAddress(db: Db, companyId: string, request: AddressRequest): Promise<void> {
  const company = await findCompanyOrFail(db, companyId);
  const country = trimCode(company.establishmentCountryCode);
  const zipCode = request.zipCode.trim();
  const city = request.city.trim();
  if (isPlaceholderZip(zipCode)) throw fieldError('zipCode', 'is not a real postcode');
  const check = checkPostcode(country, zipCode);
  if (!check.isValid) {
    throw fieldError(
      'zipCode',
      check.reason === 'required' ? 'required' : `does not match the format of ${country}, e.g. ${check.example}`,
    );
  }
  if (isPlaceholderCity(city)) throw fieldError('city', 'is not a real city');
  await updateCompany(db, companyId, {
    street: request.street.trim(),
    houseNumber: request.houseNumber?.trim() || null,
    // Letters in postcodes (GB, NL, IE, MT…) are upper case by convention; digits are unaffected.
    zipCode: zipCode.toUpperCase(),
    city,
    state: request.state?.trim() || null,
  });
}

/**
 * PUT ProductType. The steps are written back as read, under the row's lock: a step change committed meanwhile (a
 * Navigate in another tab, a document completing its step) is read, not overwritten.
 */
export async function saveProductType(db: Db, companyId: string, request: ProductTypeRequest): Promise<void> {
  await findCompanyOrFail(db, companyId);
  await db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    const state = await findOnboardingStateForUpdate(txDb, companyId);
    await saveOnboardingState(txDb, companyId, {
      steps: state?.steps ?? defaultStoredSteps(),
      productTypes: [...new Set(request.productTypes)],
      salesChannels: [...new Set(request.salesChannels)],
      marketplaces: [...new Set(request.marketplaces ?? [])],
    });
  });
}

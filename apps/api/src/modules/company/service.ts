import type { CompanyDetails, CompanySummary } from '@vatlas/contract';
import { findLegalForm } from '@vatlas/domain';
import type { Db } from '../../db/client';
import { HttpError } from '../../plugins/errors';
import { findCountryName, findCountryNumericId } from './countries';
import { type CompanyRecord, findCompanyById } from './repository';

function trimCountryCode(code: string | null): string | null {
  // char(2) may come back padded on some drivers; the contract wants exactly two letters.
  const trimmed = code?.trim().toUpperCase();
  return trimmed ? trimmed : null;
}

function legalFormName(countryCode: string | null, code: string | null): string | null {
  if (!code) return null;
  return (countryCode ? findLegalForm(countryCode, code)?.name : undefined) ?? code;
}

export function toCompanySummary(company: CompanyRecord): CompanySummary {
  const countryCode = trimCountryCode(company.establishmentCountryCode);
  return {
    id: company.id,
    legalNameOfBusiness: company.legalNameOfBusiness,
    countryOfEstablishment: countryCode ? findCountryName(countryCode) : null,
    countryIdOfEstablishment:
      company.establishmentCountryId ?? (countryCode ? findCountryNumericId(countryCode) : null),
    countryCodeOfEstablishment: countryCode,
    // Stored as the stable code of the legal form; the summary shows the name people recognise ("GmbH").
    legalStatus: legalFormName(countryCode, company.legalStatus),
    companyStatus: company.status,
    serviceType: company.serviceType,
    profile: company.profile,
    isRealTimeReportingCompany: company.isRealTimeReporting,
    subscriptionCountries: company.subscriptionCountryCodes.map(findCountryName),
    subscriptionCountryCodes: company.subscriptionCountryCodes,
    termsAndConditionsAccepted: company.termsAccepted,
  };
}

export function toCompanyDetails(company: CompanyRecord): CompanyDetails {
  return {
    companyId: company.id,
    // The legacy client distinguishes two ids; Vatlas has one, so both carry it.
    companyObjectId: company.id,
    legalNameOfBusiness: company.legalNameOfBusiness,
    legalStatusId: company.legalStatusId,
    companyType: company.companyType,
    establishmentCountryId: company.establishmentCountryId,
    establishmentCountryCode: trimCountryCode(company.establishmentCountryCode),
    zipCode: company.zipCode,
    state: company.state,
    city: company.city,
    street: company.street,
    houseNumber: company.houseNumber,
    vatNumber: company.vatNumber,
    status: company.status,
    subscriptionDate: company.subscriptionDate,
    incorporationDate: company.incorporationDate,
    incorporationNumber: company.incorporationNumber,
  };
}

/** Membership is checked by the company guard before this runs. */
export async function getCompanyDetails(db: Db, companyId: string): Promise<CompanyDetails> {
  const company = await findCompanyById(db, companyId);
  if (!company) throw new HttpError(404, 'company_not_found', 'The company does not exist.');
  return toCompanyDetails(company);
}

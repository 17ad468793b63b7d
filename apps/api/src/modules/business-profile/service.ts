import type {
  BankAccountRequest,
  BankAccountResponse,
  BusinessDetailsRequest,
  BusinessDetailsResponse,
  LegalRepresentativeRequest,
  LegalRepresentativeResponse,
} from '@vatlas/contract';
import {
  isBicCountryConsistent,
  todayIsoDate,
  validateBankAccount,
  validateBusinessDetails,
  validateLegalRepresentative,
} from '@vatlas/domain';
import type { Db } from '../../db/client';
import { HttpError, invalidFields } from '../../plugins/errors';
import {
  type BankAccountRecord,
  type BusinessDetailsRecord,
  findBankAccount,
  findBusinessDetails,
  findLegalRepresentative,
  type LegalRepresentativeRecord,
  saveBankAccount,
  saveBusinessDetails,
  saveLegalRepresentative,
} from './repository';

/*
 * The business profile of a company. Membership is checked by the company guard before any of this runs. The rules
 * are @vatlas/domain's, the same the SPA's forms run; a failure answers 400 with one detail per field and nothing is
 * written. The values are personal data (name, birth date, identity document, IBAN): they are never logged.
 */

const trimCountry = (code: string | null): string | null => code?.trim().toUpperCase() || null;

function toLegalRepresentativeResponse(row: LegalRepresentativeRecord | undefined): LegalRepresentativeResponse {
  return {
    firstName: row?.firstName ?? null,
    lastName: row?.lastName ?? null,
    dateOfBirth: row?.dateOfBirth ?? null,
    nationality: trimCountry(row?.nationality ?? null),
    idDocumentType:
      row?.idDocumentType === 'passport' || row?.idDocumentType === 'national-id-card' ? row.idDocumentType : null,
    idDocumentNumber: row?.idDocumentNumber ?? null,
    idDocumentExpiry: row?.idDocumentExpiry ?? null,
    updatedAt: row?.updatedAt.toISOString() ?? null,
  };
}

export async function getLegalRepresentative(db: Db, companyId: string): Promise<LegalRepresentativeResponse> {
  return toLegalRepresentativeResponse(await findLegalRepresentative(db, companyId));
}

export async function putLegalRepresentative(
  db: Db,
  companyId: string,
  request: LegalRepresentativeRequest,
  today: string = todayIsoDate(),
): Promise<LegalRepresentativeResponse> {
  const result = validateLegalRepresentative(request, today);
  if (!result.isValid) throw invalidFields(result.issues);
  return toLegalRepresentativeResponse(await saveLegalRepresentative(db, companyId, result.value));
}

function toBusinessDetailsResponse(row: BusinessDetailsRecord): BusinessDetailsResponse {
  return {
    legalNameOfBusiness: row.legalNameOfBusiness,
    legalForm: row.legalStatus,
    incorporationNumber: row.incorporationNumber,
    incorporationDate: row.incorporationDate,
    vatNumber: row.vatNumber,
    establishmentCountryCode: trimCountry(row.establishmentCountryCode),
    companyType: row.companyType,
  };
}

const companyNotFound = () => new HttpError(404, 'company_not_found', 'The company does not exist.');

export async function getBusinessDetails(db: Db, companyId: string): Promise<BusinessDetailsResponse> {
  const row = await findBusinessDetails(db, companyId);
  if (!row) throw companyNotFound();
  return toBusinessDetailsResponse(row);
}

export async function putBusinessDetails(
  db: Db,
  companyId: string,
  request: BusinessDetailsRequest,
  today: string = todayIsoDate(),
): Promise<BusinessDetailsResponse> {
  const current = await findBusinessDetails(db, companyId);
  if (!current) throw companyNotFound();
  const result = validateBusinessDetails(request, {
    establishmentCountryCode: trimCountry(current.establishmentCountryCode),
    today,
  });
  if (!result.isValid) throw invalidFields(result.issues);
  const { legalForm, ...rest } = result.value;
  const saved = await saveBusinessDetails(db, companyId, { ...rest, legalStatus: legalForm });
  if (!saved) throw companyNotFound();
  return toBusinessDetailsResponse(saved);
}

function toBankAccountResponse(row: BankAccountRecord | undefined): BankAccountResponse {
  if (!row) return { accountHolder: null, iban: null, bic: null, warnings: [], updatedAt: null };
  const ibanCountry = row.iban.slice(0, 2);
  const bicCountry = row.bic.slice(4, 6);
  return {
    accountHolder: row.accountHolder,
    iban: row.iban,
    bic: row.bic,
    // Recomputed on every read, so a page reloaded after saving still shows the warning.
    warnings: isBicCountryConsistent(ibanCountry, bicCountry)
      ? []
      : [{ code: 'bicCountryMismatch', params: { ibanCountry, bicCountry } }],
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function getBankAccount(db: Db, companyId: string): Promise<BankAccountResponse> {
  return toBankAccountResponse(await findBankAccount(db, companyId));
}

export async function putBankAccount(
  db: Db,
  companyId: string,
  request: BankAccountRequest,
): Promise<BankAccountResponse> {
  const result = validateBankAccount(request);
  if (!result.isValid) throw invalidFields(result.issues);
  return toBankAccountResponse(await saveBankAccount(db, companyId, result.value));
}

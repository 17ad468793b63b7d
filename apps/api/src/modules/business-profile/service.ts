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
import { lockUntilCommit } from '../../db/advisory-locks';
import type { Db } from '../../db/client';
import { HttpError, invalidFields, refuseStaleRevision } from '../../plugins/errors';
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

/** The records of the business profile, as a refused save names them. */
const RECORD_NAMES = {
  legalRepresentative: "The company's legal representative",
  businessDetails: "The company's business details",
  bankAccount: "The company's bank account",
} as const;

/**
 * Writes one record of the profile in a transaction, once its stored revision is the one the form was filled from
 * (decision 052; none expected: whatever is stored). Under the company's lock of that record, since a record not saved
 * yet has no row to lock: of two saves from one form at once, one is stored and the other refused.
 */
async function saveUnlessChanged<T>(
  db: Db,
  companyId: string,
  record: keyof typeof RECORD_NAMES,
  save: {
    expected: string | undefined;
    read: (db: Db) => Promise<{ revision: string } | undefined>;
    write: (db: Db) => Promise<T>;
  },
): Promise<T> {
  return db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    await lockUntilCommit(txDb, 'businessProfile', `${companyId}/${record}`);
    refuseStaleRevision(save.expected, (await save.read(txDb))?.revision ?? '', RECORD_NAMES[record]);
    return save.write(txDb);
  });
}

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
    revision: row?.revision ?? '',
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
  const saved = await saveUnlessChanged(db, companyId, 'legalRepresentative', {
    expected: request.revision,
    read: (txDb) => findLegalRepresentative(txDb, companyId),
    write: (txDb) => saveLegalRepresentative(txDb, companyId, result.value),
  });
  return toLegalRepresentativeResponse(saved);
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
    revision: row.revision,
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
  const saved = await saveUnlessChanged(db, companyId, 'businessDetails', {
    expected: request.revision,
    read: (txDb) => findBusinessDetails(txDb, companyId),
    write: (txDb) => saveBusinessDetails(txDb, companyId, { ...rest, legalStatus: legalForm }),
  });
  if (!saved) throw companyNotFound();
  return toBusinessDetailsResponse(saved);
}

function toBankAccountResponse(row: BankAccountRecord | undefined): BankAccountResponse {
  if (!row) return { accountHolder: null, iban: null, bic: null, warnings: [], updatedAt: null, revision: '' };
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
    revision: row.revision,
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
  const saved = await saveUnlessChanged(db, companyId, 'bankAccount', {
    expected: request.revision,
    read: (txDb) => findBankAccount(txDb, companyId),
    write: (txDb) => saveBankAccount(txDb, companyId, result.value),
  });
  return toBankAccountResponse(saved);
}

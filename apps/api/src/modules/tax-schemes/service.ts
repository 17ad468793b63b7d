import type {
  JurisdictionRegistrationDto,
  MissingRegistration,
  TaxRegistrationsResponse,
  TaxSchemeRegistration,
  TaxSchemes,
  TaxSchemesResponse,
  UpdateJurisdictionRegistrationBody,
} from '@vatlas/contract';
import {
  deadlineExtensionOf,
  findVatNumberFormat,
  frequencyRecordOf,
  quarterStaggersOf,
  REGISTRATION_STATUSES,
  type RegistrationStatus,
  registrationSpanIssue,
  returnFrequenciesOf,
  validateJurisdictionRegistration,
} from '@vatlas/domain';
import { lockUntilCommit } from '../../db/advisory-locks';
import type { Db } from '../../db/client';
import { HttpError, invalidFields, refuseStaleRevision } from '../../plugins/errors';
import { recomputeTaxPosition } from '../tax-position/service';
import {
  deleteTaxScheme,
  findJurisdictionRow,
  frequencyRecordOfRow,
  type JurisdictionRecord,
  listJurisdictionRows,
  listLocalDeclarationCountries,
  listTaxSchemeRows,
  type TaxSchemeKind,
  type TaxSchemeRecord,
  toReturnFrequency,
  updateJurisdictionRow,
  upsertTaxScheme,
} from './repository';

function toRegistration(row: TaxSchemeRecord | undefined): TaxSchemeRegistration | null {
  if (!row) return null;
  return {
    memberState: row.memberState,
    effectiveFrom: row.effectiveFrom,
    identificationNumber: row.identificationNumber,
  };
}

/** The revision of the pair: each stored row's, by scheme; a removed or added scheme changes it too. */
const schemesRevisionOf = (rows: readonly TaxSchemeRecord[]): string =>
  rows.map((row) => `${row.scheme}:${row.revision}`).join(' ');

function toTaxSchemes(rows: readonly TaxSchemeRecord[]): TaxSchemesResponse {
  return {
    oss: toRegistration(rows.find((row) => row.scheme === 'oss')),
    ioss: toRegistration(rows.find((row) => row.scheme === 'ioss')),
    revision: schemesRevisionOf(rows),
  };
}

export async function getTaxSchemes(db: Db, companyId: string): Promise<TaxSchemesResponse> {
  return toTaxSchemes(await listTaxSchemeRows(db, companyId));
}

/**
 * Replaces both registrations (null removes one) and recomputes the tax position in the same transaction: whether a
 * distance sale is declared through OSS or locally depends on them, so the stored liabilities must follow at once.
 * 409 when `revision` is not the stored pair's (decision 052), and nothing is written.
 */
export async function saveTaxSchemes(db: Db, companyId: string, schemes: TaxSchemes): Promise<TaxSchemesResponse> {
  await db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    await lockUntilCommit(txDb, 'taxSchemes', companyId);
    refuseStaleRevision(
      schemes.revision,
      schemesRevisionOf(await listTaxSchemeRows(txDb, companyId)),
      "The company's OSS and IOSS registrations",
    );
    for (const scheme of ['oss', 'ioss'] as const satisfies readonly TaxSchemeKind[]) {
      const registration = schemes[scheme];
      if (registration === null) await deleteTaxScheme(txDb, companyId, scheme);
      else await upsertTaxScheme(txDb, { companyId, scheme, ...registration });
    }
    await recomputeTaxPosition(txDb, companyId);
  });
  return getTaxSchemes(db, companyId);
}

const toRegistrationStatus = (value: string): RegistrationStatus =>
  (REGISTRATION_STATUSES as readonly string[]).includes(value) ? (value as RegistrationStatus) : 'not-registered';

function toJurisdictionRegistration(row: JurisdictionRecord): JurisdictionRegistrationDto {
  const countryCode = row.countryCode.trim();
  const frequencies = returnFrequenciesOf(countryCode);
  const [defaultFrequency = 'quarterly'] = frequencies;
  return {
    countryCode,
    registrationStatus: toRegistrationStatus(row.registrationStatus),
    vatNumber: row.vatNumber,
    filingFrequency: toReturnFrequency(row.filingFrequency),
    filingFrequencyFrom: row.filingFrequencyFrom,
    previousFilingFrequency: toReturnFrequency(row.previousFilingFrequency),
    registeredFrom: row.registeredFrom,
    registeredUntil: row.registeredUntil,
    hasDeadlineExtension: row.hasDeadlineExtension,
    deadlineExtension: deadlineExtensionOf(countryCode) ?? null,
    vatStagger: row.vatStagger,
    vatStaggers: [...quarterStaggersOf(countryCode)],
    defaultFrequency,
    frequencies: [...frequencies],
    vatNumberExample: findVatNumberFormat(countryCode)?.example ?? null,
    updatedAt: row.updatedAt.toISOString(),
    revision: row.revision,
  };
}

/**
 * The registrations, and where the stored tax position says one is missing: a country with local declarations whose
 * jurisdiction was not chosen or is not registered yet (a transfer of own goods into a new warehouse country, say), or
 * registered only from a day after a whole month of them, or until a day before one.
 */
export async function getTaxRegistrations(db: Db, companyId: string): Promise<TaxRegistrationsResponse> {
  const jurisdictions = (await listJurisdictionRows(db, companyId)).map(toJurisdictionRegistration);
  const chosen = new Map(jurisdictions.map((item) => [item.countryCode, item]));
  const missingRegistrations = (await listLocalDeclarationCountries(db, companyId)).flatMap(
    ({ lastMonth, ...row }): MissingRegistration[] => {
      const registration = chosen.get(row.countryCode);
      if (registration?.registrationStatus !== 'registered') {
        return [{ ...row, registration: registration?.registrationStatus ?? 'not-chosen' }];
      }
      // Registered, but from a day after a whole month of declarations, or until a day before one: those months have
      // no return to go in.
      const { registeredFrom, registeredUntil } = registration;
      if (registeredFrom !== null && registeredFrom.slice(0, 7) > row.since.slice(0, 7)) {
        return [{ ...row, registration: 'registered-later', registeredFrom }];
      }
      if (registeredUntil !== null && registeredUntil.slice(0, 7) < lastMonth.slice(0, 7)) {
        return [{ ...row, registration: 'registration-ended', registeredUntil }];
      }
      return [];
    },
  );
  return { jurisdictions, missingRegistrations };
}

/**
 * Sets the company's registration in one of its jurisdictions and recomputes the tax position in the same
 * transaction: the filings follow the frequency, the stagger, the first and last days and the deadline extension, and
 * the EC Sales List's transfers of own goods carry the VAT number.
 * 400 with one detail per field when a rule fails; 404 when the company did not choose the jurisdiction. Nothing is
 * written unless all of it is.
 */
export async function putJurisdictionRegistration(
  db: Db,
  companyId: string,
  countryCode: string,
  body: UpdateJurisdictionRegistrationBody,
): Promise<JurisdictionRegistrationDto> {
  const country = countryCode.toUpperCase();
  const result = validateJurisdictionRegistration(body, country);
  if (!result.isValid) throw invalidFields(result.issues);
  const saved = await db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    const stored = await findJurisdictionRow(txDb, companyId, country, { lock: 'update' });
    if (!stored) return undefined;
    // The frequency history is derived from the stored registration: from the one the form was filled from only.
    refuseStaleRevision(body.revision, stored.revision, `The registration in ${country}`);
    // Absent (an older client): the stored stagger stays.
    const vatStagger = body.vatStagger === undefined ? stored.vatStagger : body.vatStagger;
    const record = frequencyRecordOf(
      body.filingFrequencyFrom,
      result.value.filingFrequency,
      frequencyRecordOfRow(stored),
      country,
      vatStagger,
    );
    if (!record.isValid) throw invalidFields(record.issues);
    // Absent (an older client): the stored grant and days stay.
    const registeredFrom = body.registeredFrom === undefined ? stored.registeredFrom : body.registeredFrom;
    const registeredUntil = body.registeredUntil === undefined ? stored.registeredUntil : body.registeredUntil;
    const span = registrationSpanIssue(registeredFrom, registeredUntil);
    if (span) throw invalidFields([span]);
    const row = await updateJurisdictionRow(txDb, companyId, country, {
      ...result.value,
      previousFilingFrequency: record.value.before,
      filingFrequencyFrom: record.value.from,
      hasDeadlineExtension: body.hasDeadlineExtension ?? stored.hasDeadlineExtension,
      registeredFrom,
      registeredUntil,
      vatStagger,
    });
    if (row) await recomputeTaxPosition(txDb, companyId);
    return row;
  });
  if (!saved) {
    throw new HttpError(
      404,
      'jurisdiction_not_chosen',
      `${country} is not one of the company's jurisdictions; choose it among the jurisdictions first.`,
    );
  }
  return toJurisdictionRegistration(saved);
}

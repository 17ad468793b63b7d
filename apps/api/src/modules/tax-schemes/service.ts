import type { TaxSchemeRegistration, TaxSchemes } from '@vatlas/contract';
import type { Db } from '../../db/client';
import { recomputeTaxPosition } from '../tax-position/service';
import {
  deleteTaxScheme,
  listTaxSchemeRows,
  type TaxSchemeKind,
  type TaxSchemeRecord,
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

export async function getTaxSchemes(db: Db, companyId: string): Promise<TaxSchemes> {
  const rows = await listTaxSchemeRows(db, companyId);
  return {
    oss: toRegistration(rows.find((row) => row.scheme === 'oss')),
    ioss: toRegistration(rows.find((row) => row.scheme === 'ioss')),
  };
}

/**
 * Replaces both registrations (null removes one) and recomputes the tax position in the same transaction: whether a
 * distance sale is declared through OSS or locally depends on them, so the stored liabilities must follow at once.
 */
export async function saveTaxSchemes(db: Db, companyId: string, schemes: TaxSchemes): Promise<TaxSchemes> {
  await db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    for (const scheme of ['oss', 'ioss'] as const satisfies readonly TaxSchemeKind[]) {
      const registration = schemes[scheme];
      if (registration === null) await deleteTaxScheme(txDb, companyId, scheme);
      else await upsertTaxScheme(txDb, { companyId, scheme, ...registration });
    }
    await recomputeTaxPosition(txDb, companyId);
  });
  return getTaxSchemes(db, companyId);
}

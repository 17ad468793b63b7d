import { apiPaths } from '@vatlas/contract';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { companyJurisdictions, powerOfAttorneySignatures } from '../../db/schema';
import { expectCompanyScoped, type MatrixEntry, withToken } from '../../test/authorization-matrix';
import { createTestConfig } from '../../test/test-app';
import { createTestPdf } from '../documents/document-test-kit';
import { createFileStorage, createStorageKey } from '../storage/file-storage';

const storage = createFileStorage(createTestConfig());

/** Each entry works on its own country, so the entries never depend on each other's order. */
async function selectJurisdiction(db: Db, companyId: string, countryCode: string): Promise<void> {
  await db.insert(companyJurisdictions).values({ companyId, countryCode, source: 'user' }).onConflictDoNothing();
}

async function ensureSigned(db: Db, companyId: string, countryCode: string): Promise<void> {
  await selectJurisdiction(db, companyId, countryCode);
  const signedStorageKey = createStorageKey();
  await storage.put(signedStorageKey, await createTestPdf('signed'));
  await db
    .insert(powerOfAttorneySignatures)
    .values({
      companyId,
      countryCode,
      documentSha256: '0'.repeat(64),
      signedStorageKey,
      signedSha256: '0'.repeat(64),
      signerName: 'Matrix Signer',
      signatureKind: 'typed',
      ipAddress: '127.0.0.1',
    })
    .onConflictDoNothing();
}

async function ensureUnsigned(db: Db, companyId: string, countryCode: string): Promise<void> {
  await selectJurisdiction(db, companyId, countryCode);
  await db
    .update(powerOfAttorneySignatures)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(powerOfAttorneySignatures.companyId, companyId),
        eq(powerOfAttorneySignatures.countryCode, countryCode),
        isNull(powerOfAttorneySignatures.revokedAt),
      ),
    );
}

export const matrixEntries: MatrixEntry[] = [
  {
    route: 'GET /api/v1/Registration/:companyId/PowerOfAttorney',
    scope: 'company',
    build: (context) => withToken(context, { method: 'GET', url: apiPaths.powersOfAttorney(context.companyId) }),
    expected: expectCompanyScoped(200),
  },
  {
    route: 'GET /api/v1/Registration/:companyId/PowerOfAttorney/:countryCode/Document',
    scope: 'company',
    build: async (context) => {
      await selectJurisdiction(context.db, context.companyId, 'ES');
      return withToken(context, { method: 'GET', url: apiPaths.powerOfAttorneyDocument(context.companyId, 'ES') });
    },
    expected: expectCompanyScoped(200),
  },
  {
    route: 'POST /api/v1/Registration/:companyId/PowerOfAttorney/:countryCode/Sign',
    scope: 'company',
    build: async (context) => {
      await ensureUnsigned(context.db, context.companyId, 'FR');
      return withToken(context, {
        method: 'POST',
        url: apiPaths.signPowerOfAttorney(context.companyId, 'FR'),
        payload: { signatureKind: 'typed', typedName: 'Matrix Signer' },
      });
    },
    expected: expectCompanyScoped(201),
  },
  {
    route: 'GET /api/v1/Registration/:companyId/PowerOfAttorney/:countryCode/Signed',
    scope: 'company',
    build: async (context) => {
      await ensureSigned(context.db, context.companyId, 'DE');
      return withToken(context, { method: 'GET', url: apiPaths.signedPowerOfAttorney(context.companyId, 'DE') });
    },
    expected: expectCompanyScoped(200),
  },
  {
    route: 'POST /api/v1/Registration/:companyId/PowerOfAttorney/:countryCode/Revoke',
    scope: 'company',
    build: async (context) => {
      await ensureSigned(context.db, context.companyId, 'IT');
      return withToken(context, { method: 'POST', url: apiPaths.revokePowerOfAttorney(context.companyId, 'IT') });
    },
    expected: expectCompanyScoped(200),
  },
];

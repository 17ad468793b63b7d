import { apiPaths } from '@vatlas/contract';
import type { Db } from '../../db/client';
import { documents } from '../../db/schema';
import { expectCompanyScoped, type MatrixEntry, withToken } from '../../test/authorization-matrix';
import { createTestConfig } from '../../test/test-app';
import { createFileStorage, createStorageKey } from '../storage/file-storage';
import { buildMultipart, createTestPdf } from './document-test-kit';

/** The storage the test app falls back to (no fileStorage in its deps), so a row here has its file there. */
const storage = createFileStorage(createTestConfig());

async function createStoredDocument(db: Db, companyId: string): Promise<string> {
  const bytes = await createTestPdf();
  const storageKey = createStorageKey();
  await storage.put(storageKey, bytes);
  const [row] = await db
    .insert(documents)
    .values({
      companyId,
      documentType: 'other',
      fileName: 'matrix.pdf',
      contentType: 'application/pdf',
      sizeBytes: bytes.length,
      sha256: '0'.repeat(64),
      storageKey,
    })
    .returning();
  if (!row) throw new Error('no document row');
  return row.id;
}

export const matrixEntries: MatrixEntry[] = [
  {
    route: 'POST /api/v1/Company/:companyId/Documents',
    scope: 'company',
    build: async (context) => {
      const body = buildMultipart({ documentType: 'other' }, [
        { fileName: 'matrix.pdf', contentType: 'application/pdf', bytes: await createTestPdf() },
      ]);
      return withToken(context, { method: 'POST', url: apiPaths.documents(context.companyId), ...body });
    },
    expected: expectCompanyScoped(201),
  },
  {
    route: 'GET /api/v1/Company/:companyId/Documents',
    scope: 'company',
    build: (context) => withToken(context, { method: 'GET', url: apiPaths.documents(context.companyId) }),
    expected: expectCompanyScoped(200),
  },
  {
    route: 'GET /api/v1/Company/:companyId/Documents/Checklist',
    scope: 'company',
    build: (context) => withToken(context, { method: 'GET', url: apiPaths.documentChecklist(context.companyId) }),
    expected: expectCompanyScoped(200),
  },
  {
    route: 'GET /api/v1/Company/:companyId/Documents/:documentId/Content',
    scope: 'company',
    build: async (context) => {
      const documentId = await createStoredDocument(context.db, context.companyId);
      return withToken(context, { method: 'GET', url: apiPaths.documentContent(context.companyId, documentId) });
    },
    expected: expectCompanyScoped(200),
  },
  {
    route: 'DELETE /api/v1/Company/:companyId/Documents/:documentId',
    scope: 'company',
    build: async (context) => {
      const documentId = await createStoredDocument(context.db, context.companyId);
      return withToken(context, { method: 'DELETE', url: apiPaths.document(context.companyId, documentId) });
    },
    expected: expectCompanyScoped(204),
  },
];

import { randomBytes, randomUUID } from 'node:crypto';
import { apiPaths } from '@vatlas/contract';
import type { Db } from '../../db/client';
import { columnMappings, transactionUploads } from '../../db/schema';
import { expectCompanyScoped, type MatrixEntry, withToken } from '../../test/authorization-matrix';
import { buildMultipart } from '../documents/document-test-kit';

const MAPPING = {
  transactionId: 'Invoice',
  date: 'Date',
  dateFormat: 'YYYY-MM-DD',
  arrivalCountry: { column: 'Country' },
  currency: { value: 'EUR' },
  netAmount: 'Net',
  grossAmount: 'Gross',
};

/** An upload row as the worker leaves it; its file is absent, which a delete tolerates. */
async function createUploadRow(db: Db, companyId: string, status: string): Promise<string> {
  const [row] = await db
    .insert(transactionUploads)
    .values({
      companyId,
      sourceFormat: 'amazon-vtr',
      fileName: 'matrix.txt',
      storageKey: randomUUID(),
      sha256: randomBytes(32).toString('hex'),
      sizeBytes: '10',
      status,
    })
    .returning();
  if (!row) throw new Error('no upload row');
  return row.id;
}

async function createMapping(db: Db, companyId: string): Promise<string> {
  const name = `matrix-${randomUUID().slice(0, 8)}`;
  await db.insert(columnMappings).values({ companyId, name, mapping: MAPPING });
  return name;
}

export const matrixEntries: MatrixEntry[] = [
  {
    route: 'POST /api/v1/TransactionUpload/:companyId',
    scope: 'company',
    build: (context) => {
      // Different bytes each time: the same file twice would be a duplicate (409).
      const body = buildMultipart({ format: 'amazon-vtr' }, [
        { fileName: 'matrix.txt', contentType: 'text/plain', bytes: randomBytes(64) },
      ]);
      return withToken(context, { method: 'POST', url: apiPaths.transactionUploads(context.companyId), ...body });
    },
    expected: expectCompanyScoped(202),
  },
  {
    route: 'GET /api/v1/TransactionUpload/:companyId',
    scope: 'company',
    build: (context) => withToken(context, { method: 'GET', url: apiPaths.transactionUploads(context.companyId) }),
    expected: expectCompanyScoped(200),
  },
  {
    route: 'GET /api/v1/TransactionUpload/:companyId/:uploadId',
    scope: 'company',
    build: async (context) => {
      const uploadId = await createUploadRow(context.db, context.companyId, 'completed');
      return withToken(context, { method: 'GET', url: apiPaths.transactionUpload(context.companyId, uploadId) });
    },
    expected: expectCompanyScoped(200),
  },
  {
    route: 'POST /api/v1/TransactionUpload/:companyId/:uploadId/Cancel',
    scope: 'company',
    build: async (context) => {
      const uploadId = await createUploadRow(context.db, context.companyId, 'queued');
      return withToken(context, {
        method: 'POST',
        url: apiPaths.cancelTransactionUpload(context.companyId, uploadId),
      });
    },
    expected: expectCompanyScoped(200),
  },
  {
    route: 'POST /api/v1/TransactionUpload/:companyId/:uploadId/Confirm',
    scope: 'company',
    build: async (context) => {
      const uploadId = await createUploadRow(context.db, context.companyId, 'validated');
      return withToken(context, {
        method: 'POST',
        url: apiPaths.confirmTransactionUpload(context.companyId, uploadId),
      });
    },
    expected: expectCompanyScoped(200),
  },
  {
    route: 'POST /api/v1/TransactionUpload/:companyId/:uploadId/Rerun',
    scope: 'company',
    build: async (context) => {
      const uploadId = await createUploadRow(context.db, context.companyId, 'failed');
      return withToken(context, {
        method: 'POST',
        url: apiPaths.rerunTransactionUpload(context.companyId, uploadId),
      });
    },
    expected: expectCompanyScoped(200),
  },
  {
    route: 'DELETE /api/v1/TransactionUpload/:companyId/:uploadId',
    scope: 'company',
    build: async (context) => {
      const uploadId = await createUploadRow(context.db, context.companyId, 'failed');
      return withToken(context, { method: 'DELETE', url: apiPaths.transactionUpload(context.companyId, uploadId) });
    },
    expected: expectCompanyScoped(204),
  },
  {
    route: 'GET /api/v1/TransactionUpload/:companyId/:uploadId/Problems',
    scope: 'company',
    build: async (context) => {
      const uploadId = await createUploadRow(context.db, context.companyId, 'failed');
      return withToken(context, {
        method: 'GET',
        url: apiPaths.transactionUploadProblems(context.companyId, uploadId),
      });
    },
    expected: expectCompanyScoped(200),
  },
  {
    route: 'GET /api/v1/TransactionUpload/:companyId/:uploadId/Problems.csv',
    scope: 'company',
    build: async (context) => {
      const uploadId = await createUploadRow(context.db, context.companyId, 'failed');
      return withToken(context, {
        method: 'GET',
        url: apiPaths.transactionUploadProblemsCsv(context.companyId, uploadId),
      });
    },
    expected: expectCompanyScoped(200),
  },
  {
    route: 'GET /api/v1/TransactionUpload/:companyId/ColumnMappings',
    scope: 'company',
    build: (context) => withToken(context, { method: 'GET', url: apiPaths.columnMappings(context.companyId) }),
    expected: expectCompanyScoped(200),
  },
  {
    route: 'GET /api/v1/TransactionUpload/:companyId/ColumnMappings/:mapping',
    scope: 'company',
    build: async (context) => {
      const name = await createMapping(context.db, context.companyId);
      return withToken(context, { method: 'GET', url: apiPaths.columnMapping(context.companyId, name) });
    },
    expected: expectCompanyScoped(200),
  },
  {
    route: 'PUT /api/v1/TransactionUpload/:companyId/ColumnMappings/:mapping',
    scope: 'company',
    build: (context) =>
      withToken(context, {
        method: 'PUT',
        url: apiPaths.columnMapping(context.companyId, 'matrix'),
        payload: { mapping: MAPPING },
      }),
    expected: expectCompanyScoped(200),
  },
  {
    route: 'DELETE /api/v1/TransactionUpload/:companyId/ColumnMappings/:mapping',
    scope: 'company',
    build: async (context) => {
      const name = await createMapping(context.db, context.companyId);
      return withToken(context, { method: 'DELETE', url: apiPaths.columnMapping(context.companyId, name) });
    },
    expected: expectCompanyScoped(204),
  },
];

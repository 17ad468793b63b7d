import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  DOCUMENT_CONTENT_TYPES,
  type DocumentUploadFields,
  documentContentTypeSchema,
  type StoredDocument,
} from '@vatlas/contract';
import { fileTypeFromBuffer } from 'file-type';
import type { Db } from '../../db/client';
import { HttpError } from '../../plugins/errors';
import { recordAuditEvent } from '../audit/repository';
import { createStorageKey, FileNotFoundError, type FileStorage } from '../storage/file-storage';
import { completeDocumentCenterIfReady } from './checklist';
import {
  type DocumentRecord,
  deleteDocumentRow,
  findDocument,
  insertDocument,
  listDocumentsOfCompany,
} from './repository';

export type DocumentDeps = { db: Db; storage: FileStorage };

const EXTENSION_BY_TYPE: Record<(typeof DOCUMENT_CONTENT_TYPES)[number], string> = {
  'application/pdf': 'pdf',
  'image/png': 'png',
  'image/jpeg': 'jpg',
};

export function toDocumentAnswer(row: DocumentRecord): StoredDocument {
  return {
    id: row.id,
    documentType: row.documentType as StoredDocument['documentType'],
    countryCode: row.countryCode,
    fileName: row.fileName,
    contentType: documentContentTypeSchema.parse(row.contentType),
    sizeBytes: row.sizeBytes,
    sha256: row.sha256,
    uploadedAt: row.uploadedAt.toISOString(),
  };
}

/** The type the bytes say they are, or null: names and the browser's Content-Type are claims, not facts. */
export async function detectDocumentContentType(
  bytes: Uint8Array,
): Promise<(typeof DOCUMENT_CONTENT_TYPES)[number] | null> {
  const detected = await fileTypeFromBuffer(bytes);
  const mime = detected?.mime;
  return (DOCUMENT_CONTENT_TYPES as readonly string[]).includes(mime ?? '')
    ? (mime as (typeof DOCUMENT_CONTENT_TYPES)[number])
    : null;
}

/**
 * A display name only (files are stored under uuids): no folders, no control characters, bounded, and with the
 * extension of what the file really is, so "scan.pdf" holding a PNG downloads as "scan.png" and opens.
 */
export function toSafeFileName(original: string | undefined, contentType: (typeof DOCUMENT_CONTENT_TYPES)[number]) {
  const base = (original ?? '').split(/[\\/]/).pop() ?? '';
  const cleaned = base
    .normalize('NFC')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point.
    .replace(/[\u0000-\u001f\u007f"<>|*?:]/g, '')
    .trim();
  const stem = cleaned.replace(/\.[^.]*$/, '').slice(0, 150) || 'document';
  return `${stem}.${EXTENSION_BY_TYPE[contentType]}`;
}

export async function uploadDocument(
  deps: DocumentDeps,
  input: {
    companyId: string;
    userId: string;
    fields: DocumentUploadFields;
    fileName: string | undefined;
    bytes: Buffer;
  },
): Promise<StoredDocument> {
  const contentType = await detectDocumentContentType(input.bytes);
  if (!contentType) {
    throw new HttpError(400, 'validation_error', 'The file must be a PDF, PNG or JPEG.', [
      { field: 'file', message: 'must be a PDF, PNG or JPEG (checked from its content, not its name)' },
    ]);
  }
  const storageKey = createStorageKey();
  await deps.storage.put(storageKey, input.bytes);
  try {
    // One transaction: the row and the step it may complete are saved together or not at all.
    const row = await deps.db.transaction(async (tx) => {
      const txDb = tx as unknown as Db;
      const inserted = await insertDocument(txDb, {
        companyId: input.companyId,
        documentType: input.fields.documentType,
        countryCode: input.fields.countryCode ?? null,
        fileName: toSafeFileName(input.fileName, contentType),
        contentType,
        sizeBytes: input.bytes.length,
        sha256: createHash('sha256').update(input.bytes).digest('hex'),
        storageKey,
        uploadedBy: input.userId,
      });
      await completeDocumentCenterIfReady(txDb, input.companyId);
      return inserted;
    });
    return toDocumentAnswer(row);
  } catch (error) {
    // No row, no file: an orphan in storage would be personal data nobody can see or delete.
    await deps.storage.delete(storageKey).catch(() => undefined);
    throw error;
  }
}

export async function listDocuments(db: Db, companyId: string): Promise<StoredDocument[]> {
  return (await listDocumentsOfCompany(db, companyId)).map(toDocumentAnswer);
}

const documentNotFound = () => new HttpError(404, 'document_not_found', 'There is no such document in this company.');

/** The stored file of a document, for download; the download is audited once the file is found. */
export async function openDocument(
  deps: DocumentDeps,
  input: { companyId: string; documentId: string; userId: string },
): Promise<{ document: StoredDocument; content: Readable }> {
  const row = await findDocument(deps.db, input.companyId, input.documentId);
  if (!row) throw documentNotFound();
  try {
    const content = await deps.storage.get(row.storageKey);
    await recordAuditEvent(deps.db, {
      action: 'document_downloaded',
      actorUserId: input.userId,
      companyId: input.companyId,
      targetType: 'document',
      targetId: row.id,
      details: { documentType: row.documentType },
    });
    return { document: toDocumentAnswer(row), content };
  } catch (error) {
    if (error instanceof FileNotFoundError) {
      throw new HttpError(404, 'document_content_missing', 'The file of this document is missing from storage.');
    }
    throw error;
  }
}

export async function deleteDocument(deps: DocumentDeps, companyId: string, documentId: string): Promise<void> {
  const row = await deleteDocumentRow(deps.db, companyId, documentId);
  if (!row) throw documentNotFound();
  // After the row is gone: a failed file delete leaves an unreachable file, never a row without its file.
  await deps.storage.delete(row.storageKey);
}

/** `attachment` with an ASCII fallback and the UTF-8 name (RFC 6266), so no name can break the header. */
export function contentDisposition(fileName: string, disposition: 'attachment' | 'inline' = 'attachment'): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  MAX_SIGNATURE_IMAGE_BYTES,
  type PowerOfAttorney,
  type PowerOfAttorneyList,
  type SignPowerOfAttorneyRequest,
} from '@vatlas/contract';
import { findCountryRule, isPlaceholderCity, isPlaceholderZip } from '@vatlas/domain';
import type { Db } from '../../db/client';
import { HttpError } from '../../plugins/errors';
import { recordAuditEvent } from '../audit/repository';
import { type CompanyRecord, findCompanyById } from '../company/repository';
import { completeDocumentCenterIfReady } from '../documents/checklist';
import { listSelectedCountryCodes } from '../documents/repository';
import { createStorageKey, FileNotFoundError, type FileStorage } from '../storage/file-storage';
import type { UserRecord } from '../user/repository';
import type { PowerOfAttorneyData } from './power-of-attorney-pdf';
import {
  findActiveSignature,
  findLegalRepresentativeName,
  findTenantBrandName,
  insertSignature,
  listSignaturesOfCompany,
  revokeActiveSignature,
  type SignatureRecord,
} from './repository';

export type SigningDeps = { db: Db; storage: FileStorage; now?: () => Date };

/** The authorised party when the tenant has no branding of its own. */
export const DEFAULT_AUTHORISED_PARTY = 'Vatlas';

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** pdf-lib is loaded when a power of attorney is first drawn or signed, not by every server at start. */
const loadPdfWriter = () => import('./power-of-attorney-pdf');

function toSignatureAnswer(row: SignatureRecord) {
  return {
    id: row.id,
    signerName: row.signerName,
    signatureKind: row.signatureKind as 'drawn' | 'typed',
    signedAt: row.signedAt.toISOString(),
    documentSha256: row.documentSha256,
    signedSha256: row.signedSha256,
  };
}

async function requireCompany(db: Db, companyId: string): Promise<CompanyRecord> {
  const company = await findCompanyById(db, companyId);
  if (!company) throw new HttpError(404, 'company_not_found', 'There is no such company.');
  return company;
}

async function authorisedPartyOf(db: Db, company: CompanyRecord): Promise<string> {
  return (await findTenantBrandName(db, company.tenantId)) ?? DEFAULT_AUTHORISED_PARTY;
}

/** Only selected jurisdictions have a power of attorney; anything else is a 404 naming the country. */
async function requireSelectedCountry(db: Db, companyId: string, countryCode: string): Promise<void> {
  const selected = await listSelectedCountryCodes(db, companyId);
  if (!selected.includes(countryCode)) {
    throw new HttpError(404, 'jurisdiction_not_selected', `${countryCode} is not among the selected jurisdictions.`, [
      { field: 'countryCode', message: 'is not a selected jurisdiction' },
    ]);
  }
}

export async function listPowersOfAttorney(db: Db, companyId: string): Promise<PowerOfAttorneyList> {
  const company = await requireCompany(db, companyId);
  const [countryCodes, signatures, authorisedParty] = await Promise.all([
    listSelectedCountryCodes(db, companyId),
    listSignaturesOfCompany(db, companyId),
    authorisedPartyOf(db, company),
  ]);
  const jurisdictions: PowerOfAttorney[] = countryCodes.map((countryCode) => {
    const active = signatures.find((row) => row.countryCode === countryCode && row.revokedAt === null);
    if (active) return { countryCode, state: 'signed', signature: toSignatureAnswer(active), revokedAt: null };
    const revoked = signatures.find((row) => row.countryCode === countryCode);
    if (revoked) {
      return {
        countryCode,
        state: 'revoked',
        signature: toSignatureAnswer(revoked),
        revokedAt: revoked.revokedAt?.toISOString() ?? null,
      };
    }
    return { countryCode, state: 'unsigned', signature: null, revokedAt: null };
  });
  return {
    authorisedParty,
    jurisdictions,
    isComplete: jurisdictions.length > 0 && jurisdictions.every((entry) => entry.state === 'signed'),
  };
}

function addressLinesOf(company: CompanyRecord): string[] {
  const street = [company.street, company.houseNumber].filter(Boolean).join(' ');
  const hasCity = !isPlaceholderCity(company.city);
  const hasZip = !isPlaceholderZip(company.zipCode);
  const town = [hasZip ? company.zipCode : null, hasCity ? company.city : null].filter(Boolean).join(' ');
  const country = company.establishmentCountryCode
    ? (findCountryRule(company.establishmentCountryCode)?.name ?? company.establishmentCountryCode)
    : null;
  return [street, town, company.state ?? '', country ?? ''].filter((line) => line.trim().length > 0);
}

async function gatherDocumentData(deps: SigningDeps, companyId: string, countryCode: string) {
  const company = await requireCompany(deps.db, companyId);
  await requireSelectedCountry(deps.db, companyId, countryCode);
  const data: PowerOfAttorneyData = {
    companyName: company.legalNameOfBusiness,
    addressLines: addressLinesOf(company),
    vatNumber: company.vatNumber,
    legalRepresentative: await findLegalRepresentativeName(deps.db, companyId),
    countryCode,
    countryName: findCountryRule(countryCode)?.name ?? countryCode,
    authorisedParty: await authorisedPartyOf(deps.db, company),
    issueDate: (deps.now?.() ?? new Date()).toISOString().slice(0, 10),
  };
  return data;
}

/** The unsigned power of attorney, generated from the company's current data (the same data give the same bytes). */
export async function generateUnsignedPowerOfAttorney(
  deps: SigningDeps,
  companyId: string,
  countryCode: string,
): Promise<{ bytes: Uint8Array; sha256: string }> {
  const { buildPowerOfAttorneyPdf } = await loadPdfWriter();
  const bytes = await buildPowerOfAttorneyPdf(await gatherDocumentData(deps, companyId, countryCode));
  return { bytes, sha256: sha256(bytes) };
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function decodeSignatureImage(dataUrl: string): Uint8Array {
  const bytes = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
  const isPng = PNG_SIGNATURE.every((byte, index) => bytes[index] === byte);
  if (!isPng || bytes.length > MAX_SIGNATURE_IMAGE_BYTES) {
    throw new HttpError(400, 'validation_error', 'The signature must be a PNG image of at most 200 KB.', [
      { field: 'image', message: 'must be a PNG of at most 200 KB' },
    ]);
  }
  // A copy with its own ArrayBuffer: pdf-lib reads `.buffer` from offset 0, and small Buffers share a pool.
  return new Uint8Array(bytes);
}

function alreadySigned(countryCode: string) {
  return new HttpError(
    409,
    'already_signed',
    `The power of attorney for ${countryCode} is already signed. Revoke it before signing again.`,
  );
}

function isUniqueViolation(error: unknown): boolean {
  for (let current: unknown = error; current; current = (current as { cause?: unknown }).cause) {
    if ((current as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

export async function signPowerOfAttorney(
  deps: SigningDeps,
  input: {
    companyId: string;
    countryCode: string;
    user: UserRecord;
    ipAddress: string;
    body: SignPowerOfAttorneyRequest;
  },
): Promise<PowerOfAttorney> {
  const { companyId, countryCode, body } = input;
  const unsigned = await generateUnsignedPowerOfAttorney(deps, companyId, countryCode);
  if (await findActiveSignature(deps.db, companyId, countryCode)) throw alreadySigned(countryCode);

  const userName = [input.user.firstName, input.user.lastName].filter(Boolean).join(' ').trim();
  const signerName = body.signatureKind === 'typed' ? body.typedName : (body.signerName ?? (userName || 'Signer'));
  const image = body.signatureKind === 'drawn' ? decodeSignatureImage(body.image) : null;
  const signedAt = deps.now?.() ?? new Date();
  let signed: Uint8Array;
  try {
    const { stampSignature } = await loadPdfWriter();
    signed = await stampSignature(unsigned.bytes, {
      signerName,
      signatureKind: body.signatureKind,
      image,
      signedAt,
      ipAddress: input.ipAddress,
      documentSha256: unsigned.sha256,
    });
  } catch (error) {
    // pdf-lib refuses a PNG it cannot decode: that is the caller's image, not our failure.
    if (image) {
      throw new HttpError(400, 'validation_error', 'The signature image could not be read.', [
        { field: 'image', message: 'is not a readable PNG' },
      ]);
    }
    throw error;
  }

  const storageKey = createStorageKey();
  await deps.storage.put(storageKey, signed);
  let row: SignatureRecord;
  try {
    // One transaction: the signature and the step it may complete are saved together or not at all.
    row = await deps.db.transaction(async (tx) => {
      const txDb = tx as unknown as Db;
      const inserted = await insertSignature(txDb, {
        companyId,
        countryCode,
        documentSha256: unsigned.sha256,
        signedStorageKey: storageKey,
        signedSha256: sha256(signed),
        signerUserId: input.user.id,
        signerName,
        signatureKind: body.signatureKind,
        signedAt,
        ipAddress: input.ipAddress,
      });
      await completeDocumentCenterIfReady(txDb, companyId);
      await recordAuditEvent(txDb, {
        action: 'power_of_attorney_signed',
        actorUserId: input.user.id,
        companyId,
        targetType: 'power_of_attorney',
        targetId: inserted.id,
        details: { countryCode, signatureKind: body.signatureKind },
      });
      return inserted;
    });
  } catch (error) {
    await deps.storage.delete(storageKey).catch(() => undefined);
    // The partial unique index decides a race between two signers: the loser gets the same 409.
    if (isUniqueViolation(error)) throw alreadySigned(countryCode);
    throw error;
  }
  return { countryCode, state: 'signed', signature: toSignatureAnswer(row), revokedAt: null };
}

/** The signed PDF for download; the download is audited like a document's. */
export async function openSignedPowerOfAttorney(
  deps: SigningDeps,
  input: { companyId: string; countryCode: string; userId: string },
): Promise<{ content: Readable; fileName: string }> {
  const { companyId, countryCode } = input;
  const active = await findActiveSignature(deps.db, companyId, countryCode);
  if (!active) {
    throw new HttpError(404, 'not_signed', `There is no signed power of attorney for ${countryCode}.`);
  }
  try {
    const content = await deps.storage.get(active.signedStorageKey);
    await recordAuditEvent(deps.db, {
      action: 'document_downloaded',
      actorUserId: input.userId,
      companyId,
      targetType: 'power_of_attorney',
      targetId: active.id,
      details: { countryCode },
    });
    return { content, fileName: `power-of-attorney-${countryCode}-signed.pdf` };
  } catch (error) {
    if (error instanceof FileNotFoundError) {
      throw new HttpError(404, 'document_content_missing', 'The signed file is missing from storage.');
    }
    throw error;
  }
}

export async function revokePowerOfAttorney(
  deps: SigningDeps,
  input: { companyId: string; countryCode: string; userId: string },
): Promise<PowerOfAttorney> {
  const revoked = await revokeActiveSignature(deps.db, input.companyId, input.countryCode, input.userId);
  if (!revoked) {
    throw new HttpError(409, 'not_signed', `There is no active power of attorney for ${input.countryCode} to revoke.`);
  }
  return {
    countryCode: input.countryCode,
    state: 'revoked',
    signature: toSignatureAnswer(revoked),
    revokedAt: revoked.revokedAt?.toISOString() ?? null,
  };
}

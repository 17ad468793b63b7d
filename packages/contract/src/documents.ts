import type { RegistrationDocumentType } from '@vatlas/domain';
import { z } from 'zod';

/**
 * Documents, powers of attorney and integrations of onboarding (issue 4). Uploads are multipart, so the upload's
 * fields are described here and checked by the route; every JSON answer is a schema below.
 */

const countryCode = z.string().regex(/^[A-Z]{2}$/, 'an ISO 3166-1 alpha-2 code');

/** 10 MiB: a scanned certificate or passport fits, a mistaken video does not. */
export const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;
/** A drawn signature is a small PNG; anything larger is not a signature. */
export const MAX_SIGNATURE_IMAGE_BYTES = 200 * 1024;

/** What can be uploaded: the registration documents of the country rules (the power of attorney is signed here, not
 * uploaded) plus 'other'. */
export const DOCUMENT_TYPES = [
  'certificate-of-incorporation',
  'articles-of-association',
  'home-vat-certificate',
  'legal-representative-id',
  'bank-details',
  'fiscal-representative-appointment',
  'bank-guarantee',
  'other',
] as const satisfies readonly (RegistrationDocumentType | 'other')[];
export const documentTypeSchema = z.enum(DOCUMENT_TYPES);
export type DocumentType = z.infer<typeof documentTypeSchema>;

/** Only these are accepted, and only when the bytes say so (the name and the browser's claim are ignored). */
export const DOCUMENT_CONTENT_TYPES = ['application/pdf', 'image/png', 'image/jpeg'] as const;
export const documentContentTypeSchema = z.enum(DOCUMENT_CONTENT_TYPES);

/** The multipart fields of an upload besides the one `file`. */
export const documentUploadFieldsSchema = z.object({
  documentType: documentTypeSchema,
  countryCode: countryCode.optional(),
});
export type DocumentUploadFields = z.infer<typeof documentUploadFieldsSchema>;

export const documentSchema = z.object({
  id: z.string(),
  documentType: documentTypeSchema,
  countryCode: countryCode.nullable(),
  fileName: z.string(),
  contentType: documentContentTypeSchema,
  sizeBytes: z.number().int().nonnegative(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  uploadedAt: z.string().describe('ISO 8601, UTC'),
});
export type StoredDocument = z.infer<typeof documentSchema>;
export const documentListSchema = z.array(documentSchema);

/** A checklist line: an uploadable type, or the power of attorney, which is satisfied by signing it. */
export const checklistDocumentTypeSchema = z.enum([
  'certificate-of-incorporation',
  'articles-of-association',
  'home-vat-certificate',
  'legal-representative-id',
  'power-of-attorney',
  'bank-details',
  'fiscal-representative-appointment',
  'bank-guarantee',
] as const satisfies readonly RegistrationDocumentType[]);
export type ChecklistDocumentType = z.infer<typeof checklistDocumentTypeSchema>;
export const checklistItemSchema = z.object({
  documentType: checklistDocumentTypeSchema,
  /** Source keys of the research ([AV-FR] …) when the country rules ask for it specifically. */
  sources: z.array(z.string()),
  isSatisfied: z.boolean(),
  documentIds: z.array(z.string()),
});
export const documentChecklistSchema = z.object({
  /** 'country-rules' when the jurisdiction's own list was used, 'generic' when no country list exists yet. */
  source: z.enum(['country-rules', 'generic']),
  jurisdictions: z.array(z.object({ countryCode, items: z.array(checklistItemSchema) })),
  isComplete: z.boolean(),
});
export type DocumentChecklist = z.infer<typeof documentChecklistSchema>;

export const powerOfAttorneyStateSchema = z.enum(['unsigned', 'signed', 'revoked']);
export const signatureKindSchema = z.enum(['drawn', 'typed']);

export const powerOfAttorneySignatureSchema = z.object({
  id: z.string(),
  signerName: z.string(),
  signatureKind: signatureKindSchema,
  signedAt: z.string().describe('ISO 8601, UTC'),
  documentSha256: z.string(),
  signedSha256: z.string(),
});

export const powerOfAttorneySchema = z.object({
  countryCode,
  state: powerOfAttorneyStateSchema,
  /** The active signature when signed, the last revoked one when revoked, null when never signed. */
  signature: powerOfAttorneySignatureSchema.nullable(),
  revokedAt: z.string().nullable(),
});
export type PowerOfAttorney = z.infer<typeof powerOfAttorneySchema>;
export const powerOfAttorneyListSchema = z.object({
  /** The party the company authorises (the tenant's brand). */
  authorisedParty: z.string(),
  jurisdictions: z.array(powerOfAttorneySchema),
  isComplete: z.boolean(),
});
export type PowerOfAttorneyList = z.infer<typeof powerOfAttorneyListSchema>;

const PNG_DATA_URL_PREFIX = 'data:image/png;base64,';
/** Base64 is 4 characters per 3 bytes; this bounds the string before anything decodes it. */
const MAX_SIGNATURE_DATA_URL_LENGTH = PNG_DATA_URL_PREFIX.length + Math.ceil(MAX_SIGNATURE_IMAGE_BYTES / 3) * 4;

export const signPowerOfAttorneyRequestSchema = z.discriminatedUnion('signatureKind', [
  z.object({
    signatureKind: z.literal('drawn'),
    image: z
      .string()
      .max(MAX_SIGNATURE_DATA_URL_LENGTH, 'must be a PNG of at most 200 KB')
      .regex(/^data:image\/png;base64,[A-Za-z0-9+/]+={0,2}$/, 'must be a PNG data URL'),
    /** Printed under the drawing; the signed-in user's name when left out. */
    signerName: z.string().trim().min(2).max(120).optional(),
  }),
  z.object({
    signatureKind: z.literal('typed'),
    typedName: z.string().trim().min(2, 'must be at least 2 characters').max(120),
  }),
]);
export type SignPowerOfAttorneyRequest = z.infer<typeof signPowerOfAttorneyRequestSchema>;

export const INTEGRATION_PROVIDERS = ['amazon', 'shopify', 'ebay', 'etsy'] as const;
export const integrationProviderSchema = z.enum(INTEGRATION_PROVIDERS);
export type IntegrationProvider = z.infer<typeof integrationProviderSchema>;
/** No "connected": no connector exists yet, and the page must not pretend one does. */
export const integrationStatusSchema = z.enum(['not-connected', 'file-upload']);

export const integrationSchema = z.object({
  provider: integrationProviderSchema,
  status: integrationStatusSchema,
  updatedAt: z.string().nullable(),
});
export type Integration = z.infer<typeof integrationSchema>;
export const integrationListSchema = z.array(integrationSchema);
export const updateIntegrationRequestSchema = z.object({ status: integrationStatusSchema });

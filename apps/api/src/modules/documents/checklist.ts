import type { ChecklistDocumentType, DocumentChecklist } from '@vatlas/contract';
import { isEuCountry, requiredDocumentsFor } from '@vatlas/domain';
import type { Db } from '../../db/client';
import { markStepCompleted } from '../onboarding/step-service';
import {
  type DocumentRecord,
  findEstablishmentCountryCode,
  listDocumentsOfCompany,
  listSelectedCountryCodes,
  listSignedCountryCodes,
  lockDocumentCenterOf,
} from './repository';

const GENERIC_DOCUMENTS: readonly ChecklistDocumentType[] = [
  'certificate-of-incorporation',
  'articles-of-association',
  'home-vat-certificate',
  'legal-representative-id',
  'power-of-attorney',
  'bank-details',
];

/**
 * What the registrations of the selected jurisdictions need, and what of it is there. The list per country comes
 * from the country rules of @vatlas/domain; the power of attorney is satisfied by signing it, the rest by an upload
 * of that type for the country or for every country (no country given).
 */
export function buildChecklist(input: {
  countryCodes: readonly string[];
  establishmentCountryCode: string | null;
  documents: readonly Pick<DocumentRecord, 'id' | 'documentType' | 'countryCode'>[];
  signedCountryCodes: readonly string[];
}): DocumentChecklist {
  const home = input.establishmentCountryCode ?? undefined;
  const seller = { isEuEstablished: home !== undefined && isEuCountry(home), establishmentCountryCode: home };
  let hasUnknownCountry = false;
  const jurisdictions = input.countryCodes.map((countryCode) => {
    let required = requiredDocumentsFor(countryCode, seller);
    if (required.length === 0) {
      // A code the country rules do not know (a jurisdiction added before its rule): ask for the common set.
      hasUnknownCountry = true;
      required = GENERIC_DOCUMENTS.map((type) => ({ type, sources: [] }));
    }
    const items = required.map(({ type, sources }) => {
      const documentType = type as ChecklistDocumentType;
      if (documentType === 'power-of-attorney') {
        return {
          documentType,
          sources: [...sources],
          isSatisfied: input.signedCountryCodes.includes(countryCode),
          documentIds: [],
        };
      }
      const matching = input.documents.filter(
        (document) =>
          document.documentType === documentType &&
          (document.countryCode === null || document.countryCode === countryCode),
      );
      return {
        documentType,
        sources: [...sources],
        isSatisfied: matching.length > 0,
        documentIds: matching.map((document) => document.id),
      };
    });
    return { countryCode, items };
  });
  const isComplete =
    jurisdictions.length > 0 &&
    jurisdictions.every((jurisdiction) => jurisdiction.items.every((item) => item.isSatisfied));
  return { source: hasUnknownCountry ? 'generic' : 'country-rules', jurisdictions, isComplete };
}

export async function getDocumentChecklist(db: Db, companyId: string): Promise<DocumentChecklist> {
  // One after the other: this also runs inside transactions, whose single connection must not carry concurrent
  // queries (node-postgres deprecates it, PGlite serialises them anyway).
  const countryCodes = await listSelectedCountryCodes(db, companyId);
  const establishmentCountryCode = await findEstablishmentCountryCode(db, companyId);
  const documents = await listDocumentsOfCompany(db, companyId);
  const signedCountryCodes = await listSignedCountryCodes(db, companyId);
  return buildChecklist({ countryCodes, establishmentCountryCode, documents, signedCountryCodes });
}

/**
 * The document-center step is done when every selected jurisdiction's power of attorney is signed and every
 * required document is there. Only ever moves forward: a later delete or revoke does not reopen the step, because
 * the step machine (V1's) has no "reopen" and the checklist keeps showing what is missing. Called in the transaction
 * that saved a document or a signature, which it makes wait for any other such transaction of the company to end.
 */
export async function completeDocumentCenterIfReady(db: Db, companyId: string): Promise<boolean> {
  await lockDocumentCenterOf(db, companyId);
  const checklist = await getDocumentChecklist(db, companyId);
  if (!checklist.isComplete) return false;
  await markStepCompleted(db, companyId, 'document-center');
  return true;
}

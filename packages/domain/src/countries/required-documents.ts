import {
  type CountryRule,
  findCountryRule,
  needsFiscalRepresentative,
  type RegistrationDocumentType,
  type SellerEstablishment,
} from './country-rules';
import type { SourceKey } from './research-sources';

export type RequiredDocument = {
  type: RegistrationDocumentType;
  /** Why this country asks for it; empty for the common set every registration needs. */
  sources: readonly SourceKey[];
};

/**
 * The documents every VAT registration file of a non-established seller holds. The research does not list them per
 * country; this is the common set the compliance services ask for, and the checklist shows per-country extras on top.
 */
const COMMON_DOCUMENTS: readonly RegistrationDocumentType[] = [
  'certificate-of-incorporation',
  'articles-of-association',
  'home-vat-certificate',
  'legal-representative-id',
  'power-of-attorney',
  'bank-details',
];

/** Documents one country's registration needs, for this seller. Unknown codes answer an empty list. */
export function requiredDocumentsFor(countryCode: string, seller: SellerEstablishment): RequiredDocument[] {
  const rule = findCountryRule(countryCode);
  if (!rule) return [];
  return requiredDocumentsForRule(rule, seller);
}

export function requiredDocumentsForRule(rule: CountryRule, seller: SellerEstablishment): RequiredDocument[] {
  const documents: RequiredDocument[] = COMMON_DOCUMENTS.map((type) => ({ type, sources: [] }));
  if (needsFiscalRepresentative(rule, seller)) {
    documents.push({ type: 'fiscal-representative-appointment', sources: rule.fiscalRepresentative.sources });
  }
  for (const extra of rule.extraDocuments) {
    documents.push({ type: extra.value, sources: extra.sources });
  }
  return documents;
}

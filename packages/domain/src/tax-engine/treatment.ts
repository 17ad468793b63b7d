import { isEuCountry } from '../countries';
import { money } from '../money';
import type { CompanyTaxProfile } from '../transactions/company-tax-profile';
import type { NormalizedTransaction } from '../transactions/normalized-transaction';

/**
 * What one sales-data row means for VAT, decided from the row alone (plus the company's seat and IOSS), so the
 * importer can store it beside the row. Everything that depends on other rows (the €10,000 threshold) or on exchange
 * rates is decided later by `computeTaxPosition`.
 *
 * - `domestic-sale`: the goods leave and arrive in the same country; VAT of that country, local return.
 * - `intra-eu-distance-sale`: to a consumer in another member state (Art. 33); OSS, or local by the threshold.
 * - `intra-eu-b2b-supply`: to a business with a VAT number in another member state; zero-rated (Art. 138), EC sales list.
 * - `export`: the goods leave the EU (or GB/CH/NO) to a third country; zero-rated (Art. 146).
 * - `import-ioss`: a consignment of at most €150 from outside into the EU declared through IOSS (Art. 369l).
 * - `import`: any other sale from outside into the EU, GB, CH or NO.
 * - `own-goods-transfer`: the seller moves its own stock between member states, Amazon between its fulfilment centres
 *   (FC_TRANSFER) or the seller into one (INBOUND); a deemed intra-Community supply in the departure country and an
 *   acquisition in the arrival country (Art. 17, 21), where holding the stock needs a registration.
 * - `non-eu-movement`: own stock moved across the EU border (to or from GB, CH, NO…): customs export/import of own
 *   goods, nothing in a VAT return.
 * - `inbound-movement`, `return-movement`, `domestic-movement`: stock arriving from inside the country or from outside
 *   the EU (customs), coming back to, or moving inside one country; no supply, no VAT.
 * - `marketplace-deemed-supplier`: the marketplace is the deemed supplier (Art. 14a, UK/CH/NO VOEC) and remits.
 * - `donation`: goods given away (Amazon FBA donations): a deemed supply for consideration (Art. 16) in the country
 *   the goods leave, at the value the file gives.
 * - `commingling-purchase`: the seller acquires units under Amazon's commingling program: an input, not a supply.
 * - `unclassified`: the file does not say where the goods went, so no rule can be applied.
 */
export const TRANSACTION_TREATMENTS = [
  'domestic-sale',
  'intra-eu-distance-sale',
  'intra-eu-b2b-supply',
  'export',
  'import-ioss',
  'import',
  'own-goods-transfer',
  'non-eu-movement',
  'inbound-movement',
  'return-movement',
  'domestic-movement',
  'marketplace-deemed-supplier',
  'donation',
  'commingling-purchase',
  'unclassified',
] as const;
export type TransactionTreatment = (typeof TRANSACTION_TREATMENTS)[number];

/** Northern Ireland (XI) follows the EU rules for goods (Windsor Framework), unlike the rest of the UK. */
export function isEuForGoods(country: string): boolean {
  return country === 'XI' || isEuCountry(country);
}

/** The countries outside the EU whose VAT Vatlas computes (research §1a). */
const SERVED_NON_EU = ['GB', 'CH', 'NO'];

/** The IOSS ceiling: the intrinsic value of a consignment, at most €150 (Art. 369l). */
const IOSS_CONSIGNMENT_LIMIT_EUR = money('150');

/** Amazon's schemes under which the marketplace, not the seller, collects and remits (research §3a). */
function isMarketplaceScheme(scheme: string | null): boolean {
  if (scheme === null) return false;
  return scheme.startsWith('DEEMED_RESELLER') || scheme.includes('_VOEC');
}

export function classifyTransaction(
  tx: NormalizedTransaction,
  profile: Pick<CompanyTaxProfile, 'establishmentCountry' | 'ioss'>,
): TransactionTreatment {
  switch (tx.type) {
    case 'RETURN':
      return 'return-movement';
    case 'INBOUND':
      // The seller's own shipment into a fulfilment centre: from another member state it is a transfer of own goods
      // like an FC_TRANSFER; from the same country, or from outside the EU through customs, nothing for a VAT return.
      return classifyTransfer(tx) === 'own-goods-transfer' ? 'own-goods-transfer' : 'inbound-movement';
    case 'FC_TRANSFER':
      return classifyTransfer(tx);
    case 'COMMINGLING_BUY':
      return 'commingling-purchase';
    case 'DONATION':
      return tx.departureCountry === null ? 'unclassified' : 'donation';
    case 'SALE':
    case 'REFUND':
    case 'LIQUIDATION_SALE':
    case 'LIQUIDATION_REFUND':
    case 'COMMINGLING_SELL':
      // A refund keeps its sale's treatment so that, with its negative amounts, it cancels the sale in every total.
      return classifySale(tx, profile);
  }
}

function classifyTransfer(tx: NormalizedTransaction): TransactionTreatment {
  const { departureCountry: from, arrivalCountry: to } = tx;
  if (from === null || to === null) return 'unclassified';
  if (from === to) return 'domestic-movement';
  return isEuForGoods(from) && isEuForGoods(to) ? 'own-goods-transfer' : 'non-eu-movement';
}

function classifySale(
  tx: NormalizedTransaction,
  profile: Pick<CompanyTaxProfile, 'establishmentCountry' | 'ioss'>,
): TransactionTreatment {
  if (tx.taxCollectionResponsibility === 'MARKETPLACE' || isMarketplaceScheme(tx.taxReportingScheme)) {
    return 'marketplace-deemed-supplier';
  }
  const { departureCountry: from, arrivalCountry: to } = tx;
  if (from === null) return 'unclassified';
  // Amazon's EXPORT_OUTSIDE_EU settles an export even when the arrival country is missing.
  if (tx.isExport && isEuForGoods(from)) return 'export';
  if (to === null) return 'unclassified';
  if (from === to) return 'domestic-sale';

  const fromEu = isEuForGoods(from);
  const toEu = isEuForGoods(to);
  if (fromEu && toEu) return tx.buyerVatNumber !== null ? 'intra-eu-b2b-supply' : 'intra-eu-distance-sale';
  if (fromEu) return 'export';
  if (toEu) return isIossImport(tx, profile) ? 'import-ioss' : 'import';
  // Between two countries outside the EU: a sale into GB, CH or NO from elsewhere is their import; anything leaving
  // GB, CH or NO is their export.
  return SERVED_NON_EU.includes(to) && !SERVED_NON_EU.includes(from) ? 'import' : 'export';
}

/**
 * Amazon marks IOSS consignments as IMPORT-OSS. Other files do not, so a company with its own IOSS registration gets
 * IOSS for a EUR consignment of at most €150 net; a consignment in another currency cannot be measured against the
 * limit without an exchange rate, which this row-local decision does not have, so it stays a regular import.
 */
function isIossImport(
  tx: NormalizedTransaction,
  profile: Pick<CompanyTaxProfile, 'establishmentCountry' | 'ioss'>,
): boolean {
  if (tx.taxReportingScheme === 'IMPORT-OSS') return true;
  if (tx.taxReportingScheme !== null || profile.ioss === null || tx.taxPointDate < profile.ioss.from) return false;
  if (tx.currency !== 'EUR') return false;
  return money(tx.netAmount).abs().lte(IOSS_CONSIGNMENT_LIMIT_EUR);
}

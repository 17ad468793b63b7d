import type { TransactionTreatment } from './treatment';

/**
 * The rows of one day that share everything the rules look at, summed by the database: the input of
 * `computeTaxPosition`. Amounts are decimal strings in `currency`; a null is kept where the rows had null.
 * `buyerVatNumber` is set only for `intra-eu-b2b-supply` and `own-goods-transfer` (the EC sales list needs it) and
 * null otherwise, so B2C rows of a day collapse into one sum.
 */
export type TransactionDaySum = {
  treatment: TransactionTreatment;
  /** The tax point (NormalizedTransaction.taxPointDate). */
  date: string;
  departureCountry: string | null;
  arrivalCountry: string | null;
  taxableJurisdiction: string | null;
  currency: string | null;
  /** The file's rate as a fraction (`0.19`). */
  vatRate: string | null;
  buyerVatNumber: string | null;
  netAmount: string;
  vatAmount: string;
  grossAmount: string;
  /** Sum of the rows' `computeRowVat`; null when the rows had no rate. */
  computedVatAmount: string | null;
  transactionCount: number;
};

import { isIsoDate } from '@vatlas/domain';
import { z } from 'zod';

/**
 * What the company owes where (issue 5), read from the aggregates the recompute stores: liabilities per month, the
 * OSS return lines, the EC Sales List, the €10,000 OSS threshold, and the rows whose VAT the cross-check questions.
 */

const isoDate = z.string().refine(isIsoDate, 'a calendar date as YYYY-MM-DD');
const countryCode = z.string().regex(/^[A-Z]{2}$/, 'an ISO 3166-1 alpha-2 code');
const decimal = z.string().describe('Decimal string (never a binary float)');
const year = z.coerce.number().int().min(1999).max(2999);

export const liabilitySchemeSchema = z.enum(['local', 'oss', 'ioss']);

export const liabilityMonthSchema = z.object({
  periodStart: isoDate,
  periodEnd: isoDate,
  netEur: decimal,
  vatEur: decimal,
  netLocal: decimal,
  vatLocal: decimal,
  zeroRatedNetEur: decimal.describe('Part of net that is zero-rated (intra-EU B2B, exports, transfers out)'),
  acquisitionNetEur: decimal.describe('Own goods arriving from another member state: declared, no VAT to pay'),
  transactionCount: z.number().int(),
  isIncomplete: z.boolean().describe('A missing exchange rate left amounts out (see problems)'),
});

export const liabilityTotalsSchema = z.object({
  netEur: decimal,
  vatEur: decimal,
  netLocal: decimal,
  vatLocal: decimal,
  transactionCount: z.number().int(),
});

export const jurisdictionLiabilitySchema = z.object({
  jurisdiction: countryCode.describe('Whose VAT is owed (for OSS and IOSS the member state of consumption)'),
  scheme: liabilitySchemeSchema,
  currency: z.string().describe('Currency of the return'),
  months: z.array(liabilityMonthSchema),
  totals: liabilityTotalsSchema,
});

export const ossThresholdSchema = z.object({
  year: z.number().int(),
  limitEur: decimal.describe('€10,000 (Art. 59c), all member states together'),
  distanceSalesEur: decimal.describe('Intra-EU B2C distance sales of the year, net, EUR'),
  crossedOn: isoDate.nullable().describe('Tax point of the day the total passed the limit'),
  exceededPreviousYear: z.boolean(),
  isIncomplete: z.boolean(),
});
export type OssThreshold = z.infer<typeof ossThresholdSchema>;

/** A problem of the last recompute, as the tax engine reported it (`kind` says which: missing-rate, …). */
export const taxPositionProblemSchema = z.looseObject({ kind: z.string() });

export const liabilitySummarySchema = z.object({
  year: z.number().int(),
  jurisdictions: z.array(jurisdictionLiabilitySchema),
  totals: z.object({ netEur: decimal, vatEur: decimal }),
  threshold: ossThresholdSchema.nullable(),
  problems: z.array(taxPositionProblemSchema),
});
export type LiabilitySummary = z.infer<typeof liabilitySummarySchema>;

export const yearQuerySchema = z.object({ year });

export const ossLinesQuerySchema = z.object({
  period: z.string().regex(/^\d{4}-Q[1-4]$/, 'a quarter as YYYY-Qn'),
});

export const ossReturnSchema = z.object({
  period: z.string(),
  periodStart: isoDate,
  periodEnd: isoDate,
  lines: z.array(
    z.object({
      memberStateOfConsumption: countryCode,
      memberStateOfDispatch: countryCode,
      vatRate: decimal.nullable().describe('Fraction, e.g. 0.2'),
      netEur: decimal,
      vatEur: decimal,
      transactionCount: z.number().int(),
      isIncomplete: z.boolean(),
    }),
  ),
  totals: z.object({ netEur: decimal, vatEur: decimal }),
});
export type OssReturn = z.infer<typeof ossReturnSchema>;

export const ecSalesListQuerySchema = z.object({
  month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'a month as YYYY-MM'),
});

export const ecSalesListSchema = z.object({
  month: z.string(),
  lines: z.array(
    z.object({
      reportingCountry: countryCode,
      customerVatNumber: z.string().nullable().describe('Null: unknown, the line cannot be filed as it is'),
      kind: z.enum(['goods', 'transfer']),
      currency: z.string(),
      netEur: decimal,
      netLocal: decimal,
      transactionCount: z.number().int(),
      isIncomplete: z.boolean(),
    }),
  ),
});
export type EcSalesList = z.infer<typeof ecSalesListSchema>;

export const crossCheckQuerySchema = z.object({
  from: isoDate.optional().describe('Tax points on or after'),
  to: isoDate.optional().describe('Tax points on or before'),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

export const CROSS_CHECK_DIFFERENCES = ['vat-amount', 'rate-not-valid'] as const;

export const crossCheckRowSchema = z.object({
  transactionId: z.string(),
  taxPointDate: isoDate,
  transactionType: z.string(),
  eventId: z.string(),
  taxableJurisdiction: countryCode.nullable(),
  currency: z.string().nullable(),
  netAmount: decimal,
  vatAmount: decimal.describe('As in the file'),
  vatRate: decimal.nullable(),
  computedVatAmount: decimal.describe('net × rate, rounded half-up to the cent'),
  differences: z.array(z.enum(CROSS_CHECK_DIFFERENCES)),
  validRates: z.array(decimal).describe('Rates (percent) valid in the jurisdiction on that day'),
});

export type CrossCheckRow = z.infer<typeof crossCheckRowSchema>;

export const crossCheckPageSchema = z.object({
  items: z.array(crossCheckRowSchema),
  nextCursor: z.string().nullable(),
});
export type CrossCheckPage = z.infer<typeof crossCheckPageSchema>;

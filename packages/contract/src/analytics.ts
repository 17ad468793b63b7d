import { z } from 'zod';
import { languageSchema } from './account';

/**
 * Sales and VAT of a company's visible transactions (only completed uploads count) over a span of months, broken
 * down by month, taxable jurisdiction, arrival country, channel and VAT rate, in EUR (issue 6, analytics).
 *
 * Conversion: each (tax-point day, currency) sum of a line is converted with the ECB reference rate of that day or,
 * when the ECB did not publish that day, of the previous publication day (the tax engine's local-return rule), and
 * rounded half-up to the cent before it is added. Amounts without a rate are left out of the EUR figures and
 * counted in `unconvertedCount` and `unconverted` — never converted at 1.
 */

const YEAR_MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
const yearMonth = z.string().regex(YEAR_MONTH, 'a month as YYYY-MM');
const decimal = z.string().describe('Decimal string in EUR (never a binary float)');

/** The longest span one request may cover, both months inclusive. */
export const ANALYTICS_MAX_MONTHS = 24;

/** Months from `from` to `to`, both inclusive (0 or less when `to` is before `from`). */
export function monthSpan(from: string, to: string): number {
  const [fromYear, fromMonth] = from.split('-').map(Number) as [number, number];
  const [toYear, toMonth] = to.split('-').map(Number) as [number, number];
  return (toYear - fromYear) * 12 + (toMonth - fromMonth) + 1;
}

const checkSpan = (query: { from: string; to: string }, context: z.RefinementCtx) => {
  const span = monthSpan(query.from, query.to);
  if (span < 1) context.addIssue({ code: 'custom', path: ['to'], message: 'to must not be before from' });
  if (span > ANALYTICS_MAX_MONTHS) {
    context.addIssue({ code: 'custom', path: ['to'], message: `at most ${ANALYTICS_MAX_MONTHS} months` });
  }
};

export const analyticsQuerySchema = z
  .object({
    from: yearMonth.describe('First month, inclusive (YYYY-MM)'),
    to: yearMonth.describe('Last month, inclusive (YYYY-MM); at most 24 months after from'),
  })
  .superRefine(checkSpan);
export type AnalyticsQuery = z.infer<typeof analyticsQuerySchema>;

export const analyticsExportFormatSchema = z.enum(['csv', 'xlsx']);
export type AnalyticsExportFormat = z.infer<typeof analyticsExportFormatSchema>;

export const analyticsExportQuerySchema = z
  .object({
    format: analyticsExportFormatSchema,
    from: yearMonth,
    to: yearMonth,
    /** The language of the headers and sheet names; the user's stored language when left out. */
    lang: languageSchema.optional(),
  })
  .superRefine(checkSpan);

export const analyticsFiguresSchema = z.object({
  netEur: decimal,
  vatEur: decimal,
  grossEur: decimal,
  transactionCount: z.number().int().describe('Every visible transaction of the line, converted or not'),
  unconvertedCount: z
    .number()
    .int()
    .describe('Transactions of the line whose amounts lack an exchange rate: not in the EUR figures'),
});
export type AnalyticsFigures = z.infer<typeof analyticsFiguresSchema>;

export const analyticsLineSchema = analyticsFiguresSchema.extend({
  key: z
    .string()
    .nullable()
    .describe(
      'The month (YYYY-MM), country code, channel or VAT rate (fraction, e.g. 0.19); null when the rows lack it',
    ),
});
export type AnalyticsLine = z.infer<typeof analyticsLineSchema>;

export const analyticsUnconvertedSchema = z.object({
  currency: z.string().nullable().describe('null: rows without a currency'),
  transactionCount: z.number().int(),
  days: z.number().int().describe('Tax-point days without a rate'),
});

export const analyticsSchema = z.object({
  from: yearMonth,
  to: yearMonth,
  currency: z.literal('EUR'),
  totals: analyticsFiguresSchema,
  /** Every month of the span, in order, also those without data. */
  byMonth: z.array(analyticsLineSchema),
  /** By taxable jurisdiction (whose VAT is due), largest gross first. */
  byCountry: z.array(analyticsLineSchema),
  /** By arrival country (where the goods went), largest gross first. */
  byArrivalCountry: z.array(analyticsLineSchema),
  /** By marketplace, or the sales channel where the row names no marketplace, largest gross first. */
  byChannel: z.array(analyticsLineSchema),
  /** By VAT rate as a fraction, highest rate first; null for rows without a rate. */
  byRate: z.array(analyticsLineSchema),
  unconverted: z.array(analyticsUnconvertedSchema),
});
export type Analytics = z.infer<typeof analyticsSchema>;

export type AnalyticsBreakdown = 'byMonth' | 'byCountry' | 'byArrivalCountry' | 'byChannel' | 'byRate';
export const ANALYTICS_BREAKDOWNS: readonly AnalyticsBreakdown[] = [
  'byMonth',
  'byCountry',
  'byArrivalCountry',
  'byChannel',
  'byRate',
];

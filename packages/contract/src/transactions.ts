import { isIsoDate, TRANSACTION_SOURCES, TRANSACTION_TREATMENTS, TRANSACTION_TYPES } from '@vatlas/domain';
import { z } from 'zod';
import { liabilitySchemeSchema } from './liabilities';

/** The stored transactions of a company's completed uploads (issue 5): a keyset-paginated list and one row's detail. */

const isoDate = z.string().refine(isIsoDate, 'a calendar date as YYYY-MM-DD');
const countryCode = z.string().regex(/^[A-Z]{2}$/, 'an ISO 3166-1 alpha-2 code');
const decimal = z.string().describe('Decimal string (never a binary float)');

export const TRANSACTION_SORTS = ['date-desc', 'date-asc'] as const;

const isoMonth = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'a month as YYYY-MM')
  .describe('Only tax points in this calendar month (YYYY-MM)');

/** The filters of the list, its count and its export (every one optional; they combine with AND). */
export const transactionFilterSchema = z.object({
  dataPeriodId: z.string().optional().describe('Only the month of this data period'),
  month: isoMonth.optional(),
  from: isoDate.optional().describe('Only tax points on or after this day'),
  to: isoDate.optional().describe('Only tax points on or before this day'),
  jurisdiction: countryCode.optional().describe('Taxable jurisdiction as the file gave it'),
  taxedIn: countryCode
    .optional()
    .describe(
      "Only the rows on this country's liability, as Vatlas's tax engine decides: its sales, zero-rated supplies and " +
        'acquisitions, the OSS sales consumed there included (what the liabilities summary adds up per jurisdiction)',
    ),
  scheme: liabilitySchemeSchema
    .optional()
    .describe(
      "Only the rows declared through this scheme's returns (a local VAT return, OSS, IOSS), as Vatlas's tax engine " +
        "decides; with taxedIn, that country's line of the liabilities summary",
    ),
  ecSalesList: countryCode
    .optional()
    .describe(
      "Only the rows on this country's EC Sales List: intra-EU supplies to businesses and transfers of own goods " +
        'dispatched from there',
    ),
  type: z.enum(TRANSACTION_TYPES).optional(),
  treatment: z.enum(TRANSACTION_TREATMENTS).optional(),
  source: z
    .enum(TRANSACTION_SOURCES)
    .optional()
    .describe(
      'Only the rows read from files of this kind (the sales channel: Amazon, Shopify, eBay, Etsy, a CSV file)',
    ),
  country: countryCode.optional().describe('Departure or arrival country'),
  search: z.string().trim().min(1).max(100).optional().describe('A whole event id, activity id or SKU'),
});
export type TransactionFilterQuery = z.infer<typeof transactionFilterSchema>;

export const transactionListQuerySchema = transactionFilterSchema.extend({
  sort: z.enum(TRANSACTION_SORTS).default('date-desc').describe('By tax point, then id'),
  cursor: z.string().max(200).optional().describe('nextCursor of the previous page'),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type TransactionListQuery = z.infer<typeof transactionListQuerySchema>;

export const transactionSummarySchema = z.object({
  id: z.string(),
  uploadId: z.string(),
  source: z.string(),
  lineNumber: z.number().int(),
  type: z.enum(TRANSACTION_TYPES),
  treatment: z.enum(TRANSACTION_TREATMENTS),
  eventId: z.string(),
  activityId: z.string(),
  taxPointDate: isoDate,
  completeDate: isoDate,
  marketplace: z.string().nullable(),
  departureCountry: countryCode.nullable(),
  arrivalCountry: countryCode.nullable(),
  taxableJurisdiction: countryCode.nullable(),
  currency: z.string().nullable(),
  netAmount: decimal,
  vatAmount: decimal,
  grossAmount: decimal,
  vatRate: decimal.nullable().describe('Fraction, e.g. 0.19'),
  sku: z.string().nullable(),
  quantity: z.number().int(),
});
export type TransactionSummary = z.infer<typeof transactionSummarySchema>;

export const transactionPageSchema = z.object({
  items: z.array(transactionSummarySchema),
  nextCursor: z.string().nullable().describe('Pass as `cursor` for the next page; null on the last page'),
});
export type TransactionPage = z.infer<typeof transactionPageSchema>;

/** The export takes the filters and the sort of the list (no cursor, no limit: the whole filtered set). */
export const transactionExportQuerySchema = transactionFilterSchema.extend({
  sort: z.enum(TRANSACTION_SORTS).default('date-desc').describe('By tax point, then id'),
});
export type TransactionExportQuery = z.infer<typeof transactionExportQuerySchema>;

/** Counting stops at this many rows: beyond it the answer is "more than" (`isExact: false`). */
export const TRANSACTION_COUNT_LIMIT = 100_000;

export const transactionCountSchema = z.object({
  count: z.number().int().min(0).describe(`Rows matching the filters, at most ${TRANSACTION_COUNT_LIMIT}`),
  isExact: z.boolean().describe('false: more rows match than `count` (counting stopped there)'),
});
export type TransactionCount = z.infer<typeof transactionCountSchema>;

/** The columns of `Export.csv`, in order (the header row). No personal data: the store keeps none. */
export const TRANSACTION_EXPORT_COLUMNS = [
  'id',
  'tax_point_date',
  'complete_date',
  'type',
  'treatment',
  'source',
  'upload_id',
  'line_number',
  'event_id',
  'activity_id',
  'marketplace',
  'sales_channel',
  'departure_country',
  'arrival_country',
  'taxable_jurisdiction',
  'currency',
  'net_amount',
  'vat_amount',
  'gross_amount',
  'computed_vat_amount',
  'vat_rate',
  'buyer_is_business',
  'is_export',
  'tax_reporting_scheme',
  'sku',
  'quantity',
] as const;

export const transactionDetailSchema = transactionSummarySchema.extend({
  salesChannel: z.string().nullable(),
  computedVatAmount: decimal,
  buyerIsBusiness: z.boolean().describe('The file gave a buyer VAT number'),
  buyerVatNumber: z.string().nullable(),
  isExport: z.boolean(),
  taxReportingScheme: z.string().nullable(),
  taxCollectionResponsibility: z.string().nullable(),
  treatmentLabel: z.string(),
  explanation: z.string().describe("Why this treatment, in the user's language"),
  crossCheck: z.object({
    differences: z.array(z.looseObject({ code: z.string() })),
  }),
});
export type TransactionDetail = z.infer<typeof transactionDetailSchema>;

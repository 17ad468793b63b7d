import { TRANSACTION_TYPES } from '@vatlas/domain';
import { z } from 'zod';

/**
 * How a generic CSV maps onto a normalised transaction (issue 5, "Import"): for each field, the header name of the
 * column that holds it, as the user picked it once and saved it for the next upload. Header names are matched
 * trimmed and case-insensitively, so a re-export with "Net amount" instead of "NET AMOUNT" still fits.
 */

export const COLUMN_MAPPING_DATE_FORMATS = [
  'YYYY-MM-DD',
  'DD.MM.YYYY',
  'DD-MM-YYYY',
  'DD/MM/YYYY',
  'MM/DD/YYYY',
] as const;
export type ColumnMappingDateFormat = (typeof COLUMN_MAPPING_DATE_FORMATS)[number];

const columnName = z.string().trim().min(1, 'the header name of a column').max(200);
const countryCode = z.string().regex(/^[A-Z]{2}$/, 'an ISO 3166-1 alpha-2 code');
const currencyCode = z.string().regex(/^[A-Z]{3}$/, 'an ISO 4217 code');

/** A value read from a column, or the same fixed value for every row (a shop that ships everything from DE in EUR). */
const fromColumnOr = <T extends z.ZodType>(fixed: T) =>
  z.union([z.object({ column: columnName }).strict(), z.object({ value: fixed }).strict()]);

export const columnMappingSchema = z
  .object({
    transactionId: columnName,
    /** Tells apart several rows of one transaction (invoice lines); without it each transaction id must be unique. */
    lineId: columnName.optional(),
    date: columnName,
    dateFormat: z.enum(COLUMN_MAPPING_DATE_FORMATS),
    /** Without it every row is a SALE. `values` maps the file's words ("Verkauf", "Gutschrift") to types; a value
     * that is missing from it and is no type name itself is a row problem. */
    type: z
      .object({ column: columnName, values: z.record(z.string().min(1), z.enum(TRANSACTION_TYPES)).default({}) })
      .strict()
      .optional(),
    departureCountry: fromColumnOr(countryCode).optional(),
    arrivalCountry: fromColumnOr(countryCode),
    currency: fromColumnOr(currencyCode),
    /** Two of the three are enough: the third is derived (net + VAT = gross). */
    netAmount: columnName.optional(),
    vatAmount: columnName.optional(),
    grossAmount: columnName.optional(),
    /** `fraction` reads 0.19, `percent` reads 19 (a trailing "%" is accepted either way). */
    vatRate: z
      .object({ column: columnName, format: z.enum(['fraction', 'percent']) })
      .strict()
      .optional(),
    buyerVatNumber: columnName.optional(),
    sku: columnName.optional(),
    quantity: columnName.optional(),
    decimalSeparator: z.enum(['.', ',']).default('.'),
    delimiter: z.enum(['auto', ',', ';', '\t']).default('auto'),
  })
  .strict()
  .superRefine((mapping, context) => {
    const amounts = [mapping.netAmount, mapping.vatAmount, mapping.grossAmount].filter((name) => name !== undefined);
    if (amounts.length < 2) {
      for (const field of ['netAmount', 'vatAmount', 'grossAmount'] as const) {
        if (mapping[field] === undefined) {
          context.addIssue({
            code: 'custom',
            path: [field],
            message: 'map at least two of netAmount, vatAmount and grossAmount',
          });
        }
      }
    }
  });
export type ColumnMapping = z.infer<typeof columnMappingSchema>;

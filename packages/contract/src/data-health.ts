import { z } from 'zod';

/**
 * Data-health alerts of the dashboard (issue 6): what keeps the company's numbers from being complete or right, each
 * with how many rows or periods it concerns, read from the stored aggregates and index-friendly counts.
 */

export const DATA_HEALTH_ALERT_CODES = [
  'missing-exchange-rate',
  'b2b-without-vat-number',
  'stock-movement-without-cost-price',
  'period-without-data',
  'amazon-vat-difference',
  /** Taxable sales whose VAT due was computed from the price: the file charged another country's VAT or none. */
  'vat-computed-from-price',
  /**
   * Countries the transactions declare VAT in where the company is not registered, or only from a later month (the
   * tax registrations' `missingRegistrations`): the count is their transactions, the periods each one's first month.
   */
  'registration-missing',
] as const;
export type DataHealthAlertCode = (typeof DATA_HEALTH_ALERT_CODES)[number];

export const dataHealthSeveritySchema = z.enum(['error', 'warning', 'info']);

export const dataHealthAlertSchema = z.object({
  code: z.enum(DATA_HEALTH_ALERT_CODES),
  severity: dataHealthSeveritySchema,
  count: z.number().int().describe('Rows, lines or periods concerned (see the code)'),
  periods: z
    .array(z.string().regex(/^\d{4}-\d{2}$/))
    .optional()
    .describe('Months concerned, YYYY-MM, ascending'),
  details: z
    .array(z.string())
    .optional()
    .describe('Codes that narrow it down: currencies of missing rates, jurisdictions, filing types'),
});
export type DataHealthAlert = z.infer<typeof dataHealthAlertSchema>;

export const dataHealthSchema = z.object({
  year: z.number().int(),
  /** The day the due-date rules were applied for. */
  today: z.string(),
  alerts: z.array(dataHealthAlertSchema),
});
export type DataHealth = z.infer<typeof dataHealthSchema>;

import { FILING_TYPES, isIsoDate } from '@vatlas/domain';
import { z } from 'zod';

/** The filing calendar (issue 5): returns and lists planned from the registrations, with amounts from the data. */

const isoDate = z.string().refine(isIsoDate, 'a calendar date as YYYY-MM-DD');
const countryCode = z.string().regex(/^[A-Z]{2}$/, 'an ISO 3166-1 alpha-2 code');
const decimal = z.string().describe('Decimal string, two places (never a binary float)');

export const FILING_TYPE_VALUES = FILING_TYPES;
export const FILING_STATUS_VALUES = ['upcoming', 'due-soon', 'overdue', 'filed'] as const;
export const filingStatusSchema = z.enum(FILING_STATUS_VALUES);

const monthsAfter = z.number().int().describe('Months after the month in which the period ends');

/** How a due date follows from the period (`DueDateRule` of the domain). */
export const dueDateRuleSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('day-of-month'),
    monthsAfter,
    day: z.number().int(),
    dueMonthExceptions: z
      .array(z.object({ month: z.number().int(), day: z.number().int() }))
      .optional()
      .describe('Another day when the due date falls in that calendar month'),
  }),
  z.object({ kind: z.literal('last-day-of-month'), monthsAfter }),
  z.object({ kind: z.literal('last-working-day'), monthsAfter }),
  z.object({ kind: z.literal('working-day-of-month'), monthsAfter, workingDay: z.number().int() }),
  z.object({ kind: z.literal('days-after'), days: z.number().int() }),
  z.object({ kind: z.literal('month-and-days-after'), months: z.number().int(), days: z.number().int() }),
]);
export type DueDateRuleDto = z.infer<typeof dueDateRuleSchema>;

export const deadlineRuleSchema = z.object({
  dueDate: dueDateRuleSchema,
  shift: z.enum(['next-working-day', 'none']).describe('What a weekend or public holiday does to the day'),
  sources: z.array(z.string()).describe('Keys of the sources of the VAT rules research (§7)'),
  isVerified: z.boolean().describe('false where the research marks the rule unverified'),
});
export type DeadlineRuleDto = z.infer<typeof deadlineRuleSchema>;

export const filingSchema = z.object({
  id: z.string(),
  jurisdiction: countryCode.describe('Where the filing is made: the country, or the OSS/IOSS member state'),
  filingType: z.enum(FILING_TYPE_VALUES),
  frequency: z.enum(['monthly', 'every-two-months', 'quarterly', 'annual']),
  periodStart: isoDate,
  periodEnd: isoDate,
  dueDate: isoDate.describe('After the country rule and its weekend/holiday shift'),
  status: filingStatusSchema.describe('From the due date and today; filed once marked filed'),
  currency: z.string().describe('The currency of the return'),
  amountEur: decimal.describe(
    'VAT payable (periodic, OSS and IOSS returns), the balance after the periodic returns (annual return; negative ' +
      'when refunded) or net value listed (EC Sales List), in EUR',
  ),
  amountLocal: decimal.describe('The same in `currency`; frozen once filed'),
  filedOn: isoDate.nullable(),
  filingReference: z.string().nullable(),
  deadlineExtension: z
    .object({ months: z.number().int(), name: z.string() })
    .nullable()
    .describe(
      "The extension the tax office granted that dueDate includes (Germany's Dauerfristverlängerung): open VAT " +
        'returns only; null without one, and once filed',
    ),
  deadlineRule: deadlineRuleSchema
    .nullable()
    .describe("The rule that sets an open filing's due date, with its sources; null once filed, its due date standing"),
  paymentDue: z
    .object({ date: isoDate, rule: deadlineRuleSchema })
    .nullable()
    .describe(
      "The day the VAT is paid where that is not the due date: Croatia's and Portugal's periodic returns (paid after " +
        "they are filed), Italy's annual balance (paid before the return is due); null where it is paid with the " +
        'filing, or nothing is paid. Given for filed filings too: filing is not paying',
    ),
  paidOn: isoDate
    .nullable()
    .describe('The day the user marked that payment made (`paymentDue` filings only, filed or not); null until then'),
  annualSettlement: z
    .object({
      vatForYearEur: decimal,
      vatForYearLocal: decimal,
      declaredEur: decimal,
      declaredLocal: decimal,
    })
    .nullable()
    .describe(
      "How an open annual return's amount follows: the year's VAT less what the year's periodic VAT returns declared " +
        '(a filed one as it was filed); null for every other filing, and once filed',
    ),
});
export type Filing = z.infer<typeof filingSchema>;

export const filingListSchema = z.object({
  /** The day the statuses were computed for. */
  today: isoDate,
  items: z.array(filingSchema),
});
export type FilingList = z.infer<typeof filingListSchema>;

export const filingQuerySchema = z.object({
  status: filingStatusSchema.optional(),
  jurisdiction: countryCode.optional(),
  from: isoDate.optional().describe('Due on or after'),
  to: isoDate.optional().describe('Due on or before'),
});
export type FilingQuery = z.infer<typeof filingQuerySchema>;

export const markFilingFiledRequestSchema = z.object({
  filedOn: isoDate.describe('The day it was submitted; not in the future'),
  reference: z.string().trim().min(1, 'is required').max(200).describe("The authority's receipt or reference"),
});
export type MarkFilingFiledRequest = z.infer<typeof markFilingFiledRequestSchema>;

export const markFilingPaidRequestSchema = z.object({
  paidOn: isoDate.describe('The day the VAT was paid; not in the future'),
});
export type MarkFilingPaidRequest = z.infer<typeof markFilingPaidRequestSchema>;

import { z } from 'zod';

/** The filings calendar feed (issue 6): a per-user secret iCalendar URL that calendar applications subscribe to. */

export const calendarFeedSchema = z.object({
  url: z
    .string()
    .url()
    .describe('The secret .ics URL of the signed-in user; anyone with it can read the deadlines, so keep it private'),
  createdAt: z.string().describe('When this link was created (ISO 8601); a rotation creates a new one'),
});
export type CalendarFeed = z.infer<typeof calendarFeedSchema>;

/** The secret in the feed URL: 43 characters of base64url (256 random bits, as an HMAC). */
export const calendarFeedSecretSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'a calendar feed secret');

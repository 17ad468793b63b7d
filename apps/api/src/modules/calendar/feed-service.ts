import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { apiPaths, type CalendarFeed, calendarFeedSecretSchema, type Filing } from '@vatlas/contract';
import type { Db } from '../../db/client';
import { HttpError } from '../../plugins/errors';
import { listFilings } from '../filings/service';
import { type IcsEvent, writeIcsCalendar } from './ics';
import {
  FEED_WORDS,
  filingStatusLabel,
  filingTitle,
  filingTypeLabel,
  languageOf,
  type MailLanguage,
  periodLabel,
} from './labels';
import {
  type CalendarFeedRecord,
  findCalendarFeed,
  findFeedOwnerBySecretHash,
  insertCalendarFeedIfMissing,
  listMemberCompanies,
  replaceCalendarFeed,
} from './repository';

export type CalendarFeedDeps = {
  db: Db;
  publicUrl: string;
  /** The server's internal token secret; the feed key is derived from it and used for nothing else. */
  serverSecret: string;
  now?: () => Date;
};

export const CALENDAR_PRODUCT_ID = '-//Vatlas//Filings calendar//EN';

const feedKeyOf = (serverSecret: string) =>
  createHmac('sha256', serverSecret).update('vatlas/calendar-feed/v1').digest();

/** The secret of the URL: an HMAC of the user and the row's nonce (256 bits, base64url, 43 characters). */
function feedSecretOf(deps: CalendarFeedDeps, feed: { userId: string; nonce: string }): string {
  return createHmac('sha256', feedKeyOf(deps.serverSecret)).update(`${feed.userId}:${feed.nonce}`).digest('base64url');
}

const sha256Hex = (value: string) => createHash('sha256').update(value).digest('hex');

function newFeedRow(deps: CalendarFeedDeps, userId: string) {
  const nonce = randomBytes(16).toString('base64url');
  return { userId, nonce, secretHash: sha256Hex(feedSecretOf(deps, { userId, nonce })) };
}

function toCalendarFeed(deps: CalendarFeedDeps, row: CalendarFeedRecord): CalendarFeed {
  return {
    url: `${deps.publicUrl}${apiPaths.calendarFeedIcs(feedSecretOf(deps, row))}`,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The user's feed URL, created on the first call. */
export async function getCalendarFeed(deps: CalendarFeedDeps, userId: string): Promise<CalendarFeed> {
  const existing = await findCalendarFeed(deps.db, userId);
  const row = existing ?? (await insertCalendarFeedIfMissing(deps.db, newFeedRow(deps, userId)));
  return toCalendarFeed(deps, row);
}

/** A new secret: the old URL answers 404 from now on. */
export async function rotateCalendarFeed(deps: CalendarFeedDeps, userId: string): Promise<CalendarFeed> {
  return toCalendarFeed(deps, await replaceCalendarFeed(deps.db, newFeedRow(deps, userId)));
}

const notFound = () => new HttpError(404, 'calendar_feed_not_found', 'No such calendar feed.');

/**
 * The iCalendar document of the feed whose secret this is: every filing of every company the user belongs to, an
 * all-day event on its due date (and on its payment day where that differs). Unknown or malformed secrets answer 404
 * alike.
 */
export async function renderCalendarFeed(deps: CalendarFeedDeps, secret: string): Promise<string> {
  if (!calendarFeedSecretSchema.safeParse(secret).success) throw notFound();
  const secretHash = sha256Hex(secret);
  const owner = await findFeedOwnerBySecretHash(deps.db, secretHash);
  // The lookup is by an index; the comparison that decides is constant-time all the same.
  if (!owner || !timingSafeEqual(Buffer.from(owner.secretHash, 'hex'), Buffer.from(secretHash, 'hex'))) {
    throw notFound();
  }
  const language = languageOf(owner.language);
  const context = { language, stamp: (deps.now ?? (() => new Date()))(), calendarUrl: `${deps.publicUrl}/calendar` };
  const events: IcsEvent[] = [];
  for (const company of await listMemberCompanies(deps.db, owner.userId)) {
    const { items } = await listFilings(deps.db, company.companyId, {});
    for (const filing of items) events.push(...filingEvents(filing, company.name, context));
  }
  return writeIcsCalendar({
    prodId: CALENDAR_PRODUCT_ID,
    name: FEED_WORDS[language].name,
    events,
  });
}

/**
 * A filing's all-day events: one on its due date, and where its VAT is paid on another day (decision 050) one on that
 * day, named as the payment of the filing.
 */
export function filingEvents(
  filing: Filing,
  companyName: string,
  context: { language: MailLanguage; stamp: Date; calendarUrl: string },
): IcsEvent[] {
  const { language, stamp, calendarUrl } = context;
  const status = filingStatusLabel(language, filing.status);
  const words = FEED_WORDS[language];
  const title = filingTitle(language, filing, companyName);
  const description = [
    `${words.period}: ${periodLabel(filing)} (${filing.periodStart} – ${filing.periodEnd})`,
    `${words.amount}: ${filing.amountLocal} ${filing.currency}`,
    `${words.status}: ${status}`,
    ...(filing.paymentDue ? [`${words.payment}: ${filing.paymentDue.date}`] : []),
    ...(filing.paidOn ? [`${words.paid}: ${filing.paidOn}`] : []),
    ...(filing.filedOn ? [`${words.filed}: ${filing.filedOn} (${filing.filingReference ?? ''})`] : []),
    calendarUrl,
  ].join('\n');
  const typeLabel = filingTypeLabel(language, filing.filingType);
  const common = { stamp, description, url: calendarUrl, status: 'CONFIRMED' as const };
  const events: IcsEvent[] = [
    {
      ...common,
      uid: `filing-${filing.id}@vatlas`,
      date: filing.dueDate,
      summary: title,
      categories: [typeLabel, status],
    },
  ];
  // A payment marked made leaves the feed, as it leaves the reminders (decision 051).
  if (filing.paymentDue && filing.paidOn === null) {
    events.push({
      ...common,
      uid: `payment-${filing.id}@vatlas`,
      date: filing.paymentDue.date,
      summary: `${words.payment}: ${title}`,
      categories: [typeLabel, words.payment],
    });
  }
  return events;
}

import { addIsoDays, todayIsoDate } from '@vatlas/domain';
import type { Db } from '../../db/client';
import { refreshFilings } from '../filings/service';
import type { Mailer, OutgoingMail } from '../mail/mailer';
import { DEFAULT_DEADLINE_REMINDER_DAYS, DEFAULT_NOTIFICATION_SETTINGS } from '../user/notification-service';
import { filingTitle, languageOf, type MailLanguage } from './labels';
import {
  claimReminder,
  type DueFilingRow,
  listCompaniesWithMembers,
  listOpenFilingsDueBetween,
  listReminderRecipients,
  releaseReminder,
} from './repository';

export type ReminderLog = {
  info(details: Record<string, unknown>, message: string): void;
  warn(details: Record<string, unknown>, message: string): void;
  error(details: Record<string, unknown>, message: string): void;
};

export type ReminderDeps = {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  log?: ReminderLog;
  /** The clock; tests move it. */
  now?: () => Date;
};

export type ReminderRunResult = { mails: number; reminders: number; failedMails: number };

const daysFrom = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);

function describeDaysLeft(language: MailLanguage, days: number): string {
  if (language === 'de') return days === 0 ? 'heute fällig' : days === 1 ? 'morgen fällig' : `fällig in ${days} Tagen`;
  return days === 0 ? 'due today' : days === 1 ? 'due tomorrow' : `due in ${days} days`;
}

/**
 * The reminder mail: what is due when, for which company, and a link to the calendar. Filing totals only; nothing
 * about buyers (names, addresses, VAT numbers) is in the data it reads.
 */
export function composeReminderMail(input: {
  to: string;
  language: MailLanguage;
  today: string;
  filings: readonly DueFilingRow[];
  publicUrl: string;
}): OutgoingMail {
  const { language, today, filings } = input;
  const isGerman = language === 'de';
  const lines = filings.map((filing) => {
    const title = filingTitle(language, filing, filing.companyName);
    const amount = `${filing.amountLocal} ${filing.currency}`;
    const when = describeDaysLeft(language, daysFrom(today, filing.dueDate));
    return isGerman
      ? `• ${title}: fällig am ${filing.dueDate} (${when}), Betrag ${amount}`
      : `• ${title}: due ${filing.dueDate} (${when}), amount ${amount}`;
  });
  const link = `${input.publicUrl}/calendar`;
  const first = filings[0];
  const subject = isGerman
    ? filings.length === 1 && first
      ? `Erinnerung: ${filingTitle(language, first, first.companyName)} fällig am ${first.dueDate}`
      : `Erinnerung: ${filings.length} Meldungen sind bald fällig`
    : filings.length === 1 && first
      ? `Reminder: ${filingTitle(language, first, first.companyName)} due ${first.dueDate}`
      : `Reminder: ${filings.length} filings are due soon`;
  const text = isGerman
    ? [
        'Guten Tag,',
        '',
        'diese Meldungen sind bald fällig und noch nicht als eingereicht markiert:',
        '',
        ...lines,
        '',
        `Zum Abgabekalender: ${link}`,
        '',
        'Sie erhalten diese Erinnerung, weil Fristerinnerungen per E-Mail in Ihren Benachrichtigungseinstellungen aktiviert sind.',
      ]
    : [
        'Hello,',
        '',
        'these filings are due soon and not yet marked as filed:',
        '',
        ...lines,
        '',
        `Open the filings calendar: ${link}`,
        '',
        'You receive this reminder because e-mail deadline reminders are on in your notification settings.',
      ];
  return { to: input.to, subject, text: text.join('\n') };
}

/**
 * One run of the deadline reminders: refreshes the filings of every company with members, then, for each user whose
 * e-mail deadline reminders are on, mails the open filings of their companies that are due within their
 * `daysBefore` (today included) and have not been reminded of for that due date. Each reminder is claimed by an insert
 * that does nothing on conflict before the mail is sent, so concurrent runs in several processes send it once; a
 * failed send gives its claims back for the next run.
 */
export async function sendDueReminders(deps: ReminderDeps): Promise<ReminderRunResult> {
  const today = todayIsoDate((deps.now ?? (() => new Date()))());
  for (const companyId of await listCompaniesWithMembers(deps.db)) {
    try {
      await deps.db.transaction((tx) => refreshFilings(tx as unknown as Db, companyId, { today }));
    } catch (error) {
      deps.log?.warn({ companyId, err: error }, 'filings could not be refreshed before reminders');
    }
  }
  const result: ReminderRunResult = { mails: 0, reminders: 0, failedMails: 0 };
  for (const recipient of await listReminderRecipients(deps.db)) {
    const isEnabled = recipient.enabled ?? DEFAULT_NOTIFICATION_SETTINGS['deadline-reminders'].email;
    if (!isEnabled) continue;
    const daysBefore = recipient.daysBefore ?? DEFAULT_DEADLINE_REMINDER_DAYS;
    const due = await listOpenFilingsDueBetween(deps.db, recipient.userId, {
      from: today,
      to: addIsoDays(today, daysBefore),
    });
    const claimed: DueFilingRow[] = [];
    for (const filing of due) {
      const claim = { userId: recipient.userId, filingId: filing.filingId, dueDate: filing.dueDate };
      if (await claimReminder(deps.db, claim)) claimed.push(filing);
    }
    if (claimed.length === 0) continue;
    try {
      await deps.mailer.send(
        composeReminderMail({
          to: recipient.email,
          language: languageOf(recipient.language),
          today,
          filings: claimed,
          publicUrl: deps.publicUrl,
        }),
      );
      result.mails += 1;
      result.reminders += claimed.length;
    } catch (error) {
      result.failedMails += 1;
      // The user id only: the address stays out of the log.
      deps.log?.warn({ userId: recipient.userId, err: error }, 'a deadline reminder could not be sent');
      for (const filing of claimed) {
        await releaseReminder(deps.db, {
          userId: recipient.userId,
          filingId: filing.filingId,
          dueDate: filing.dueDate,
        });
      }
    }
  }
  if (result.mails > 0 || result.failedMails > 0) deps.log?.info({ ...result }, 'deadline reminders sent');
  return result;
}

export type ReminderJob = { stop(): void; runNow(): Promise<ReminderRunResult | undefined> };

export const REMINDER_INTERVAL_MS = 60 * 60 * 1000;

/** Runs the reminders at once and then every hour; a run still going when the next is due is not doubled. */
export function startReminderJob(deps: ReminderDeps & { intervalMs?: number }): ReminderJob {
  let running: Promise<ReminderRunResult | undefined> | undefined;
  const runNow = () => {
    running ??= sendDueReminders(deps)
      .catch((error: unknown) => {
        deps.log?.error({ err: error }, 'the deadline reminder run failed');
        return undefined;
      })
      .finally(() => {
        running = undefined;
      });
    return running;
  };
  const first = setTimeout(() => void runNow(), 0);
  const timer = setInterval(() => void runNow(), deps.intervalMs ?? REMINDER_INTERVAL_MS);
  first.unref();
  timer.unref();
  return {
    stop() {
      clearTimeout(first);
      clearInterval(timer);
    },
    runNow,
  };
}

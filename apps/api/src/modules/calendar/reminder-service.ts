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

type ReminderTexts = {
  daysLeft: (days: number) => string;
  line: (title: string, dueDate: string, when: string, amount: string) => string;
  subjectOne: (title: string, dueDate: string) => string;
  subjectMany: (count: number) => string;
  greeting: string;
  intro: string;
  link: (url: string) => string;
  why: string;
};

/** The reminder mail in each of the six languages. */
const REMINDER_TEXTS: Record<MailLanguage, ReminderTexts> = {
  en: {
    daysLeft: (days) => (days === 0 ? 'due today' : days === 1 ? 'due tomorrow' : `due in ${days} days`),
    line: (title, dueDate, when, amount) => `• ${title}: due ${dueDate} (${when}), amount ${amount}`,
    subjectOne: (title, dueDate) => `Reminder: ${title} due ${dueDate}`,
    subjectMany: (count) => `Reminder: ${count} filings are due soon`,
    greeting: 'Hello,',
    intro: 'these filings are due soon and not yet marked as filed:',
    link: (url) => `Open the filings calendar: ${url}`,
    why: 'You receive this reminder because e-mail deadline reminders are on in your notification settings.',
  },
  de: {
    daysLeft: (days) => (days === 0 ? 'heute fällig' : days === 1 ? 'morgen fällig' : `fällig in ${days} Tagen`),
    line: (title, dueDate, when, amount) => `• ${title}: fällig am ${dueDate} (${when}), Betrag ${amount}`,
    subjectOne: (title, dueDate) => `Erinnerung: ${title} fällig am ${dueDate}`,
    subjectMany: (count) => `Erinnerung: ${count} Meldungen sind bald fällig`,
    greeting: 'Guten Tag,',
    intro: 'diese Meldungen sind bald fällig und noch nicht als eingereicht markiert:',
    link: (url) => `Zum Abgabekalender: ${url}`,
    why: 'Sie erhalten diese Erinnerung, weil Fristerinnerungen per E-Mail in Ihren Benachrichtigungseinstellungen aktiviert sind.',
  },
  fr: {
    daysLeft: (days) =>
      days === 0 ? "à déposer aujourd'hui" : days === 1 ? 'à déposer demain' : `à déposer dans ${days} jours`,
    line: (title, dueDate, when, amount) => `• ${title} : à déposer le ${dueDate} (${when}), montant ${amount}`,
    subjectOne: (title, dueDate) => `Rappel : ${title} à déposer le ${dueDate}`,
    subjectMany: (count) => `Rappel : ${count} déclarations sont bientôt dues`,
    greeting: 'Bonjour,',
    intro: 'ces déclarations arrivent à échéance et ne sont pas encore marquées comme déposées :',
    link: (url) => `Ouvrir le calendrier des déclarations : ${url}`,
    why: 'Vous recevez ce rappel car les rappels d’échéance par e-mail sont activés dans vos paramètres de notification.',
  },
  it: {
    daysLeft: (days) => (days === 0 ? 'scade oggi' : days === 1 ? 'scade domani' : `scade tra ${days} giorni`),
    line: (title, dueDate, when, amount) => `• ${title}: scadenza ${dueDate} (${when}), importo ${amount}`,
    subjectOne: (title, dueDate) => `Promemoria: ${title} in scadenza il ${dueDate}`,
    subjectMany: (count) => `Promemoria: ${count} adempimenti sono in scadenza`,
    greeting: 'Buongiorno,',
    intro: 'questi adempimenti sono in scadenza e non ancora segnati come presentati:',
    link: (url) => `Apri il calendario degli adempimenti: ${url}`,
    why: 'Ricevi questo promemoria perché i promemoria delle scadenze via e-mail sono attivi nelle tue impostazioni di notifica.',
  },
  es: {
    daysLeft: (days) => (days === 0 ? 'vence hoy' : days === 1 ? 'vence mañana' : `vence en ${days} días`),
    line: (title, dueDate, when, amount) => `• ${title}: vence el ${dueDate} (${when}), importe ${amount}`,
    subjectOne: (title, dueDate) => `Recordatorio: ${title} vence el ${dueDate}`,
    subjectMany: (count) => `Recordatorio: ${count} declaraciones vencen pronto`,
    greeting: 'Hola:',
    intro: 'estas declaraciones vencen pronto y aún no están marcadas como presentadas:',
    link: (url) => `Abrir el calendario de declaraciones: ${url}`,
    why: 'Recibes este recordatorio porque los recordatorios de plazos por correo electrónico están activados en tus ajustes de notificaciones.',
  },
  pl: {
    daysLeft: (days) => (days === 0 ? 'termin dzisiaj' : days === 1 ? 'termin jutro' : `termin za ${days} dni`),
    line: (title, dueDate, when, amount) => `• ${title}: termin ${dueDate} (${when}), kwota ${amount}`,
    subjectOne: (title, dueDate) => `Przypomnienie: ${title}, termin ${dueDate}`,
    subjectMany: (count) => `Przypomnienie: zbliża się termin deklaracji (${count})`,
    greeting: 'Dzień dobry,',
    intro: 'zbliża się termin tych deklaracji, a nie oznaczono ich jeszcze jako złożonych:',
    link: (url) => `Otwórz kalendarz deklaracji: ${url}`,
    why: 'Otrzymujesz to przypomnienie, ponieważ w ustawieniach powiadomień włączono przypomnienia e-mail o terminach.',
  },
};

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
  const texts = REMINDER_TEXTS[language];
  const lines = filings.map((filing) =>
    texts.line(
      filingTitle(language, filing, filing.companyName),
      filing.dueDate,
      texts.daysLeft(daysFrom(today, filing.dueDate)),
      `${filing.amountLocal} ${filing.currency}`,
    ),
  );
  const first = filings[0];
  const subject =
    filings.length === 1 && first
      ? texts.subjectOne(filingTitle(language, first, first.companyName), first.dueDate)
      : texts.subjectMany(filings.length);
  const text = [
    texts.greeting,
    '',
    texts.intro,
    '',
    ...lines,
    '',
    texts.link(`${input.publicUrl}/calendar`),
    '',
    texts.why,
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

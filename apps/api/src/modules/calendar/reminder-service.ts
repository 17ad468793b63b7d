import {
  addIsoDays,
  COUNTRY_FILING_RULES,
  type FilingType,
  paymentDueDate,
  type ReturnFrequency,
  todayIsoDate,
} from '@vatlas/domain';
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
  listReturnsEndedBetween,
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
  /** Where the VAT is paid on another day than the return is filed (decision 050). */
  payment: {
    /** Where "due in 3 days" says filing, not paying (French "à déposer"); daysLeft otherwise. */
    daysLeft?: (days: number) => string;
    line: (title: string, date: string, when: string, amount: string) => string;
    subjectOne: (title: string, date: string) => string;
    subjectMany: (count: number) => string;
    intro: string;
  };
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
    payment: {
      line: (title, date, when, amount) => `• ${title}: payment due ${date} (${when}), amount ${amount}`,
      subjectOne: (title, date) => `Reminder: payment for ${title} due ${date}`,
      subjectMany: (count) => `Reminder: ${count} VAT payments are due soon`,
      intro: 'the VAT of these returns is to be paid soon:',
    },
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
    payment: {
      line: (title, date, when, amount) => `• ${title}: Zahlung fällig am ${date} (${when}), Betrag ${amount}`,
      subjectOne: (title, date) => `Erinnerung: Zahlung für ${title} fällig am ${date}`,
      subjectMany: (count) => `Erinnerung: ${count} Umsatzsteuerzahlungen sind bald fällig`,
      intro: 'die Umsatzsteuer dieser Meldungen ist bald zu zahlen:',
    },
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
    payment: {
      daysLeft: (days) =>
        days === 0 ? "à payer aujourd'hui" : days === 1 ? 'à payer demain' : `à payer dans ${days} jours`,
      line: (title, date, when, amount) => `• ${title} : paiement dû le ${date} (${when}), montant ${amount}`,
      subjectOne: (title, date) => `Rappel : paiement de ${title} dû le ${date}`,
      subjectMany: (count) => `Rappel : ${count} paiements de TVA arrivent à échéance`,
      intro: 'la TVA de ces déclarations est bientôt à payer :',
    },
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
    payment: {
      line: (title, date, when, amount) => `• ${title}: versamento entro il ${date} (${when}), importo ${amount}`,
      subjectOne: (title, date) => `Promemoria: versamento per ${title} entro il ${date}`,
      subjectMany: (count) => `Promemoria: ${count} versamenti IVA sono in scadenza`,
      intro: "l'IVA di questi adempimenti è da versare a breve:",
    },
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
    payment: {
      line: (title, date, when, amount) => `• ${title}: pago hasta el ${date} (${when}), importe ${amount}`,
      subjectOne: (title, date) => `Recordatorio: pago de ${title} hasta el ${date}`,
      subjectMany: (count) => `Recordatorio: ${count} pagos de IVA vencen pronto`,
      intro: 'el IVA de estas declaraciones debe pagarse pronto:',
    },
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
    payment: {
      line: (title, date, when, amount) => `• ${title}: termin płatności ${date} (${when}), kwota ${amount}`,
      subjectOne: (title, date) => `Przypomnienie: płatność za ${title}, termin ${date}`,
      subjectMany: (count) => `Przypomnienie: zbliża się termin płatności VAT (${count})`,
      intro: 'zbliża się termin zapłaty VAT z tych deklaracji:',
    },
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
  /** Filings whose VAT is to be paid soon, on another day than they are due (`dueDate` is the payment day). */
  payments?: readonly DueFilingRow[];
  publicUrl: string;
}): OutgoingMail {
  const { language, today, filings, payments = [] } = input;
  const texts = REMINDER_TEXTS[language];
  const lineOf = (filing: DueFilingRow, line: ReminderTexts['line'], daysLeft: ReminderTexts['daysLeft']) =>
    line(
      filingTitle(language, filing, filing.companyName),
      filing.dueDate,
      daysLeft(daysFrom(today, filing.dueDate)),
      `${filing.amountLocal} ${filing.currency}`,
    );
  const paymentTexts = texts.payment;
  const section = (intro: string, lines: string[]) => (lines.length > 0 ? [intro, '', ...lines, ''] : []);
  const text = [
    texts.greeting,
    '',
    ...section(
      texts.intro,
      filings.map((filing) => lineOf(filing, texts.line, texts.daysLeft)),
    ),
    ...section(
      paymentTexts.intro,
      payments.map((filing) => lineOf(filing, paymentTexts.line, paymentTexts.daysLeft ?? texts.daysLeft)),
    ),
    texts.link(`${input.publicUrl}/calendar`),
    '',
    texts.why,
  ];
  return { to: input.to, subject: subjectOf(texts, language, filings, payments), text: text.join('\n') };
}

/** The filings' subject where there are any (as before payments were reminded of), else the payments'. */
function subjectOf(
  texts: ReminderTexts,
  language: MailLanguage,
  filings: readonly DueFilingRow[],
  payments: readonly DueFilingRow[],
): string {
  const [kind, items] = filings.length > 0 ? [texts, filings] : [texts.payment, payments];
  const first = items[0];
  return items.length === 1 && first
    ? kind.subjectOne(filingTitle(language, first, first.companyName), first.dueDate)
    : kind.subjectMany(items.length);
}

/**
 * One run of the deadline reminders: refreshes the filings of every company with members, then, for each user whose
 * e-mail deadline reminders are on, mails the open filings of their companies that are due within their
 * `daysBefore` (today included) and have not been reminded of for that due date, and the returns (filed or not) whose
 * VAT is to be paid within those days where that is another day (decision 050). Each reminder is claimed by an insert
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
    const payments = await listPaymentsDueBetween(deps.db, recipient.userId, {
      from: today,
      to: addIsoDays(today, daysBefore),
    });
    // A payment is claimed under its own day, which is never its filing's due date, so the two are reminded apart.
    const claim = async (rows: readonly DueFilingRow[]) => {
      const claimed: DueFilingRow[] = [];
      for (const filing of rows) {
        const key = { userId: recipient.userId, filingId: filing.filingId, dueDate: filing.dueDate };
        if (await claimReminder(deps.db, key)) claimed.push(filing);
      }
      return claimed;
    };
    const claimedFilings = await claim(due);
    const claimedPayments = await claim(payments);
    const claimed = [...claimedFilings, ...claimedPayments];
    if (claimed.length === 0) continue;
    try {
      await deps.mailer.send(
        composeReminderMail({
          to: recipient.email,
          language: languageOf(recipient.language),
          today,
          filings: claimedFilings,
          payments: claimedPayments,
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

/** The countries whose VAT is paid on another day than a return is filed (decision 050). */
const PAYMENT_COUNTRIES = COUNTRY_FILING_RULES.filter(
  ({ vatReturn }) => vatReturn.paymentDue !== undefined || vatReturn.annualPaymentDue !== undefined,
).map(({ country }) => country);

/**
 * How long before its payment day a period may have ended: Italy's annual balance, the longest, is paid 75 days after
 * the year (16 March); twice that bounds every rule with room to spare.
 */
const PAYMENT_LOOKBACK_DAYS = 150;

/** The user's returns whose VAT is to be paid between `from` and `to`, each with its payment day as `dueDate`. */
async function listPaymentsDueBetween(
  db: Db,
  userId: string,
  range: { from: string; to: string },
): Promise<DueFilingRow[]> {
  const candidates = await listReturnsEndedBetween(db, userId, {
    from: addIsoDays(range.from, -PAYMENT_LOOKBACK_DAYS),
    to: range.to,
    jurisdictions: PAYMENT_COUNTRIES,
  });
  return candidates.flatMap((filing) => {
    const date = paymentDueDate({
      country: filing.jurisdiction.trim(),
      filingType: filing.filingType as FilingType,
      frequency: filing.frequency as ReturnFrequency,
      period: { start: filing.periodStart, end: filing.periodEnd },
    });
    return date !== undefined && date >= range.from && date <= range.to ? [{ ...filing, dueDate: date }] : [];
  });
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

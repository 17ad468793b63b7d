/** Words of the feed and the reminder mails, in the user's language (en or de). */

export type MailLanguage = 'en' | 'de';

export const languageOf = (value: string | null | undefined): MailLanguage => (value === 'de' ? 'de' : 'en');

const FILING_TYPE_LABELS: Record<MailLanguage, Record<string, string>> = {
  en: {
    'vat-return': 'VAT return',
    'oss-return': 'OSS return',
    'ioss-return': 'IOSS return',
    'ec-sales-list': 'EC Sales List',
  },
  de: {
    'vat-return': 'Umsatzsteuer-Voranmeldung',
    'oss-return': 'OSS-Meldung',
    'ioss-return': 'IOSS-Meldung',
    'ec-sales-list': 'Zusammenfassende Meldung',
  },
};

const STATUS_LABELS: Record<MailLanguage, Record<string, string>> = {
  en: { upcoming: 'Upcoming', 'due-soon': 'Due soon', overdue: 'Overdue', filed: 'Filed' },
  de: { upcoming: 'Anstehend', 'due-soon': 'Bald fällig', overdue: 'Überfällig', filed: 'Eingereicht' },
};

export const filingTypeLabel = (language: MailLanguage, filingType: string) =>
  FILING_TYPE_LABELS[language][filingType] ?? filingType;

export const filingStatusLabel = (language: MailLanguage, status: string) => STATUS_LABELS[language][status] ?? status;

/** A return period as people write it: 2026-10 (month), 2026-Q3 (quarter), 2026 (year), 2026-09/2026-10 otherwise. */
export function periodLabel(filing: { frequency: string; periodStart: string; periodEnd: string }): string {
  const startMonth = filing.periodStart.slice(0, 7);
  const endMonth = filing.periodEnd.slice(0, 7);
  switch (filing.frequency) {
    case 'monthly':
      return startMonth;
    case 'quarterly':
      return `${filing.periodStart.slice(0, 4)}-Q${Math.floor((Number(filing.periodStart.slice(5, 7)) - 1) / 3) + 1}`;
    case 'annual':
      return filing.periodStart.slice(0, 4);
    default:
      return startMonth === endMonth ? startMonth : `${startMonth}/${endMonth}`;
  }
}

/** "DE VAT return 2026-10 — Nordlicht GmbH". */
export function filingTitle(
  language: MailLanguage,
  filing: { jurisdiction: string; filingType: string; frequency: string; periodStart: string; periodEnd: string },
  companyName: string,
): string {
  return `${filing.jurisdiction} ${filingTypeLabel(language, filing.filingType)} ${periodLabel(filing)} — ${companyName}`;
}

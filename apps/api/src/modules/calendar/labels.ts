import { LANGUAGES, type Language } from '@vatlas/contract';
import type { FilingType } from '@vatlas/domain';

/** Words of the feed and the reminder mails, in the user's language (one of the six; English otherwise). */

export type MailLanguage = Language;

export const languageOf = (value: string | null | undefined): MailLanguage =>
  LANGUAGES.find((language) => language === value) ?? 'en';

const FILING_TYPE_LABELS: Record<MailLanguage, Record<FilingType, string>> = {
  en: {
    'vat-return': 'VAT return',
    'annual-return': 'Annual VAT return',
    'oss-return': 'OSS return',
    'ioss-return': 'IOSS return',
    'ec-sales-list': 'EC Sales List',
  },
  de: {
    'vat-return': 'Umsatzsteuer-Voranmeldung',
    'annual-return': 'Umsatzsteuer-Jahreserklärung',
    'oss-return': 'OSS-Meldung',
    'ioss-return': 'IOSS-Meldung',
    'ec-sales-list': 'Zusammenfassende Meldung',
  },
  fr: {
    'vat-return': 'Déclaration de TVA',
    'annual-return': 'Déclaration annuelle de TVA',
    'oss-return': 'Déclaration OSS',
    'ioss-return': 'Déclaration IOSS',
    'ec-sales-list': 'État récapitulatif',
  },
  it: {
    'vat-return': 'Dichiarazione IVA',
    'annual-return': 'Dichiarazione IVA annuale',
    'oss-return': 'Dichiarazione OSS',
    'ioss-return': 'Dichiarazione IOSS',
    'ec-sales-list': 'Elenco riepilogativo',
  },
  es: {
    'vat-return': 'Declaración de IVA',
    'annual-return': 'Declaración anual de IVA',
    'oss-return': 'Declaración OSS',
    'ioss-return': 'Declaración IOSS',
    'ec-sales-list': 'Declaración recapitulativa',
  },
  pl: {
    'vat-return': 'Deklaracja VAT',
    'annual-return': 'Roczna deklaracja VAT',
    'oss-return': 'Deklaracja OSS',
    'ioss-return': 'Deklaracja IOSS',
    'ec-sales-list': 'Informacja podsumowująca (VAT-UE)',
  },
};

const STATUS_LABELS: Record<MailLanguage, Record<string, string>> = {
  en: { upcoming: 'Upcoming', 'due-soon': 'Due soon', overdue: 'Overdue', filed: 'Filed' },
  de: { upcoming: 'Anstehend', 'due-soon': 'Bald fällig', overdue: 'Überfällig', filed: 'Eingereicht' },
  fr: { upcoming: 'À venir', 'due-soon': 'Bientôt due', overdue: 'En retard', filed: 'Déposée' },
  it: { upcoming: 'In arrivo', 'due-soon': 'In scadenza', overdue: 'Scaduta', filed: 'Presentata' },
  es: { upcoming: 'Próxima', 'due-soon': 'Vence pronto', overdue: 'Vencida', filed: 'Presentada' },
  pl: { upcoming: 'Nadchodząca', 'due-soon': 'Wkrótce termin', overdue: 'Po terminie', filed: 'Złożona' },
};

/** The feed's own words: its name and the labels of an event's description. */
export const FEED_WORDS: Record<
  MailLanguage,
  { name: string; period: string; amount: string; status: string; filed: string; payment: string; paid: string }
> = {
  en: {
    name: 'Vatlas – filing deadlines',
    period: 'Period',
    amount: 'Amount',
    status: 'Status',
    filed: 'Filed on',
    payment: 'Payment due',
    paid: 'Paid on',
  },
  de: {
    name: 'Vatlas – Abgabefristen',
    period: 'Zeitraum',
    amount: 'Betrag',
    status: 'Status',
    filed: 'Eingereicht am',
    payment: 'Zahlung fällig',
    paid: 'Bezahlt am',
  },
  fr: {
    name: 'Vatlas – échéances déclaratives',
    period: 'Période',
    amount: 'Montant',
    status: 'Statut',
    filed: 'Déposée le',
    payment: 'Paiement dû',
    paid: 'Payé le',
  },
  it: {
    name: 'Vatlas – scadenze degli adempimenti',
    period: 'Periodo',
    amount: 'Importo',
    status: 'Stato',
    filed: 'Presentata il',
    payment: 'Pagamento dovuto',
    paid: 'Pagato il',
  },
  es: {
    name: 'Vatlas – plazos de presentación',
    period: 'Periodo',
    amount: 'Importe',
    status: 'Estado',
    filed: 'Presentada el',
    payment: 'Pago debido',
    paid: 'Pagado el',
  },
  pl: {
    name: 'Vatlas – terminy deklaracji',
    period: 'Okres',
    amount: 'Kwota',
    status: 'Status',
    filed: 'Złożono',
    payment: 'Termin płatności',
    paid: 'Zapłacono',
  },
};

export const filingTypeLabel = (language: MailLanguage, filingType: string) =>
  FILING_TYPE_LABELS[language][filingType as FilingType] ?? filingType;

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

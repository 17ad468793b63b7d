import { LANGUAGES } from '@vatlas/contract';
import { describe, expect, it } from 'vitest';
import { FEED_WORDS, filingStatusLabel, filingTypeLabel, languageOf } from './labels';
import { composeReminderMail } from './reminder-service';

const filing = {
  filingId: 'f1',
  companyName: 'Nordlicht Trading GmbH',
  jurisdiction: 'FR',
  filingType: 'vat-return',
  frequency: 'monthly',
  periodStart: '2026-10-01',
  periodEnd: '2026-10-31',
  dueDate: '2026-11-24',
  currency: 'EUR',
  amountLocal: '1234.50',
};
const mail = (language: (typeof LANGUAGES)[number], filings = [filing]) =>
  composeReminderMail({ to: 'x@example.test', language, today: '2026-11-21', filings, publicUrl: 'https://v.example' });

describe('the reminder mail and the feed in six languages', () => {
  it('writes the reminder in the user language', () => {
    expect(mail('fr').subject).toBe(
      'Rappel : FR Déclaration de TVA 2026-10 — Nordlicht Trading GmbH à déposer le 2026-11-24',
    );
    expect(mail('pl').text).toContain(
      '• FR Deklaracja VAT 2026-10 — Nordlicht Trading GmbH: termin 2026-11-24 (termin za 3 dni), kwota 1234.50 EUR',
    );
    expect(mail('it', [filing, { ...filing, filingId: 'f2' }]).subject).toBe(
      'Promemoria: 2 adempimenti sono in scadenza',
    );
    expect(mail('es').text).toContain('Abrir el calendario de declaraciones: https://v.example/calendar');
    expect(mail('de').subject).toBe(
      'Erinnerung: FR Umsatzsteuer-Voranmeldung 2026-10 — Nordlicht Trading GmbH fällig am 2026-11-24',
    );
  });

  it('has every word in every language, and falls back to English for another one', () => {
    for (const language of LANGUAGES) {
      expect(filingTypeLabel(language, 'ec-sales-list'), language).not.toBe('ec-sales-list');
      expect(filingStatusLabel(language, 'due-soon'), language).not.toBe('due-soon');
      expect(FEED_WORDS[language].name, language).toMatch(/^Vatlas – /);
    }
    expect(languageOf('pl')).toBe('pl');
    expect(languageOf('nl')).toBe('en');
    expect(languageOf(null)).toBe('en');
  });
});

describe('the reminder of a payment (decision 050)', () => {
  // Portugal's third quarter: filed by 20 November, paid by 25 November.
  const payment = { ...filing, filingId: 'p1', jurisdiction: 'PT', frequency: 'quarterly', dueDate: '2026-11-25' };
  payment.periodStart = '2026-07-01';
  payment.periodEnd = '2026-09-30';
  const compose = (language: (typeof LANGUAGES)[number], filings: (typeof filing)[], payments: (typeof filing)[]) =>
    composeReminderMail({
      to: 'x@example.test',
      language,
      today: '2026-11-21',
      filings,
      payments,
      publicUrl: 'https://v',
    });

  it('names the payment in its own section, and in the subject when it is all there is', () => {
    const mail = compose('en', [], [payment]);
    expect(mail.subject).toBe('Reminder: payment for PT VAT return 2026-Q3 — Nordlicht Trading GmbH due 2026-11-25');
    expect(mail.text).toContain(
      'the VAT of these returns is to be paid soon:\n\n• PT VAT return 2026-Q3 — Nordlicht Trading GmbH: payment due ' +
        '2026-11-25 (due in 4 days), amount 1234.50 EUR',
    );
    expect(mail.text).not.toContain('not yet marked as filed');
  });

  it('keeps the filings first, with their subject, when both are due', () => {
    const mail = compose('de', [filing], [payment]);
    expect(mail.subject).toBe(
      'Erinnerung: FR Umsatzsteuer-Voranmeldung 2026-10 — Nordlicht Trading GmbH fällig am 2026-11-24',
    );
    expect(mail.text.indexOf('noch nicht als eingereicht markiert')).toBeLessThan(
      mail.text.indexOf('die Umsatzsteuer dieser Meldungen ist bald zu zahlen'),
    );
    expect(mail.text).toContain('Zahlung fällig am 2026-11-25 (fällig in 4 Tagen)');
  });

  it('says paying, not filing, in French', () => {
    expect(compose('fr', [], [payment]).text).toContain('paiement dû le 2026-11-25 (à payer dans 4 jours)');
    expect(compose('it', [], [payment, { ...payment, filingId: 'p2' }]).subject).toBe(
      'Promemoria: 2 versamenti IVA sono in scadenza',
    );
  });
});

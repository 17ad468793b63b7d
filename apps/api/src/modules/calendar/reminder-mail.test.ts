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

import type { Filing } from '@vatlas/contract';
import { describe, expect, it } from 'vitest';
import { filingEvents } from './feed-service';

const STAMP = new Date('2026-05-01T08:00:00Z');
const CONTEXT = { language: 'en' as const, stamp: STAMP, calendarUrl: 'https://vatlas.example/calendar' };

/** Portugal's first quarter of 2026: filed by 20 May, paid by 25 May. */
const PORTUGUESE_RETURN: Filing = {
  id: 'f-pt',
  jurisdiction: 'PT',
  filingType: 'vat-return',
  frequency: 'quarterly',
  periodStart: '2026-01-01',
  periodEnd: '2026-03-31',
  dueDate: '2026-05-20',
  status: 'upcoming',
  currency: 'EUR',
  amountEur: '230.00',
  amountLocal: '230.00',
  filedOn: null,
  filingReference: null,
  deadlineExtension: null,
  deadlineRule: null,
  paymentDue: {
    date: '2026-05-25',
    rule: {
      dueDate: { kind: 'day-of-month', monthsAfter: 2, day: 25 },
      shift: 'next-working-day',
      sources: ['AV-PT', 'TBI-PT'],
      isVerified: true,
    },
  },
  paidOn: null,
  annualSettlement: null,
};

describe('the calendar feed’s events of a filing', () => {
  it('puts a return paid after it is filed on both days: the filing, and its payment (decision 050)', () => {
    const [filing, payment, ...rest] = filingEvents(PORTUGUESE_RETURN, 'Nordlicht GmbH', CONTEXT);
    expect(rest).toEqual([]);
    expect(filing).toMatchObject({
      uid: 'filing-f-pt@vatlas',
      date: '2026-05-20',
      summary: 'PT VAT return 2026-Q1 — Nordlicht GmbH',
    });
    expect(payment).toMatchObject({
      uid: 'payment-f-pt@vatlas',
      date: '2026-05-25',
      summary: 'Payment due: PT VAT return 2026-Q1 — Nordlicht GmbH',
      categories: ['VAT return', 'Payment due'],
    });
    expect(filing?.description).toContain('Payment due: 2026-05-25');
  });

  it('in the user’s language', () => {
    const [, payment] = filingEvents(PORTUGUESE_RETURN, 'Nordlicht GmbH', { ...CONTEXT, language: 'de' });
    expect(payment?.summary).toMatch(/^Zahlung fällig: PT /);
  });

  it('puts a filing paid with it on its due date only', () => {
    const events = filingEvents(
      { ...PORTUGUESE_RETURN, jurisdiction: 'DE', paymentDue: null },
      'Nordlicht GmbH',
      CONTEXT,
    );
    expect(events.map((event) => [event.uid, event.date])).toEqual([['filing-f-pt@vatlas', '2026-05-20']]);
    expect(events[0]?.description).not.toContain('Payment');
  });

  it('leaves a payment marked made out, and says in the filing’s event when it was paid (decision 051)', () => {
    const events = filingEvents({ ...PORTUGUESE_RETURN, paidOn: '2026-05-22' }, 'Nordlicht GmbH', CONTEXT);
    expect(events.map((event) => event.uid)).toEqual(['filing-f-pt@vatlas']);
    expect(events[0]?.description).toContain('Paid on: 2026-05-22');
  });
});

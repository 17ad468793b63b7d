import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { Filing } from '@vatlas/contract';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildFiling } from '../../../test/fixtures';
import { createTestI18n } from '../../../test/test-i18n';
import { MonthView } from './month-view';

const FILINGS = [
  buildFiling({}),
  buildFiling({ id: 'f-2', jurisdiction: 'FR', filingType: 'ec-sales-list', status: 'filed', dueDate: '2026-10-12' }),
  // Outside October but inside the grid's last week.
  buildFiling({
    id: 'f-3',
    dueDate: '2026-11-01',
    periodStart: '2026-10-01',
    periodEnd: '2026-10-31',
    status: 'due-soon',
  }),
];

const renderMonth = (onSelect = vi.fn(), language: 'en' | 'de' = 'en') => {
  render(
    <I18nextProvider i18n={createTestI18n(language)}>
      <MonthView month="2026-10" filings={FILINGS} today="2026-10-20" isLoading={false} onSelect={onSelect} />
    </I18nextProvider>,
  );
  return onSelect;
};

afterEach(cleanup);

describe('MonthView', () => {
  it('is a table of weeks from Monday with each deadline a button in its day, status in words', () => {
    const onSelect = renderMonth();
    const table = screen.getByRole('table', { name: 'Filing deadlines in October 2026' });
    const headers = within(table).getAllByRole('columnheader');
    expect(headers.map((header) => header.textContent)).toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']);
    // 28 September … 1 November: five weeks.
    expect(within(table).getAllByRole('row')).toHaveLength(6);

    const twelfth = within(table).getByRole('cell', { name: /^12 October 2026, 2 deadlines/ });
    const buttons = within(twelfth).getAllByRole('button');
    expect(buttons.map((button) => button.textContent?.replace(/\s+/g, ' ').trim())).toEqual([
      'DE VATVAT return Sept 2026, Overdue',
      'FR ESLEC Sales List Sept 2026, Filed',
    ]);
    fireEvent.click(buttons[1] as HTMLElement);
    expect(onSelect).toHaveBeenCalledWith(FILINGS[1]);

    expect(within(table).getByRole('cell', { name: /^20 October 2026, today/ })).toBeTruthy();
    const first = within(table).getByRole('cell', { name: /^1 November 2026, 1 deadline/ });
    expect(within(first).getByRole('button').textContent).toContain('Due soon');
  });

  it('speaks German', () => {
    renderMonth(vi.fn(), 'de');
    const table = screen.getByRole('table', { name: 'Abgabefristen im Oktober 2026' });
    expect(within(table).getAllByRole('columnheader')[0]?.textContent).toBe('Mo');
    expect(within(table).getByRole('cell', { name: /^12\. Oktober 2026, 2 Fristen/ })).toBeTruthy();
    expect(within(table).getAllByText('Überfällig')).toHaveLength(1);
  });
});

describe('MonthView with payment days (decision 050)', () => {
  // Italy's annual return for 2025: due 30 April 2026, its balance paid by 16 March.
  const ANNUAL = buildFiling({
    id: 'f-it',
    jurisdiction: 'IT',
    filingType: 'annual-return',
    frequency: 'annual',
    periodStart: '2025-01-01',
    periodEnd: '2025-12-31',
    dueDate: '2026-04-30',
    status: 'upcoming',
    paymentDue: {
      date: '2026-03-16',
      rule: {
        dueDate: { kind: 'day-of-month', monthsAfter: 3, day: 16 },
        shift: 'next-working-day',
        sources: [],
        isVerified: false,
      },
    },
  });

  /** March 2026 with no deadline of its own, only the payment days of `payments`. */
  const renderMarch = (payments: Filing[], language: 'en' | 'de' = 'en', onSelect = vi.fn()) =>
    render(
      <I18nextProvider i18n={createTestI18n(language)}>
        <MonthView
          month="2026-03"
          filings={[]}
          payments={payments}
          today="2026-03-01"
          isLoading={false}
          onSelect={onSelect}
        />
      </I18nextProvider>,
    );

  it('puts the payment on its day, whatever month the filing is due in, and opens the filing', () => {
    const onSelect = vi.fn();
    renderMarch([ANNUAL], 'en', onSelect);
    const sixteenth = screen.getByRole('cell', { name: /^16 March 2026, 1 deadline/ });
    const button = within(sixteenth).getByRole('button');
    expect(button.textContent?.replace(/\s+/g, ' ').trim()).toBe('IT payment due Annual VAT return 2025');
    fireEvent.click(button);
    expect(onSelect).toHaveBeenCalledWith(ANNUAL);
    expect(screen.getAllByRole('button')).toHaveLength(1);
  });

  it('says "paid" on the day once the payment is marked paid (decision 051)', () => {
    renderMarch([{ ...ANNUAL, paidOn: '2026-03-10' }]);
    const sixteenth = screen.getByRole('cell', { name: /^16 March 2026, 1 deadline/ });
    expect(within(sixteenth).getByRole('button').textContent?.replace(/\s+/g, ' ').trim()).toBe(
      'IT paid Annual VAT return 2025',
    );
  });

  it('speaks German', () => {
    renderMarch([ANNUAL], 'de');
    expect(screen.getByRole('button').textContent).toContain('IT Zahlung fällig');
  });
});

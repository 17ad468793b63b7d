import { cleanup, render, screen, within } from '@testing-library/react';
import type { Filing } from '@vatlas/contract';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildFiling } from '../../../test/fixtures';
import { createTestI18n } from '../../../test/test-i18n';
import { ListView } from './list-view';

const filing = (overrides: Partial<Filing>) => buildFiling({ status: 'upcoming', ...overrides });

const FILINGS = [
  filing({}),
  filing({ id: 'f-2', jurisdiction: 'FR', filingType: 'ec-sales-list', amountEur: '1845.86', amountLocal: '1845.86' }),
  filing({
    id: 'f-3',
    filingType: 'annual-return',
    frequency: 'annual',
    periodStart: '2025-01-01',
    periodEnd: '2025-12-31',
    amountEur: '-12.30',
    amountLocal: '-12.30',
  }),
  filing({
    id: 'f-4',
    jurisdiction: 'HR',
    dueDate: '2026-10-20',
    paymentDue: {
      date: '2026-10-31',
      rule: {
        dueDate: { kind: 'last-day-of-month', monthsAfter: 1 },
        shift: 'next-working-day',
        sources: [],
        isVerified: true,
      },
    },
  }),
];

const renderList = (language: 'en' | 'de' = 'en') =>
  render(
    <I18nextProvider i18n={createTestI18n(language)}>
      <ListView filings={FILINGS} sort="asc" onSortChange={vi.fn()} onSelect={vi.fn()} />
    </I18nextProvider>,
  );

afterEach(cleanup);

describe('ListView', () => {
  it("says an EC Sales List's amount is the net value it lists, not VAT to pay", () => {
    renderList();
    const rows = screen.getAllByRole('row').slice(1);
    const vatReturn = rows.find((row) => row.textContent?.includes('VAT return')) as HTMLElement;
    const salesList = rows.find((row) => row.textContent?.includes('EC Sales List')) as HTMLElement;
    expect(within(salesList).getByText('Net value listed')).toBeTruthy();
    expect(salesList.textContent).toContain('1,845.86');
    expect(within(vatReturn).queryByText('Net value listed')).toBeNull();
  });

  it("says an annual return's amount is the balance after the periodic returns, of the year it names", () => {
    renderList();
    const annual = screen
      .getAllByRole('row')
      .find((row) => row.textContent?.includes('Annual VAT return')) as HTMLElement;
    expect(within(annual).getByText('Balance after the periodic returns')).toBeTruthy();
    expect(within(annual).getByText('2025')).toBeTruthy();
    expect(annual.textContent).toContain('-€12.30');
    const vatReturn = screen
      .getAllByRole('row')
      .find((row) => row.textContent?.includes('VAT return') && !row.textContent.includes('Annual')) as HTMLElement;
    expect(within(vatReturn).queryByText('Balance after the periodic returns')).toBeNull();
  });

  it('says so in German too', () => {
    renderList('de');
    expect(screen.getByText('Gemeldeter Nettowert')).toBeTruthy();
    expect(screen.getByText('Saldo nach den Voranmeldungen')).toBeTruthy();
    expect(screen.getByText(/^Zahlung bis 31. Okt/)).toBeTruthy();
  });

  it('names the day of payment under the due date where the VAT is paid later (decision 050)', () => {
    renderList();
    const croatian = screen.getAllByRole('row').find((row) => row.textContent?.includes('Croatia')) as HTMLElement;
    expect(within(croatian).getByRole('rowheader').textContent).toBe('20 Oct 2026Pay by 31 Oct 2026');
    expect(screen.getAllByText(/^Pay by/)).toHaveLength(1);
  });

  it('says when a payment was marked paid instead (decision 051)', () => {
    const paid = FILINGS.map((item) => (item.id === 'f-4' ? { ...item, paidOn: '2026-10-28' } : item));
    render(
      <I18nextProvider i18n={createTestI18n('en')}>
        <ListView filings={paid} sort="asc" onSortChange={vi.fn()} onSelect={vi.fn()} />
      </I18nextProvider>,
    );
    const croatian = screen.getAllByRole('row').find((row) => row.textContent?.includes('Croatia')) as HTMLElement;
    expect(within(croatian).getByRole('rowheader').textContent).toBe('20 Oct 2026Paid on 28 Oct 2026');
    expect(screen.queryByText(/^Pay by/)).toBeNull();
  });
});

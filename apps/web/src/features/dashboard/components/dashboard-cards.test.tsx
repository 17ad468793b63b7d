import { cleanup, render, screen, within } from '@testing-library/react';
import type { DataHealthAlert, Filing } from '@vatlas/contract';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { buildFiling } from '../../../test/fixtures';
import { createTestI18n } from '../../../test/test-i18n';
import { groupFilings } from '../utils/filing-groups';
import { DataHealthCard } from './data-health-card';
import { FilingsCard } from './filings-card';

function renderWith(element: ReactNode, language: 'en' | 'de' = 'en') {
  const router = createMemoryRouter([{ path: '/', element }], { initialEntries: ['/'] });
  render(
    <I18nextProvider i18n={createTestI18n(language)}>
      <RouterProvider router={router} />
    </I18nextProvider>,
  );
}

/** An upcoming return for October 2026, due in December. */
const filing = (overrides: Partial<Filing>) =>
  buildFiling({
    id: 'f',
    periodStart: '2026-10-01',
    periodEnd: '2026-10-31',
    dueDate: '2026-12-10',
    status: 'upcoming',
    ...overrides,
  });

afterEach(cleanup);

describe('groupFilings', () => {
  it('keeps every overdue and due-soon filing and the next three upcoming, by due date', () => {
    const groups = groupFilings([
      filing({ id: 'u4', dueDate: '2027-04-10' }),
      filing({ id: 'u1', dueDate: '2027-01-10' }),
      filing({ id: 'o', status: 'overdue', dueDate: '2026-11-10' }),
      filing({ id: 'u3', dueDate: '2027-03-10' }),
      filing({ id: 'filed', status: 'filed' }),
      filing({ id: 's', status: 'due-soon', dueDate: '2026-11-30' }),
      filing({ id: 'u2', dueDate: '2027-02-10' }),
    ]);
    expect(groups.overdue.map((item) => item.id)).toEqual(['o']);
    expect(groups.dueSoon.map((item) => item.id)).toEqual(['s']);
    expect(groups.upcoming.map((item) => item.id)).toEqual(['u1', 'u2', 'u3']);
    expect(groups.upcomingCount).toBe(4);
  });
});

describe('FilingsCard', () => {
  it('shows type, period, due date, amounts in EUR and the local currency, and the status as text', () => {
    renderWith(
      <FilingsCard
        isLoading={false}
        items={[
          filing({
            id: 'pl',
            jurisdiction: 'PL',
            status: 'overdue',
            currency: 'PLN',
            amountEur: '100.00',
            amountLocal: '430.10',
          }),
        ]}
      />,
    );
    const item = screen.getByRole('listitem');
    expect(within(item).getByText('Poland · VAT return')).toBeTruthy();
    expect(item.textContent).toContain('Period Oct 2026');
    expect(item.textContent).toContain('due 10 Dec 2026');
    expect(item.textContent).toContain('€100.00');
    expect(item.textContent?.replace(/\s/g, ' ')).toContain('PLN 430.10');
    expect(within(item).getByText('Overdue').className).toContain('text-danger');
    expect(screen.getByRole('heading', { name: 'Overdue (1)' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open calendar' }).getAttribute('href')).toBe('/calendar');
  });
});

describe('DataHealthCard', () => {
  it('says what each alert means, how many it concerns and where to act, most severe first', () => {
    renderWith(
      <DataHealthCard
        year={2026}
        isLoading={false}
        alerts={[
          { code: 'amazon-vat-difference', severity: 'info', count: 3, periods: ['2026-03'] },
          {
            code: 'period-without-data',
            severity: 'error',
            count: 6,
            periods: ['2026-01', '2026-02', '2026-03', '2026-04', '2026-05', '2026-06'],
            details: ['FR'],
          },
        ]}
      />,
    );
    const items = screen.getAllByRole('listitem');
    expect(items[0]?.textContent).toContain(
      '6 months behind filings that are due soon or overdue have no data (France)',
    );
    expect(items[0]?.textContent).toContain('Months: Jan 2026, Feb 2026, Mar 2026, Apr 2026 and 2 more.');
    expect(
      within(items[0] as HTMLElement)
        .getByRole('link')
        .getAttribute('href'),
    ).toBe('/data-upload');
    expect(items[1]?.textContent).toContain("3 transactions' VAT differs from Amazon's own VAT amounts or rates.");
    expect(
      within(items[1] as HTMLElement)
        .getByRole('link')
        .getAttribute('href'),
    ).toBe('/transactions?view=cross-check&month=2026-03');
  });

  it('names the countries whose VAT was computed from the price, in English and German', () => {
    const alerts: DataHealthAlert[] = [
      { code: 'vat-computed-from-price', severity: 'warning', count: 2, periods: ['2026-03'], details: ['DE', 'FR'] },
    ];
    renderWith(<DataHealthCard year={2026} isLoading={false} alerts={alerts} />);
    expect(screen.getByRole('listitem').textContent).toContain(
      "2 sales were charged another country's VAT or none, so their VAT due is computed from the price at the standard rate (Germany, France).",
    );
    cleanup();
    renderWith(<DataHealthCard year={2026} isLoading={false} alerts={alerts} />, 'de');
    expect(screen.getByRole('listitem').textContent).toContain(
      'Bei 2 Verkäufen wurde die Umsatzsteuer eines anderen Landes oder keine berechnet; die geschuldete Steuer wird daher aus dem Preis zum Normalsatz ermittelt (Deutschland, Frankreich).',
    );
  });

  it('sends the countries declared in without a registration to the tax registrations, in English and German', () => {
    const alerts: DataHealthAlert[] = [
      { code: 'registration-missing', severity: 'error', count: 12, periods: ['2026-02'], details: ['PL'] },
    ];
    renderWith(<DataHealthCard year={2026} isLoading={false} alerts={alerts} />);
    const item = screen.getByRole('listitem');
    expect(item.textContent).toContain(
      "12 transactions declare VAT in countries where the company's registration does not cover all of their months (Poland).",
    );
    expect(within(item).getByRole('link', { name: 'Review the registrations' }).getAttribute('href')).toBe(
      '/settings/registrations',
    );
    cleanup();
    renderWith(<DataHealthCard year={2026} isLoading={false} alerts={alerts} />, 'de');
    expect(screen.getByRole('listitem').textContent).toContain(
      '12 Transaktionen melden Umsatzsteuer in Ländern, in denen die Registrierung des Unternehmens nicht alle ihre Monate abdeckt (Polen).',
    );
  });

  it('writes a count as numbers are written in the language, in the sentence as on the line above it', () => {
    const alerts: DataHealthAlert[] = [
      { code: 'amazon-vat-difference', severity: 'info', count: 1682, periods: ['2026-03'] },
    ];
    renderWith(<DataHealthCard year={2026} isLoading={false} alerts={alerts} />);
    const item = screen.getByRole('listitem');
    expect(item.textContent).toContain('1,682 affected');
    expect(item.textContent).toContain("1,682 transactions' VAT differs from Amazon's own VAT amounts or rates.");
    cleanup();
    renderWith(<DataHealthCard year={2026} isLoading={false} alerts={alerts} />, 'de');
    expect(screen.getByRole('listitem').textContent).toContain('1.682 betroffen');
    expect(screen.getByRole('listitem').textContent).toContain('Bei 1.682 Transaktionen weicht die Umsatzsteuer');
  });

  it('says so when all is well, and in German', () => {
    renderWith(<DataHealthCard year={2026} isLoading={false} alerts={[]} />, 'de');
    expect(screen.getByText('In den Daten dieses Jahres wurden keine Probleme gefunden.')).toBeTruthy();
  });

  it('does not claim all is well when the alerts could not be loaded', () => {
    renderWith(<DataHealthCard year={2026} isLoading={false} alerts={undefined} />);
    expect(screen.getByRole('alert').textContent).toContain('could not be loaded');
  });
});

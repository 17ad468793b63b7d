import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestI18n } from '../../test/test-i18n';
import { MonthSelect, monthChoices } from './month-select';

const today = new Date(Date.UTC(2026, 10, 21));

afterEach(cleanup);

describe('month choices', () => {
  it('offer this month back to January six years ago, newest first', () => {
    const choices = monthChoices(today);
    expect(choices[0]).toBe('2026-11');
    expect(choices.at(-1)).toBe('2020-01');
    expect(choices).toHaveLength(11 + 6 * 12);
    expect(choices.indexOf('2025-12')).toBe(choices.indexOf('2026-01') + 1);
  });

  it('keep an older month of the URL, once and in order, and ignore a malformed or missing one', () => {
    const choices = monthChoices(today, ['2019-03', '2019-03', '2025-3', undefined]);
    expect(choices.filter((month) => month === '2019-03')).toHaveLength(1);
    expect(choices.at(-1)).toBe('2019-03');
    expect(choices).not.toContain('2025-3');
  });
});

describe('MonthSelect', () => {
  const renderSelect = (language: 'en' | 'de', props: { value: string; emptyLabel?: string }) => {
    const onChange = vi.fn();
    render(
      <I18nextProvider i18n={createTestI18n(language)}>
        <label htmlFor="m">Monat</label>
        <MonthSelect id="m" today={today} onChange={onChange} {...props} />
      </I18nextProvider>,
    );
    return { onChange, select: screen.getByRole('combobox', { name: 'Monat' }) as HTMLSelectElement };
  };

  it('names the months in the UI language, not the browser language', () => {
    const { select } = renderSelect('de', { value: '2026-03' });
    expect(select.selectedOptions[0]?.textContent).toBe('März 2026');
    expect([...select.options].map((option) => option.textContent)).toContain('Dez. 2025');
    cleanup();
    const english = renderSelect('en', { value: '2026-03' }).select;
    expect(english.selectedOptions[0]?.textContent).toBe('Mar 2026');
  });

  it('reports the chosen month and offers "none" only when asked', () => {
    const { select, onChange } = renderSelect('de', { value: '', emptyLabel: 'Alle' });
    expect(select.value).toBe('');
    expect(select.options[0]?.textContent).toBe('Alle');
    fireEvent.change(select, { target: { value: '2025-11' } });
    expect(onChange).toHaveBeenCalledWith('2025-11');
  });
});

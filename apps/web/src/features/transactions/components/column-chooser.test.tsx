import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestI18n } from '../../../test/test-i18n';
import { useColumnVisibility } from '../hooks/use-column-visibility';
import { COLUMNS_STORAGE_KEY, visibleColumns } from '../lib/columns';
import { ColumnChooser } from './column-chooser';

function Harness() {
  const { visibility, setColumn } = useColumnVisibility();
  return (
    <>
      <ColumnChooser visibility={visibility} setColumn={setColumn} />
      <output data-testid="shown">{visibleColumns(visibility).join(',')}</output>
    </>
  );
}

const renderChooser = () =>
  render(
    <I18nextProvider i18n={createTestI18n('en')}>
      <Harness />
    </I18nextProvider>,
  );

beforeEach(() => localStorage.clear());
afterEach(cleanup);

describe('ColumnChooser', () => {
  it('hides and shows a column, keeps the choice in localStorage and reads it on the next visit', () => {
    renderChooser();
    const sku = screen.getByRole('checkbox', { name: 'SKU' });
    expect((sku as HTMLInputElement).checked).toBe(true);
    fireEvent.click(sku);
    expect(screen.getByTestId('shown').textContent).not.toContain('sku');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Marketplace' }));
    expect(JSON.parse(localStorage.getItem(COLUMNS_STORAGE_KEY) ?? '{}')).toMatchObject({
      sku: false,
      marketplace: true,
    });

    cleanup();
    renderChooser();
    expect((screen.getByRole('checkbox', { name: 'SKU' }) as HTMLInputElement).checked).toBe(false);
    expect((screen.getByRole('checkbox', { name: 'Marketplace' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByTestId('shown').textContent).toContain('marketplace');
  });

  it('never lets date and type be hidden', () => {
    renderChooser();
    expect((screen.getByRole('checkbox', { name: 'Date' }) as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByRole('checkbox', { name: 'Type' }) as HTMLInputElement).disabled).toBe(true);
  });
});

import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { type ColumnMapping, columnMappingSchema } from '@vatlas/contract';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestI18n } from '../../../test/test-i18n';
import { ColumnMappingForm, initialMappingValues, toColumnMapping, validateMappingForm } from './column-mapping-form';

const COLUMNS = ['Invoice', 'Invoice date', 'Ship to', 'Net', 'Tax', 'Gross', 'Notes'];

async function renderForm(onSubmit: (name: string, mapping: ColumnMapping) => void, language: 'en' | 'de' = 'en') {
  const i18n = await createTestI18n(language);
  render(
    <I18nextProvider i18n={i18n}>
      <ColumnMappingForm columns={COLUMNS} delimiter="," isSaving={false} onSubmit={onSubmit} />
    </I18nextProvider>,
  );
}

afterEach(cleanup);

describe('the column mapping form', () => {
  it('offers every column of the file for each field, with a first guess selected', async () => {
    await renderForm(vi.fn());
    const idSelect = screen.getByLabelText(/Transaction or order number/) as HTMLSelectElement;
    expect(
      within(idSelect)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['— Not in the file —', ...COLUMNS]);
    expect(idSelect.value).toBe('Invoice');
    expect((screen.getByLabelText(/^Date \(/) as HTMLSelectElement).value).toBe('Invoice date');
    expect((screen.getByLabelText('Net amount') as HTMLSelectElement).value).toBe('Net');
  });

  it('refuses to save with fewer than two amounts or without a name, and says why', async () => {
    const onSubmit = vi.fn();
    await renderForm(onSubmit);
    fireEvent.change(screen.getByLabelText('Net amount'), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('Gross amount'), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('VAT amount'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save and upload' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getAllByText('Pick at least two of the three amounts.').length).toBeGreaterThan(0);
    expect(screen.getByText('Give the mapping a name.')).toBeTruthy();
    expect(screen.getByLabelText('Net amount').getAttribute('aria-invalid')).toBe('true');
    // Focus goes to the first field to fix: the country of arrival, which no header name gave away.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Country of arrival: column')));
  });

  it('saves a mapping the API accepts: columns, a fixed country and currency, the chosen name', async () => {
    const onSubmit = vi.fn();
    await renderForm(onSubmit);
    fireEvent.change(screen.getByLabelText('Net amount'), { target: { value: 'Net' } });
    fireEvent.change(screen.getByLabelText('Gross amount'), { target: { value: 'Gross' } });
    fireEvent.change(screen.getByLabelText('Country of arrival: column'), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('Country of arrival: value for every row'), { target: { value: 'fr' } });
    fireEvent.change(screen.getByLabelText('Save this mapping as'), { target: { value: 'My shop' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save and upload' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    const [name, mapping] = onSubmit.mock.calls[0] as [string, ColumnMapping];
    expect(name).toBe('My shop');
    expect(columnMappingSchema.safeParse(mapping).success).toBe(true);
    expect(mapping).toMatchObject({
      transactionId: 'Invoice',
      date: 'Invoice date',
      arrivalCountry: { value: 'FR' },
      currency: { value: 'EUR' },
      netAmount: 'Net',
      grossAmount: 'Gross',
      delimiter: ',',
    });
  });

  it('is labelled in German too', async () => {
    await renderForm(vi.fn(), 'de');
    expect(screen.getByLabelText('Nettobetrag')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Speichern und hochladen' })).toBeTruthy();
  });
});

describe('the form values', () => {
  it('leave out what is not picked', () => {
    const values = initialMappingValues(['Id', 'Date', 'Net', 'Gross'], ';');
    const mapping = toColumnMapping({ ...values, name: 'x' }) as Record<string, unknown>;
    expect(mapping).not.toHaveProperty('sku');
    expect(mapping).not.toHaveProperty('vatRate');
    expect(mapping.delimiter).toBe(';');
  });

  it('name the fields in error', () => {
    const values = initialMappingValues(['A', 'B'], ',');
    const result = validateMappingForm(values);
    expect(result.errors).toMatchObject({ name: true, transactionId: true, date: true, arrivalCountry: true });
  });
});

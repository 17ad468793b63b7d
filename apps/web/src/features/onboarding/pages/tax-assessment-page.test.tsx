import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import axe from 'axe-core';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestI18n } from '../../../test/test-i18n';
import { emptyQuestionnaireForm } from '../components/questionnaire-form';
import { QuestionnaireForm } from './tax-assessment-page';

afterEach(cleanup);

const renderForm = (onSubmit = vi.fn()) => {
  const view = render(
    <I18nextProvider i18n={createTestI18n('en')}>
      <QuestionnaireForm initial={emptyQuestionnaireForm('DE')} onSubmit={onSubmit} />
    </I18nextProvider>,
  );
  const submit = () => fireEvent.submit(view.container.querySelector('form') as HTMLFormElement);
  return { ...view, submit, onSubmit };
};

describe('QuestionnaireForm', () => {
  it('shows per-field errors linked to their inputs and does not submit', () => {
    const { submit, onSubmit } = renderForm();
    fireEvent.change(screen.getByLabelText('This calendar year, EUR (net of VAT)'), { target: { value: '10k' } });
    submit();
    expect(onSubmit).not.toHaveBeenCalled();
    const input = screen.getByLabelText('This calendar year, EUR (net of VAT)');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const errorId = input.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(errorId)?.textContent).toMatch(/Enter an amount such as 12500/);
    expect(screen.getByRole('alert').textContent).toMatch(/How much of your sales to consumers.*Choose one option/);
  });

  it('submits the contract answers once every section is answered', () => {
    const { submit, onSubmit, container } = renderForm();
    // Both stock groups list Poland; the own-warehouse one is meant.
    fireEvent.click(container.querySelector('#ownWarehouseCountries-PL') as HTMLInputElement);
    fireEvent.change(screen.getByLabelText('Last calendar year, EUR (net of VAT)'), { target: { value: '10.000,01' } });
    fireEvent.click(screen.getByLabelText('All of them'));
    fireEvent.click(screen.getByLabelText('No'));
    submit();
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({
        establishmentCountryCode: 'DE',
        ownWarehouseCountries: ['PL'],
        euDistanceSales: { currentYear: '0', previousYear: '10000.01' },
        marketplaceDeemedSupplier: 'all',
        hasLowValueImports: false,
      }),
    );
  });

  it('has no axe violations with errors shown', async () => {
    const { container, submit } = renderForm();
    submit();
    const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((violation) => violation.id)).toEqual([]);
  });
});

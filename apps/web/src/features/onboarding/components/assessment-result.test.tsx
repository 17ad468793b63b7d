import { cleanup, render, screen, within } from '@testing-library/react';
import { assessTaxRegistration, EMPTY_QUESTIONNAIRE } from '@vatlas/domain';
import axe from 'axe-core';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestI18n } from '../../../test/test-i18n';
import { AssessmentResult } from './assessment-result';

// The real rules: the view is tested against what the domain actually concludes, not a hand-made fixture.
const usFbaSeller = assessTaxRegistration({
  ...EMPTY_QUESTIONNAIRE,
  establishmentCountryCode: 'US',
  fulfilmentCenterCountries: ['FR', 'DE'],
  euDistanceSales: { currentYear: '5000', previousYear: '0' },
  hasLowValueImports: true,
});

const renderResult = (language: 'en' | 'de' = 'en') =>
  render(
    <I18nextProvider i18n={createTestI18n(language)}>
      <AssessmentResult assessment={usFbaSeller} />
    </I18nextProvider>,
  );

afterEach(cleanup);

describe('AssessmentResult', () => {
  it('lists each required country with every reason, its rule and its sources', () => {
    renderResult();
    expect(screen.getByText('You need to register for VAT in 2 countries.')).toBeTruthy();
    const france = screen.getByRole('heading', { name: 'France' }).closest('li') as HTMLElement;
    expect(within(france).getByText('Registration required')).toBeTruthy();
    expect(within(france).getByText(/Stock held in France \(Amazon FBA\) → registration required/)).toBeTruthy();
    expect(
      within(france).getByText(
        'As a seller established in United States you must appoint a fiscal representative in France.',
      ),
    ).toBeTruthy();
    expect(france.textContent).toMatch(/Sources: [^·]*AV-FR/);
    // A source whose page the research gives in full opens it; a shortened one stays a key.
    expect(within(france).getAllByRole('link', { name: 'VD-FR' })[0]?.getAttribute('href')).toBe(
      'https://vatdesk.fr/en/vat-guide-2020-in-france/',
    );
    expect(within(france).queryByRole('link', { name: 'AV-FR' })).toBeNull();
    expect(within(france).getAllByText(/Rule: EU €0 registration threshold/).length).toBe(1);

    const germany = screen.getByRole('heading', { name: 'Germany' }).closest('li') as HTMLElement;
    expect(within(germany).queryByText(/fiscal representative/)).toBeNull();
  });

  it('shows the OSS and IOSS recommendations with their reasons', () => {
    renderResult();
    expect(screen.getByRole('heading', { name: 'OSS (One-Stop-Shop)' })).toBeTruthy();
    expect(screen.getByText(/the €10,000 threshold does not apply to you/)).toBeTruthy();
    expect(screen.getByText(/you need an IOSS intermediary/)).toBeTruthy();
    expect(screen.getAllByText('Recommended')).toHaveLength(2);
  });

  it('speaks German', () => {
    renderResult('de');
    expect(screen.getByText('Sie müssen sich in 2 Ländern umsatzsteuerlich registrieren.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Frankreich' })).toBeTruthy();
  });

  it('has no axe violations', async () => {
    const { container } = renderResult();
    const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((violation) => violation.id)).toEqual([]);
  });
});

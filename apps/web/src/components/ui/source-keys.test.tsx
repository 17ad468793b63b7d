import { cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestI18n } from '../../test/test-i18n';
import { SourcesText } from './source-keys';

const renderSources = (language: 'en' | 'de' | 'fr', sources: readonly string[]) =>
  render(
    <I18nextProvider i18n={createTestI18n(language)}>
      <p data-testid="sources">
        <SourcesText textKey="onboarding.assessment.sources" sources={sources} />
      </p>
    </I18nextProvider>,
  );

afterEach(cleanup);

describe('SourcesText', () => {
  it("puts the keys where the language's text has them, comma-separated", () => {
    renderSources('en', ['AV-DE', 'MAR-DE', 'DATEV']);
    expect(screen.getByTestId('sources').textContent).toBe('Sources: AV-DE, MAR-DE, DATEV');
    cleanup();
    renderSources('fr', ['AV-DE', 'MAR-DE']);
    expect(screen.getByTestId('sources').textContent).toBe('Sources : AV-DE, MAR-DE');
    cleanup();
    renderSources('de', ['MAR-DE']);
    expect(screen.getByTestId('sources').textContent).toBe('Quellen: MAR-DE');
  });

  it('links a key to its page in a new tab where the research gives its whole address, and only there', () => {
    renderSources('en', ['AV-DE', 'MAR-DE', 'DATEV']);
    const link = screen.getByRole('link', { name: 'MAR-DE' });
    expect(link.getAttribute('href')).toBe('https://marosavat.com/it/manual/iva-europa/germania/returns');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noreferrer');
    expect(screen.getAllByRole('link')).toHaveLength(1);
    // A shortened address is still shown on hover, for a reviewer to search.
    expect(screen.getByText('AV-DE').getAttribute('title')).toBe(
      'avalara.com/…/vatlive/…/country-guides/europe/germany/german-vat-returns',
    );
  });
});

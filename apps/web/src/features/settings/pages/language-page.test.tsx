import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { apiPaths } from '@vatlas/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProvider, createQueryClient } from '../../../app/provider';
import { LanguageSwitcher } from '../../../app/shell/language-switcher';
import { getInitialAuthState, useAuthStore } from '../../../lib/auth/auth-store';
import { initI18n } from '../../../lib/i18n/i18n';
import type { LocaleLanguage } from '../../../locales/languages';
import { fakeAuthServices } from '../../../test/auth-services';
import { buildUser } from '../../../test/fixtures';
import { controlledTranslations } from '../../../test/test-i18n';
import { LanguagePage } from './language-page';

function renderBothControls(fetches: ReturnType<typeof controlledTranslations>) {
  useAuthStore.setState({ ...getInitialAuthState(), isLoading: false, isAuthenticated: true, user: buildUser() });
  const request = vi.fn(async (path: string) => ({
    userId: 'user-1',
    email: 'seller@vatlas.test',
    firstName: 'Sam',
    lastName: 'Seller',
    language: path.split('/').pop(),
  }));
  const services = fakeAuthServices(request);
  render(
    <AppProvider i18n={initI18n('en', {}, fetches.source)} services={services} queryClient={createQueryClient()}>
      <LanguageSwitcher />
      <LanguagePage />
    </AppProvider>,
  );
  return { request };
}

afterEach(cleanup);

describe('the language controls (top bar and settings page)', () => {
  it('show the same choice loading, whichever of them made it, and the last choice wins', async () => {
    const fetches = controlledTranslations();
    const arrivals: Partial<Record<LocaleLanguage, () => void>> = {};
    for (const language of ['fr', 'de'] as const) {
      fetches.held.set(language, new Promise<void>((resolve) => (arrivals[language] = resolve)));
    }
    const { request } = renderBothControls(fetches);
    const select = (name = 'Language') => screen.getByRole('combobox', { name }) as HTMLSelectElement;
    const radio = (name: RegExp) => screen.getByRole('radio', { name }) as HTMLInputElement;

    await act(async () => {
      fireEvent.change(select(), { target: { value: 'fr' } });
    });
    expect(radio(/Français/).checked).toBe(true);
    expect(screen.getByText('Loading the language…')).toBeTruthy();

    await act(async () => {
      fireEvent.click(radio(/Deutsch/));
    });
    expect(select().value).toBe('de');
    expect(select().getAttribute('aria-busy')).toBe('true');

    // The French translations arriving late change nothing: German, asked last, is still loading in both.
    await act(async () => arrivals.fr?.());
    expect(select().value).toBe('de');
    expect(radio(/Deutsch/).checked).toBe(true);
    expect(screen.getByText('Loading the language…')).toBeTruthy();
    expect(request).not.toHaveBeenCalledWith(apiPaths.changeLanguage('fr'), expect.anything());

    await act(async () => arrivals.de?.());
    expect((await screen.findByRole('combobox', { name: 'Sprache' })).getAttribute('aria-busy')).toBe('false');
    expect(radio(/Deutsch/).checked).toBe(true);
    expect(screen.queryByText('Sprache wird geladen…')).toBeNull();
    expect(request).toHaveBeenCalledWith(apiPaths.changeLanguage('de'), expect.objectContaining({ method: 'POST' }));
  });
});

import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { apiPaths } from '@vatlas/contract';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type AuthState, getInitialAuthState, useAuthStore } from '../../lib/auth/auth-store';
import { initI18n } from '../../lib/i18n/i18n';
import { fakeAuthServices } from '../../test/auth-services';
import { buildCompanyDetails, buildUser } from '../../test/fixtures';
import { controlledTranslations, createTestI18n } from '../../test/test-i18n';
import { AppProvider, createQueryClient } from '../provider';
import { createAppRoutes } from '../router';

const i18n = createTestI18n();

/** Answers ChangeLanguage (or fails it when asked); any other call of a page stays pending, so only the shell is judged. */
function createServices(options: { failLanguage?: boolean } = {}) {
  const request = vi.fn(async (path: string) => {
    if (path.startsWith('/api/v1/User/ChangeLanguage/')) {
      if (options.failLanguage) throw new Error('offline');
      const language = path.split('/').pop();
      return { userId: 'user-1', email: 'seller@vatlas.test', firstName: 'Sam', lastName: 'Seller', language };
    }
    return new Promise(() => undefined);
  });
  const services = fakeAuthServices(request);
  return { services, request };
}

function renderShellAt(
  path: string,
  overrides: Partial<AuthState> = {},
  services = createServices().services,
  i18nInstance = i18n,
) {
  useAuthStore.setState({
    ...getInitialAuthState(),
    isLoading: false,
    isAuthenticated: true,
    token: 'a.b.c',
    user: buildUser(),
    selectedCompanyId: 'company-1',
    selectedCompanyDetails: buildCompanyDetails(),
    ...overrides,
  });
  const router = createMemoryRouter(createAppRoutes(), { initialEntries: [path] });
  render(
    <AppProvider i18n={i18nInstance} services={services} queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return router;
}

const sidebarNav = (name = 'Pages') => screen.findByRole('navigation', { name }, { timeout: 3000 });
const currentLinks = (nav: HTMLElement) =>
  within(nav)
    .getAllByRole('link')
    .filter((link) => link.getAttribute('aria-current') === 'page')
    .map((link) => link.textContent);

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(async () => {
  cleanup();
  await i18n.changeLanguage('en');
});

describe('workspace navigation', () => {
  it('lists the workspace pages in order, without Admin for a seller', async () => {
    renderShellAt('/dashboard');
    const nav = await sidebarNav();
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Dashboard', '/dashboard'],
      ['Analytics', '/analytics'],
      ['Calendar', '/calendar'],
      ['Data upload', '/data-upload'],
      ['Transactions', '/transactions'],
      ['Settings', '/settings'],
    ]);
    expect(within(nav).queryByRole('link', { name: 'Admin' })).toBeNull();
  });

  it('offers Admin to an administrator', async () => {
    renderShellAt('/dashboard', { user: buildUser({ isAdmin: true }) });
    const nav = await sidebarNav();
    expect(within(nav).getByRole('link', { name: 'Admin' }).getAttribute('href')).toBe('/admin');
  });

  it.each([
    ['/dashboard', 'Dashboard'],
    ['/', 'Dashboard'],
    ['/no/such/page', 'Dashboard'],
    ['/analytics', 'Analytics'],
    ['/calendar', 'Calendar'],
    ['/data-upload', 'Data upload'],
    ['/data-upload/amazon/mapping', 'Data upload'],
    ['/transactions', 'Transactions'],
    ['/settings', 'Settings'],
    ['/settings/users', 'Settings'],
  ])('marks %s as the current page "%s" (and nothing else)', async (path, label) => {
    renderShellAt(path);
    expect(currentLinks(await sidebarNav())).toEqual([label]);
  });

  it('marks Admin on every admin page', async () => {
    renderShellAt('/admin/white-label/tenant-7', { user: buildUser({ isAdmin: true }) });
    expect(currentLinks(await sidebarNav())).toEqual(['Admin']);
  });

  it('moves aria-current when a link is followed', async () => {
    const router = renderShellAt('/dashboard');
    const nav = await sidebarNav();
    fireEvent.click(within(nav).getByRole('link', { name: 'Transactions' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/transactions'));
    expect(currentLinks(nav)).toEqual(['Transactions']);
  });

  it('offers no workspace navigation during onboarding, but keeps the branding, language and user menu', async () => {
    renderShellAt('/onboarding/welcome');
    await screen.findByRole('heading', { level: 1, name: 'Welcome' }, { timeout: 3000 });
    expect(screen.queryByRole('navigation', { name: 'Pages' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Menu' })).toBeNull();
    expect(screen.getByText('Vatlas')).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Language' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /User menu/ }));
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeTruthy();
    // Settings would only redirect back to onboarding.
    expect(screen.queryByRole('link', { name: 'Settings' })).toBeNull();
  });

  it('puts the skip link first and points it at <main id="main-content">', async () => {
    renderShellAt('/dashboard');
    await sidebarNav();
    const skip = screen.getByRole('link', { name: 'Skip to main content' });
    expect(skip.getAttribute('href')).toBe('#main-content');
    const firstFocusable = document.body.querySelector('a[href], button, select, input');
    expect(firstFocusable).toBe(skip);
    expect(screen.getByRole('main').id).toBe('main-content');
  });

  it("shows the theme's support, terms and privacy links", async () => {
    renderShellAt('/dashboard');
    const sidebar = await screen.findByRole('complementary', { name: 'Sidebar' });
    expect(within(sidebar).getByRole('link', { name: 'Support' }).getAttribute('href')).toBe('/support');
    expect(within(sidebar).getByRole('link', { name: 'Terms' }).getAttribute('href')).toBe('/terms');
    expect(within(sidebar).getByRole('link', { name: 'Privacy' }).getAttribute('href')).toBe('/privacy');
  });
});

describe('phone menu', () => {
  it('opens as a dialog with focus inside, and Escape closes it and returns focus to Menu', async () => {
    renderShellAt('/dashboard');
    await sidebarNav();
    const menuButton = screen.getByRole('button', { name: 'Menu' });
    expect(menuButton.getAttribute('aria-expanded')).toBe('false');

    fireEvent.click(menuButton);
    const dialog = screen.getByRole('dialog', { name: 'Navigation' });
    expect(menuButton.getAttribute('aria-expanded')).toBe('true');
    expect(menuButton.getAttribute('aria-controls')).toBe(dialog.id);
    await waitFor(() =>
      expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Close menu' })),
    );
    expect(within(dialog).getByRole('navigation', { name: 'Pages' })).toBeTruthy();

    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(menuButton.getAttribute('aria-expanded')).toBe('false');
    await waitFor(() => expect(document.activeElement).toBe(menuButton));
  });

  it('closes when a link is followed, and navigates', async () => {
    const router = renderShellAt('/dashboard');
    await sidebarNav();
    fireEvent.click(screen.getByRole('button', { name: 'Menu' }));
    const dialog = screen.getByRole('dialog', { name: 'Navigation' });
    fireEvent.click(within(dialog).getByRole('link', { name: 'Calendar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/calendar'));
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Menu' })));
  });

  it('closes on the backdrop and on the close button', async () => {
    renderShellAt('/dashboard');
    await sidebarNav();
    fireEvent.click(screen.getByRole('button', { name: 'Menu' }));
    fireEvent.click(screen.getByTestId('mobile-nav-backdrop'));
    expect(screen.queryByRole('dialog')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Menu' }));
    fireEvent.click(screen.getByRole('button', { name: 'Close menu' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('user menu', () => {
  it('is a disclosure: e-mail, Settings and Sign out; Escape closes it and returns focus', async () => {
    const { services } = createServices();
    renderShellAt('/dashboard', {}, services);
    await sidebarNav();
    const trigger = screen.getByRole('button', { name: /User menu/ });
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('button', { name: 'Sign out' })).toBeNull();

    fireEvent.click(trigger);
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
    const panel = document.getElementById(trigger.getAttribute('aria-controls') ?? '');
    expect(panel?.hidden).toBe(false);
    expect(panel?.textContent).toContain('Signed in asseller@vatlas.test');
    expect(
      within(panel as HTMLElement)
        .getByRole('link', { name: 'Settings' })
        .getAttribute('href'),
    ).toBe('/settings');

    within(panel as HTMLElement)
      .getByRole('link', { name: 'Settings' })
      .focus();
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
    await waitFor(() => expect(document.activeElement).toBe(trigger));

    fireEvent.click(trigger);
    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(services.signOut).toHaveBeenCalledTimes(1);
  });
});

describe('language switch', () => {
  const languageSelect = (name = 'Language') => screen.getByRole('combobox', { name }) as HTMLSelectElement;

  it('offers the six languages, each in its own name and marked with its lang', async () => {
    renderShellAt('/dashboard');
    await sidebarNav();
    const options = within(languageSelect()).getAllByRole('option') as HTMLOptionElement[];
    expect(options.map((option) => [option.value, option.textContent, option.lang])).toEqual([
      ['en', 'English', 'en'],
      ['de', 'Deutsch', 'de'],
      ['fr', 'Français', 'fr'],
      ['it', 'Italiano', 'it'],
      ['es', 'Español', 'es'],
      ['pl', 'Polski', 'pl'],
    ]);
  });

  it('switches to Deutsch at once, saves it with ChangeLanguage, and switches back', async () => {
    const { services, request } = createServices();
    renderShellAt('/dashboard', {}, services);
    await sidebarNav();
    expect(languageSelect().value).toBe('en');

    await act(async () => {
      fireEvent.change(languageSelect(), { target: { value: 'de' } });
    });
    const nav = await sidebarNav('Seiten');
    expect(within(nav).getByRole('link', { name: 'Analysen' })).toBeTruthy();
    expect(languageSelect('Sprache').value).toBe('de');
    expect(request).toHaveBeenCalledWith(apiPaths.changeLanguage('de'), expect.objectContaining({ method: 'POST' }));
    expect(useAuthStore.getState().user?.language).toBe('de');
    expect(document.documentElement.lang).toBe('de');

    await act(async () => {
      fireEvent.change(languageSelect('Sprache'), { target: { value: 'en' } });
    });
    expect(within(await sidebarNav('Pages')).getByRole('link', { name: 'Analytics' })).toBeTruthy();
    expect(request).toHaveBeenLastCalledWith(
      apiPaths.changeLanguage('en'),
      expect.objectContaining({ method: 'POST' }),
    );
  });

  it('switches to Polski and saves it', async () => {
    const { services, request } = createServices();
    renderShellAt('/dashboard', {}, services);
    await sidebarNav();
    await act(async () => {
      fireEvent.change(languageSelect(), { target: { value: 'pl' } });
    });
    expect(within(await sidebarNav('Strony')).getByRole('link', { name: 'Transakcje' })).toBeTruthy();
    expect(request).toHaveBeenCalledWith(apiPaths.changeLanguage('pl'), expect.objectContaining({ method: 'POST' }));
    expect(document.documentElement.lang).toBe('pl');
  });

  it('keeps the chosen language but says so when it cannot be saved', async () => {
    const { services } = createServices({ failLanguage: true });
    renderShellAt('/dashboard', {}, services);
    await sidebarNav();
    await act(async () => {
      fireEvent.change(languageSelect(), { target: { value: 'de' } });
    });
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Die Sprache konnte nicht in Ihrem Konto gespeichert werden.',
    );
    expect(i18n.language).toBe('de');
  });
  it('shows the choice while its translations load, then switches and saves', async () => {
    let arrive: () => void = () => undefined;
    const fetches = controlledTranslations();
    fetches.held.set('fr', new Promise<void>((resolve) => (arrive = resolve)));
    const { services, request } = createServices();
    renderShellAt('/dashboard', {}, services, initI18n('en', {}, fetches.source));
    await sidebarNav();
    await act(async () => {
      fireEvent.change(languageSelect(), { target: { value: 'fr' } });
    });
    expect(languageSelect().value).toBe('fr');
    expect(languageSelect().getAttribute('aria-busy')).toBe('true');
    expect(within(await sidebarNav('Pages')).getByRole('link', { name: 'Analytics' })).toBeTruthy();
    expect(request).not.toHaveBeenCalledWith(apiPaths.changeLanguage('fr'), expect.anything());

    await act(async () => arrive());
    expect(await within(await sidebarNav('Pages')).findByRole('link', { name: 'Analyses' })).toBeTruthy();
    expect(languageSelect('Langue').getAttribute('aria-busy')).toBe('false');
    expect(request).toHaveBeenCalledWith(apiPaths.changeLanguage('fr'), expect.objectContaining({ method: 'POST' }));
  });

  it('stays in its language and says so when the translations cannot be fetched; nothing is saved', async () => {
    const fetches = controlledTranslations();
    fetches.failing.add('it');
    const { services, request } = createServices();
    const english = initI18n('en', {}, fetches.source);
    renderShellAt('/dashboard', {}, services, english);
    await sidebarNav();
    await act(async () => {
      fireEvent.change(languageSelect(), { target: { value: 'it' } });
    });
    expect((await screen.findByRole('alert')).textContent).toContain(
      'The language could not be loaded. Check your connection and try again.',
    );
    expect(english.language).toBe('en');
    expect(languageSelect().value).toBe('en');
    expect(languageSelect().getAttribute('aria-busy')).toBe('false');
    expect(request).not.toHaveBeenCalledWith(apiPaths.changeLanguage('it'), expect.anything());
  });
});

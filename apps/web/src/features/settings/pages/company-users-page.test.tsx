import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { apiPaths, type CompanyUser } from '@vatlas/contract';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type AuthServices, AuthServicesProvider } from '../../../lib/auth/auth-services';
import { getInitialAuthState, useAuthStore } from '../../../lib/auth/auth-store';
import { HttpError } from '../../../lib/http/http-error';
import { buildUser } from '../../../test/fixtures';
import { createTestI18n } from '../../../test/test-i18n';
import { CompanyUsersPage } from './company-users-page';

const COMPANY = 'company-1';
const SELLER_ID = buildUser().userId;
const seller: CompanyUser = {
  userId: SELLER_ID,
  email: 'seller@vatlas.test',
  firstName: 'Sam',
  lastName: 'Seller',
  language: 'en',
  role: 'owner',
  status: 'active',
  addedAt: '2026-01-05T10:00:00.000Z',
};
const member: CompanyUser = {
  ...seller,
  userId: 'member-1',
  email: 'max@example.test',
  firstName: 'Max',
  role: 'member',
};

type Handler = (path: string, body: unknown) => unknown;

function renderPage(handle: Handler, users: CompanyUser[] = [seller, member]) {
  const calls: { path: string; method: string; body: unknown }[] = [];
  const request = vi.fn(
    async (path: string, options: { method?: string; body?: unknown; schema?: { parse: (v: unknown) => unknown } }) => {
      calls.push({ path, method: options.method ?? 'GET', body: options.body });
      const answer = path === apiPaths.listCompanyUsers(COMPANY) ? users : await handle(path, options.body);
      return options.schema ? options.schema.parse(answer) : answer;
    },
  );
  const services = {
    signIn: vi.fn(),
    signOut: vi.fn(),
    switchCompany: vi.fn(),
    switchTenant: vi.fn(),
    http: { request },
  } as unknown as AuthServices;
  render(
    <I18nextProvider i18n={createTestI18n('en')}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <AuthServicesProvider value={services}>
          <MemoryRouter>
            <CompanyUsersPage />
          </MemoryRouter>
        </AuthServicesProvider>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return calls;
}

const addedAnswer = (email: string, status: 'active' | 'invited', names: Partial<CompanyUser> = {}) => [
  { ...member, userId: `id-${email}`, email, status, firstName: null, lastName: null, ...names },
];

async function openDialogAndCheck(email: string) {
  fireEvent.click(await screen.findByRole('button', { name: 'Add user' }));
  const dialog = screen.getByRole('dialog', { name: /Add a user/ });
  fireEvent.change(within(dialog).getByLabelText('E-mail address'), { target: { value: email } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
  return dialog;
}

beforeEach(() => {
  // jsdom has <dialog> without the modal methods: open and close it as a browser would, close event included.
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    if (!this.hasAttribute('open')) return;
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
  useAuthStore.setState({
    ...getInitialAuthState(),
    isLoading: false,
    isAuthenticated: true,
    user: buildUser(),
    selectedCompanyId: COMPANY,
  });
});
afterEach(() => cleanup());

describe('the company users list', () => {
  it('shows role and status, and explains that the only owner cannot be removed', async () => {
    renderPage(() => undefined, [seller, { ...member, status: 'invited' }]);
    const table = await screen.findByRole('table', { name: 'People of the company' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(within(rows[0] as HTMLElement).getByText('Owner')).toBeTruthy();
    expect(within(rows[0] as HTMLElement).getByText(/only owner cannot be removed/)).toBeTruthy();
    expect(within(rows[0] as HTMLElement).queryByRole('button')).toBeNull();
    expect(within(rows[1] as HTMLElement).getByText('Invited')).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByRole('button', { name: 'Remove Max Seller' })).toBeTruthy();
  });

  it('is read-only with the reason for a member', async () => {
    useAuthStore.setState({ user: buildUser({ userId: 'member-1' }) });
    renderPage(() => undefined);
    expect(await screen.findByText(/Only an owner of the company can add or remove people/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add user' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Remove/ })).toBeNull();
  });
});

describe('the add-user dialog', () => {
  it('checks the e-mail first; a free address becomes a full user (type 1)', async () => {
    const calls = renderPage((path, body) => {
      if (path === apiPaths.checkEmailAddress) return { email: (body as { email: string }).email, isAvailable: true };
      if (path === apiPaths.addUsers(COMPANY))
        return addedAnswer('frida@example.test', 'invited', { firstName: 'Frida' });
      throw new Error(`unexpected ${path}`);
    });
    const dialog = await openDialogAndCheck('frida@example.test');
    fireEvent.change(await within(dialog).findByLabelText('First name'), { target: { value: 'Frida' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add user' }));
    // The last name is missing: the field says so and nothing is sent.
    expect(await within(dialog).findByText('Enter a last name.')).toBeTruthy();
    expect(calls.some((call) => call.path === apiPaths.addUsers(COMPANY))).toBe(false);

    fireEvent.change(within(dialog).getByLabelText('Last name'), { target: { value: 'Full' } });
    fireEvent.change(within(dialog).getByLabelText('Language'), { target: { value: 'de' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add user' }));
    expect(await screen.findByText(/Frida was added\. An invitation was sent to frida@example\.test/)).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST').map((call) => [call.path, call.body])).toEqual([
      [apiPaths.checkEmailAddress, { email: 'frida@example.test' }],
      [
        apiPaths.addUsers(COMPANY),
        [{ userCreationType: 1, email: 'frida@example.test', firstName: 'Frida', lastName: 'Full', language: 'de' }],
      ],
    ]);
  });

  it('a failed check (the address has an account) adds by e-mail only (type 2)', async () => {
    const calls = renderPage((path) => {
      if (path === apiPaths.checkEmailAddress) {
        throw new HttpError({ kind: 'http', status: 409, code: 'email_already_registered', message: 'taken' });
      }
      if (path === apiPaths.addUsers(COMPANY)) return addedAnswer('taken@example.test', 'active');
      throw new Error(`unexpected ${path}`);
    });
    const dialog = await openDialogAndCheck('taken@example.test');
    expect(await within(dialog).findByText(/already belongs to a Vatlas account/)).toBeTruthy();
    expect(within(dialog).queryByLabelText('First name')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add user' }));
    await screen.findByText(/was added/);
    expect(calls.find((call) => call.path === apiPaths.addUsers(COMPANY))?.body).toEqual([
      { userCreationType: 2, email: 'taken@example.test' },
    ]);
  });

  it('shows the message of spec §8 when the add outlives the HTTP timeout', async () => {
    renderPage((path) => {
      if (path === apiPaths.checkEmailAddress) {
        throw new HttpError({ kind: 'http', status: 409, code: 'email_already_registered', message: 'taken' });
      }
      throw new HttpError({ kind: 'timeout', code: 'timeout', message: 'Request timed out after 60000 ms' });
    });
    const dialog = await openDialogAndCheck('slow@example.test');
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Add user' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toBe(
      'The request is taking longer than expected. The user may have been added successfully - please refresh the page to check.',
    );
  });

  it('refuses a malformed address before any request', async () => {
    const calls = renderPage(() => undefined);
    const dialog = await openDialogAndCheck('not-an-address');
    expect(await within(dialog).findByText(/Enter a valid e-mail address/)).toBeTruthy();
    expect(within(dialog).getByLabelText('E-mail address').getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(calls.every((call) => call.method === 'GET')).toBe(true));
  });
});

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { apiPaths, type CompanyUser } from '@vatlas/contract';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthServicesProvider } from '../../../lib/auth/auth-services';
import { getInitialAuthState, useAuthStore } from '../../../lib/auth/auth-store';
import { HttpError } from '../../../lib/http/http-error';
import { fakeAuthServices } from '../../../test/auth-services';
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
  const services = fakeAuthServices(request);
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
  it('checks the e-mail first; a registered address adds that user with their own profile (type 1)', async () => {
    const calls = renderPage((path, body) => {
      if (path === apiPaths.checkEmailAddress) return { email: (body as { email: string }).email, isRegistered: true };
      if (path === apiPaths.addUsers(COMPANY)) {
        return addedAnswer('nora@example.test', 'active', { firstName: 'Nora', lastName: 'Neumann' });
      }
      throw new Error(`unexpected ${path}`);
    });
    const dialog = await openDialogAndCheck('nora@example.test');
    expect(
      await within(dialog).findByText(
        'This address belongs to a Vatlas account. The person is added to Example Trading GmbH with their own name and language, and told by e-mail.',
      ),
    ).toBeTruthy();
    // Nothing to fill in: no names, no language — the profile is the person's own.
    expect(within(dialog).queryByLabelText('First name')).toBeNull();
    expect(within(dialog).queryByLabelText('Language of the invitation')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Add user' })));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add user' }));
    expect(await screen.findByText('Nora Neumann was added and told by e-mail at nora@example.test.')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST').map((call) => [call.path, call.body])).toEqual([
      [apiPaths.checkEmailAddress, { email: 'nora@example.test' }],
      [apiPaths.addUsers(COMPANY), [{ userCreationType: 1, email: 'nora@example.test' }]],
    ]);
  });

  it('a failed check (404: nobody has the address) invites it by e-mail only, in the chosen language (type 2)', async () => {
    const calls = renderPage((path) => {
      if (path === apiPaths.checkEmailAddress) {
        throw new HttpError({ kind: 'http', status: 404, code: 'email_not_registered', message: 'unknown' });
      }
      if (path === apiPaths.addUsers(COMPANY)) return addedAnswer('new@example.test', 'invited');
      throw new Error(`unexpected ${path}`);
    });
    const dialog = await openDialogAndCheck('new@example.test');
    expect(
      await within(dialog).findByText(/Nobody uses this address in Vatlas yet\. We e-mail an invitation;/),
    ).toBeTruthy();
    expect(within(dialog).queryByLabelText('First name')).toBeNull();
    expect(within(dialog).queryByLabelText('Last name')).toBeNull();
    const language = within(dialog).getByLabelText('Language of the invitation') as HTMLSelectElement;
    // The invitation language starts as the interface's, and the select has the focus.
    expect(language.value).toBe('en');
    await waitFor(() => expect(document.activeElement).toBe(language));
    fireEvent.change(language, { target: { value: 'it' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add user' }));
    expect(
      await screen.findByText(
        'An invitation was sent to new@example.test. The person is listed as invited until they sign in.',
      ),
    ).toBeTruthy();
    expect(calls.find((call) => call.path === apiPaths.addUsers(COMPANY))?.body).toEqual([
      { userCreationType: 2, email: 'new@example.test', language: 'it' },
    ]);
  });

  it('shows the check failure itself for any other answer, and never goes on to add', async () => {
    const calls = renderPage((path) => {
      if (path === apiPaths.checkEmailAddress) {
        throw new HttpError({ kind: 'http', status: 409, code: 'email_already_registered', message: 'old rule' });
      }
      throw new Error(`unexpected ${path}`);
    });
    const dialog = await openDialogAndCheck('odd@example.test');
    expect(await within(dialog).findByText('The address could not be checked. Try again.')).toBeTruthy();
    expect(within(dialog).getByLabelText('E-mail address')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Add user' })).toBeNull();
    expect(calls.some((call) => call.path === apiPaths.addUsers(COMPANY))).toBe(false);
  });

  it('goes back to the e-mail step when the address was unregistered between the check and the add', async () => {
    let checks = 0;
    const calls = renderPage((path, body) => {
      if (path === apiPaths.checkEmailAddress) {
        checks += 1;
        if (checks === 1) return { email: (body as { email: string }).email, isRegistered: true };
        throw new HttpError({ kind: 'http', status: 404, code: 'email_not_registered', message: 'unknown' });
      }
      if (path === apiPaths.addUsers(COMPANY)) {
        throw new HttpError({ kind: 'http', status: 409, code: 'email_not_registered', message: 'gone' });
      }
      throw new Error(`unexpected ${path}`);
    });
    const dialog = await openDialogAndCheck('gone@example.test');
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Add user' }));
    expect(
      await within(dialog).findByText('No Vatlas account has this address any more. Continue to invite it instead.'),
    ).toBeTruthy();
    const emailField = within(dialog).getByLabelText('E-mail address') as HTMLInputElement;
    expect(emailField.value).toBe('gone@example.test');
    expect(emailField.getAttribute('aria-invalid')).toBe('true');
    // Continue checks again and now offers the invitation.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await within(dialog).findByLabelText('Language of the invitation')).toBeTruthy();
    expect(calls.filter((call) => call.path === apiPaths.checkEmailAddress)).toHaveLength(2);
  });

  it('shows the message of spec §8 when the add outlives the HTTP timeout', async () => {
    renderPage((path) => {
      if (path === apiPaths.checkEmailAddress) {
        throw new HttpError({ kind: 'http', status: 404, code: 'email_not_registered', message: 'unknown' });
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

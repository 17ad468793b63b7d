import { QueryClient } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { apiPaths, type TransactionUpload, type UploadProblemPage } from '@vatlas/contract';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProvider } from '../../../app/provider';
import { getInitialAuthState, useAuthStore } from '../../../lib/auth/auth-store';
import { fakeAuthServices } from '../../../test/auth-services';
import { createTestI18n } from '../../../test/test-i18n';
import { DataUploadPage } from '../data-upload-page';

const COMPANY = 'company-1';
const UPLOAD_ID = '11111111-2222-4333-8444-555555555555';

const buildUpload = (overrides: Partial<TransactionUpload> = {}): TransactionUpload => ({
  id: UPLOAD_ID,
  dataPeriodId: null,
  format: 'amazon-vtr',
  fileName: 'march.txt',
  sha256: 'a'.repeat(64),
  status: 'validated',
  bytesTotal: 2048,
  bytesProcessed: 2048,
  rowsRead: 1234,
  rowsImported: 0,
  rowsDuplicate: 0,
  problemCount: 0,
  errorCode: null,
  errorMessage: null,
  isCancelRequested: false,
  createdAt: '2026-11-21T10:00:00.000Z',
  startedAt: '2026-11-21T10:00:01.000Z',
  finishedAt: '2026-11-21T10:00:02.000Z',
  ...overrides,
});

function renderAt(
  path: string,
  answers: (path: string, init?: { method?: string }) => unknown,
  language: 'en' | 'de' = 'en',
) {
  useAuthStore.setState({ ...getInitialAuthState(), selectedCompanyId: COMPANY });
  const request = vi.fn(async (path: string, init?: { method?: string }) => answers(path, init));
  const services = fakeAuthServices(request);
  const router = createMemoryRouter(
    [{ path: '/data-upload/*', element: <DataUploadPage titleKey="pages.dataUpload.title" /> }],
    {
      initialEntries: [path],
    },
  );
  render(
    <AppProvider i18n={createTestI18n(language)} services={services} queryClient={new QueryClient()}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { request, router };
}

afterEach(cleanup);

describe('one upload', () => {
  it('shows a clean check report and confirms it, then shows the import', async () => {
    let confirmed = false;
    const { request } = renderAt(`/data-upload/${UPLOAD_ID}`, (path, init) => {
      if (path === apiPaths.confirmTransactionUpload(COMPANY, UPLOAD_ID) && init?.method === 'POST') {
        confirmed = true;
        return buildUpload({ status: 'queued', rowsRead: 0, bytesProcessed: 0, startedAt: null, finishedAt: null });
      }
      if (path === apiPaths.transactionUpload(COMPANY, UPLOAD_ID)) {
        return confirmed ? buildUpload({ status: 'processing', bytesProcessed: 1024, rowsRead: 600 }) : buildUpload();
      }
      return [];
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Check report' })).toBeTruthy();
    expect(screen.getByText('No problems: 1,234 rows are ready to import.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Import now' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Importing' })).toBeTruthy();
    expect(request).toHaveBeenCalledWith(
      apiPaths.confirmTransactionUpload(COMPANY, UPLOAD_ID),
      expect.objectContaining({ method: 'POST' }),
    );
    expect(screen.getByRole('progressbar', { name: 'File read' })).toBeTruthy();
    // The live region says the phase, not every number.
    await waitFor(() => expect(screen.getByText('Importing.')).toBeTruthy());
  });

  it('lists the problems with line, column and reason and offers no import', async () => {
    const problems: UploadProblemPage = {
      total: 2,
      stored: 2,
      offset: 0,
      limit: 50,
      items: [
        { lineNumber: 4, column: 'Order date', code: 'invalid-date', message: 'Line 4: not a date.' },
        { lineNumber: 0, column: null, code: 'x', message: 'The file ends early.' },
      ],
    };
    renderAt(`/data-upload/${UPLOAD_ID}`, (path) =>
      path.startsWith(apiPaths.transactionUploadProblems(COMPANY, UPLOAD_ID))
        ? problems
        : buildUpload({ problemCount: 2 }),
    );
    await screen.findByText('Line 4: not a date.');
    const table = screen.getByRole('table', { name: /Problems found in the file/ });
    const rows = within(table).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'LineColumnReason',
      '4Order dateLine 4: not a date.',
      'Whole file—The file ends early.',
    ]);
    expect(screen.queryByRole('button', { name: 'Import now' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Upload a fixed file' }).getAttribute('href')).toBe('/data-upload/new');
  });

  it('offers a re-run after a failure and shows the failure in German', async () => {
    renderAt(
      `/data-upload/${UPLOAD_ID}`,
      () => buildUpload({ status: 'failed', errorCode: 'establishment_country_missing', errorMessage: 'x' }),
      'de',
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Import fehlgeschlagen' })).toBeTruthy();
    expect(screen.getByText(/Land der Niederlassung/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Erneut ausführen' })).toBeTruthy();
  });
});

describe('the history', () => {
  it('leads to a first upload when there is none', async () => {
    renderAt('/data-upload', () => []);
    expect(await screen.findByText('No uploads yet')).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'New upload' })[0]?.getAttribute('href')).toBe('/data-upload/new');
  });

  it('asks before deleting, then deletes', async () => {
    const { request } = renderAt('/data-upload', (path, init) => {
      if (init?.method === 'DELETE') return undefined;
      if (path === apiPaths.transactionUploads(COMPANY))
        return [buildUpload({ status: 'completed', rowsImported: 1234 })];
      return [];
    });
    // The phone cards and the table both exist in the DOM (CSS shows one of them): act on the first.
    const [deleteButton] = await screen.findAllByRole('button', { name: 'Delete march.txt' });
    fireEvent.click(deleteButton as HTMLElement);
    expect(request).not.toHaveBeenCalledWith(expect.anything(), expect.objectContaining({ method: 'DELETE' }));
    const [yes] = screen.getAllByRole('button', { name: 'Yes, delete' });
    fireEvent.click(yes as HTMLElement);
    await waitFor(() =>
      expect(request).toHaveBeenCalledWith(apiPaths.transactionUpload(COMPANY, UPLOAD_ID), { method: 'DELETE' }),
    );
    expect(await screen.findByText('march.txt was deleted.')).toBeTruthy();
  });
});

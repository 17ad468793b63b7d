import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { useAuthServices } from '../../../lib/auth/auth-services';
import { useAuthStore } from '../../../lib/auth/auth-store';
import { useFormatters } from '../../../lib/format/format';
import { saveBlob } from '../../../lib/http/download';
import { exportTransactions } from '../api/export-transactions';
import { exportFileName, type TransactionFilters } from '../lib/filters';

type ExportState =
  | { kind: 'idle' }
  | { kind: 'running'; bytes: number }
  | { kind: 'done'; fileName: string }
  | { kind: 'failed' }
  | { kind: 'cancelled' };

/** Downloads the filtered set as CSV, announcing the bytes received in a live region while it streams. */
export function ExportButton({ filters }: { filters: TransactionFilters }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const { http } = useAuthServices();
  const companyId = useAuthStore((state) => state.selectedCompanyId);
  const [state, setState] = useState<ExportState>({ kind: 'idle' });
  const abortRef = useRef<AbortController | null>(null);

  const start = async () => {
    if (companyId === null) return;
    const controller = new AbortController();
    abortRef.current = controller;
    setState({ kind: 'running', bytes: 0 });
    // A few updates a second are enough for the eye and keep the live region from chattering.
    let shownAt = 0;
    try {
      const blob = await exportTransactions(http, companyId, filters, {
        signal: controller.signal,
        onProgress: (bytes) => {
          const now = performance.now();
          if (now - shownAt < 250) return;
          shownAt = now;
          setState({ kind: 'running', bytes });
        },
      });
      const fileName = exportFileName(filters);
      saveBlob(blob, fileName);
      setState({ kind: 'done', fileName });
    } catch {
      setState(controller.signal.aborted ? { kind: 'cancelled' } : { kind: 'failed' });
    } finally {
      abortRef.current = null;
    }
  };

  const message =
    state.kind === 'running'
      ? t('transactions.export.progress', { bytes: format.bytes(state.bytes) })
      : state.kind === 'done'
        ? t('transactions.export.done', { fileName: state.fileName })
        : state.kind === 'failed'
          ? t('transactions.export.failed')
          : state.kind === 'cancelled'
            ? t('transactions.export.cancelled')
            : '';

  return (
    <div className="flex flex-wrap items-center gap-2">
      {state.kind === 'running' ? (
        <Button variant="secondary" onClick={() => abortRef.current?.abort()}>
          {t('transactions.export.cancel')}
        </Button>
      ) : (
        <Button onClick={() => void start()}>{t('transactions.export.button')}</Button>
      )}
      <output
        aria-live="polite"
        className={`text-sm ${state.kind === 'failed' ? 'text-danger' : 'text-fg-secondary'}`}
        data-testid="export-status"
      >
        {message}
      </output>
    </div>
  );
}

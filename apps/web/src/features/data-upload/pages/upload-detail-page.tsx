import type { TransactionUpload } from '@vatlas/contract';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { PageHeader, WorkspacePage } from '../../../components/ui/page-header';
import { Skeleton } from '../../../components/ui/skeleton';
import { paths } from '../../../config/paths';
import { useAuthStore } from '../../../lib/auth/auth-store';
import { useFormatters } from '../../../lib/format/format';
import { useDownloadProblems } from '../api/download-problems';
import { useUpload } from '../api/get-upload';
import { type UploadAction, useUploadAction } from '../api/upload-actions';
import { ProblemsTable } from '../components/problems-table';
import { ProgressBar } from '../components/progress-bar';
import { StatusBadge } from '../components/status-badge';
import { announcementStep, canCancel, canRerun, percentOf, type UploadPhase, uploadPhase } from '../upload-flow';
import { actionErrorText, failureText } from '../upload-messages';
import { primaryLink, secondaryLink } from './upload-history-page';

export function UploadDetailPage() {
  const { t } = useTranslation();
  const { uploadId = '' } = useParams();
  const upload = useUpload(uploadId);

  if (upload.isError) {
    return (
      <WorkspacePage>
        <PageHeader title={t('dataUpload.detail.notFoundTitle')} />
        <p className="text-sm text-fg-secondary">{t('dataUpload.detail.notFoundText')}</p>
        <div>
          <Link to={paths.dataUpload.getHref()} className={secondaryLink}>
            {t('dataUpload.wizard.toHistory')}
          </Link>
        </div>
      </WorkspacePage>
    );
  }
  if (!upload.data) {
    return (
      <WorkspacePage>
        <div aria-busy="true" className="flex flex-col gap-6">
          <Skeleton className="h-8 w-72" />
          <Skeleton className="h-48 w-full" />
        </div>
      </WorkspacePage>
    );
  }
  return <UploadDetail upload={upload.data} />;
}

function UploadDetail({ upload }: { upload: TransactionUpload }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const phase = uploadPhase(upload);
  return (
    <WorkspacePage>
      <PageHeader
        title={t(`dataUpload.detail.titles.${phase}`)}
        description={
          <span className="flex flex-wrap items-center gap-2">
            <span className="break-words">{upload.fileName}</span>
            <span aria-hidden="true">·</span>
            <span>{t(`dataUpload.sources.${upload.format}.short`)}</span>
            <span aria-hidden="true">·</span>
            <span>{format.bytes(upload.bytesTotal)}</span>
            <StatusBadge status={upload.status} />
          </span>
        }
        actions={
          <Link to={paths.dataUpload.getHref()} className={secondaryLink}>
            {t('dataUpload.wizard.toHistory')}
          </Link>
        }
      />
      <PhaseAnnouncer upload={upload} phase={phase} />
      {phase === 'validating' || phase === 'importing' ? <Running upload={upload} phase={phase} /> : null}
      {phase === 'report' ? <ValidationReport upload={upload} /> : null}
      {phase === 'result' ? <ImportResult upload={upload} /> : null}
      {phase === 'failed' || phase === 'cancelled' ? <Ended upload={upload} phase={phase} /> : null}
    </WorkspacePage>
  );
}

/**
 * Polite announcements: the phase when it changes, and progress at each quarter, not every poll.
 */
function PhaseAnnouncer({ upload, phase }: { upload: TransactionUpload; phase: UploadPhase }) {
  const { t } = useTranslation();
  const [message, setMessage] = useState('');
  const lastPhase = useRef<UploadPhase | null>(null);
  const lastStep = useRef<number | null>(null);
  const percent = percentOf(upload.bytesProcessed, upload.bytesTotal);
  useEffect(() => {
    if (lastPhase.current !== phase) {
      lastPhase.current = phase;
      lastStep.current = null;
      setMessage(t(`dataUpload.detail.announce.${phase}`, { count: upload.problemCount }));
      return;
    }
    if (phase !== 'validating' && phase !== 'importing') return;
    const step = announcementStep(percent, lastStep.current);
    if (step !== null && step > 0 && step < 100) {
      lastStep.current = step;
      setMessage(t('dataUpload.detail.announce.progress', { percent: step }));
    }
  }, [phase, percent, t, upload.problemCount]);
  return (
    <p aria-live="polite" className="sr-only">
      {message}
    </p>
  );
}

function useRunAction(upload: TransactionUpload) {
  const action = useUploadAction();
  const navigate = useNavigate();
  const run = (kind: UploadAction) =>
    action.mutate(
      { uploadId: upload.id, action: kind },
      { onSuccess: () => kind === 'delete' && navigate(paths.dataUpload.getHref()) },
    );
  return { run, isPending: action.isPending, error: action.error };
}

function Running({ upload, phase }: { upload: TransactionUpload; phase: 'validating' | 'importing' }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const { run, isPending } = useRunAction(upload);
  const isWaiting = upload.status === 'queued' || (upload.status === 'validating' && upload.startedAt === null);
  return (
    <Card className="flex flex-col gap-5 p-4 sm:p-8">
      <p className="text-sm text-fg-secondary">
        {isWaiting ? t('dataUpload.detail.waiting') : t(`dataUpload.detail.runningHint.${phase}`)}
      </p>
      <ProgressBar
        label={t(`dataUpload.detail.progressLabel.${phase}`)}
        value={upload.bytesProcessed}
        max={upload.bytesTotal}
        detail={t('dataUpload.upload.bytes', {
          loaded: format.bytes(upload.bytesProcessed),
          total: format.bytes(upload.bytesTotal),
        })}
      />
      <dl className="grid grid-cols-2 gap-4 sm:grid-cols-3">
        <Figure label={t('dataUpload.counts.rowsRead')} value={format.number(upload.rowsRead)} />
        {phase === 'importing' ? (
          <Figure label={t('dataUpload.counts.rowsImported')} value={format.number(upload.rowsImported)} />
        ) : null}
        <Figure label={t('dataUpload.counts.problems')} value={format.number(upload.problemCount)} />
      </dl>
      {canCancel(upload) ? (
        <div>
          <Button variant="secondary" disabled={isPending || upload.isCancelRequested} onClick={() => run('cancel')}>
            {upload.isCancelRequested ? t('dataUpload.detail.cancelling') : t('dataUpload.actions.cancel')}
          </Button>
        </div>
      ) : null}
    </Card>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex flex-col gap-1 rounded-lg border border-border bg-surface p-4">
      <dt className="text-sm text-fg-secondary">{label}</dt>
      <dd className="text-2xl font-semibold tabular-nums text-fg">{value}</dd>
    </div>
  );
}

function DownloadProblems({ upload }: { upload: TransactionUpload }) {
  const { t } = useTranslation();
  const companyId = useAuthStore((state) => state.selectedCompanyId);
  const download = useDownloadProblems();
  const [isFailed, setIsFailed] = useState(false);
  if (upload.problemCount === 0 || !companyId) return null;
  return (
    <>
      <Button
        variant="secondary"
        onClick={() => {
          setIsFailed(false);
          download(companyId, upload).catch(() => setIsFailed(true));
        }}
      >
        {t('dataUpload.detail.downloadProblems')}
      </Button>
      {isFailed ? (
        <p role="alert" className="text-sm text-danger">
          {t('dataUpload.errors.download')}
        </p>
      ) : null}
    </>
  );
}

function ValidationReport({ upload }: { upload: TransactionUpload }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const { run, isPending, error } = useRunAction(upload);
  const hasProblems = upload.problemCount > 0;
  return (
    <Card className="flex flex-col gap-5 p-4 sm:p-8">
      <dl className="grid grid-cols-2 gap-4 sm:grid-cols-3">
        <Figure label={t('dataUpload.counts.rowsRead')} value={format.number(upload.rowsRead)} />
        <Figure label={t('dataUpload.counts.problems')} value={format.number(upload.problemCount)} />
      </dl>
      <p className={hasProblems ? 'text-sm font-medium text-danger' : 'text-sm font-medium text-success'}>
        {hasProblems
          ? t('dataUpload.detail.reportProblems', { count: upload.problemCount })
          : t('dataUpload.detail.reportClean', { rows: format.number(upload.rowsRead) })}
      </p>
      <ProblemsTable uploadId={upload.id} problemCount={upload.problemCount} />
      <div className="flex flex-wrap gap-3">
        {hasProblems ? (
          <Link to={`${paths.dataUpload.getHref()}/new`} className={primaryLink}>
            {t('dataUpload.detail.uploadFixed')}
          </Link>
        ) : (
          <Button disabled={isPending} onClick={() => run('confirm')}>
            {t('dataUpload.actions.confirm')}
          </Button>
        )}
        <DownloadProblems upload={upload} />
        <Button variant="secondary" disabled={isPending} onClick={() => run('delete')}>
          {t('dataUpload.actions.discard')}
        </Button>
      </div>
      {error ? (
        <p role="alert" className="text-sm text-danger">
          {actionErrorText(t, error)}
        </p>
      ) : null}
    </Card>
  );
}

function ImportResult({ upload }: { upload: TransactionUpload }) {
  const { t } = useTranslation();
  const format = useFormatters();
  return (
    <Card className="flex flex-col gap-5 p-4 sm:p-8">
      <p className="text-sm font-medium text-success">
        {t('dataUpload.detail.resultText', { rows: format.number(upload.rowsImported) })}
      </p>
      <dl className="grid grid-cols-2 gap-4 sm:grid-cols-4">
        <Figure label={t('dataUpload.counts.rowsRead')} value={format.number(upload.rowsRead)} />
        <Figure label={t('dataUpload.counts.rowsImported')} value={format.number(upload.rowsImported)} />
        <Figure label={t('dataUpload.counts.duplicates')} value={format.number(upload.rowsDuplicate)} />
        <Figure label={t('dataUpload.counts.problems')} value={format.number(upload.problemCount)} />
      </dl>
      <div className="flex flex-wrap gap-3">
        <Link to={paths.transactions.getHref()} className={primaryLink}>
          {t('dataUpload.detail.toTransactions')}
        </Link>
        <Link to={paths.dashboard.getHref()} className={secondaryLink}>
          {t('dataUpload.detail.toDashboard')}
        </Link>
        <Link to={`${paths.dataUpload.getHref()}/new`} className={secondaryLink}>
          {t('dataUpload.history.newUpload')}
        </Link>
      </div>
    </Card>
  );
}

function Ended({ upload, phase }: { upload: TransactionUpload; phase: 'failed' | 'cancelled' }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const { run, isPending, error } = useRunAction(upload);
  return (
    <Card className="flex flex-col gap-5 p-4 sm:p-8">
      <p className={phase === 'failed' ? 'text-sm font-medium text-danger' : 'text-sm text-fg-secondary'}>
        {phase === 'failed' ? failureText(t, upload) : t('dataUpload.detail.cancelledText')}
      </p>
      <dl className="grid grid-cols-2 gap-4 sm:grid-cols-3">
        <Figure label={t('dataUpload.counts.rowsRead')} value={format.number(upload.rowsRead)} />
        <Figure label={t('dataUpload.counts.problems')} value={format.number(upload.problemCount)} />
      </dl>
      <ProblemsTable uploadId={upload.id} problemCount={upload.problemCount} />
      <div className="flex flex-wrap gap-3">
        {canRerun(upload) ? (
          <Button disabled={isPending} onClick={() => run('rerun')}>
            {t('dataUpload.actions.rerun')}
          </Button>
        ) : null}
        <DownloadProblems upload={upload} />
        <Button variant="secondary" disabled={isPending} onClick={() => run('delete')}>
          {t('dataUpload.actions.delete')}
        </Button>
      </div>
      {error ? (
        <p role="alert" className="text-sm text-danger">
          {actionErrorText(t, error)}
        </p>
      ) : null}
    </Card>
  );
}

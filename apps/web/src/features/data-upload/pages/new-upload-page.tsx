import { TRANSACTION_SOURCES, type TransactionSource } from '@vatlas/domain';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { MonthSelect } from '../../../components/ui/month-select';
import { PageHeader, WorkspacePage } from '../../../components/ui/page-header';
import { Skeleton } from '../../../components/ui/skeleton';
import { paths } from '../../../config/paths';
import { useFormatters } from '../../../lib/format/format';
import { useCreateDataPeriod } from '../api/create-data-period';
import { useColumnMappings } from '../api/list-column-mappings';
import { useDataPeriods } from '../api/list-data-periods';
import { useSaveColumnMapping } from '../api/save-column-mapping';
import { ColumnMappingForm } from '../components/column-mapping-form';
import { FileDropZone } from '../components/file-drop-zone';
import { ProgressBar } from '../components/progress-bar';
import { StepIndicator } from '../components/step-indicator';
import { type Delimiter, mappingFitsColumns, parseHeaderRow, readHeaderText } from '../csv-header';
import { type FileUploadItem, useFileUploads } from '../hooks/use-file-uploads';
import {
  addFiles,
  canContinue,
  initialWizardState,
  nextStep,
  previousStep,
  type WizardState,
  wizardSteps,
} from '../upload-flow';
import { secondaryLink } from './upload-history-page';

const ACCEPT = '.txt,.csv,.tsv,.xlsx,text/plain,text/csv,text/tab-separated-values';

/** The last complete month, as YYYY-MM: the month a seller usually uploads. */
function lastCompleteMonth(today = new Date()): string {
  const date = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 1, 1));
  return date.toISOString().slice(0, 7);
}

export function NewUploadPage() {
  const { t } = useTranslation();
  const [state, setState] = useState<WizardState>(initialWizardState);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const steps = wizardSteps(state.format);
  const isFirstRender = useRef(true);

  // Focus the step's heading when the step changes, so keyboard and screen-reader users start at the new step.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each step change only.
  useEffect(() => {
    if (isFirstRender.current) {
      isFirstRender.current = false;
      return;
    }
    headingRef.current?.focus();
  }, [state.step]);

  const goNext = () => setState((current) => ({ ...current, step: nextStep(current) }));
  const goBack = () => setState((current) => ({ ...current, step: previousStep(current) }));

  return (
    <WorkspacePage>
      <PageHeader
        title={t('dataUpload.wizard.title')}
        description={t('dataUpload.wizard.description')}
        actions={
          <Link to={paths.dataUpload.getHref()} className={secondaryLink}>
            {t('dataUpload.wizard.toHistory')}
          </Link>
        }
      />
      <StepIndicator steps={steps} current={state.step} />
      <Card className="flex flex-col gap-6 p-4 sm:p-8">
        <h2 ref={headingRef} tabIndex={-1} className="text-lg font-semibold text-fg focus:outline-none">
          {t(`dataUpload.wizard.headings.${state.step}`)}
        </h2>
        {state.step === 'period' ? (
          <PeriodStep
            value={state.dataPeriodId}
            onChange={(dataPeriodId) => setState((current) => ({ ...current, dataPeriodId }))}
          />
        ) : null}
        {state.step === 'source' ? (
          <SourceStep
            value={state.format}
            onChange={(format) => setState((current) => ({ ...current, format, columnMappingId: null }))}
          />
        ) : null}
        {state.step === 'files' ? (
          <FilesStep
            files={state.files}
            onChange={(files) => setState((current) => ({ ...current, files, columnMappingId: null }))}
          />
        ) : null}
        {state.step === 'mapping' && state.files[0] ? (
          <MappingStep
            file={state.files[0]}
            onChosen={(columnMappingId) =>
              setState((current) => ({ ...current, columnMappingId, step: nextStep({ ...current, columnMappingId }) }))
            }
          />
        ) : null}
        {state.step === 'upload' ? <UploadStep state={state} /> : null}
        {state.step !== 'upload' ? (
          <div className="flex flex-wrap justify-between gap-3 border-t border-border pt-4">
            <Button variant="secondary" onClick={goBack} disabled={state.step === 'period'}>
              {t('dataUpload.wizard.back')}
            </Button>
            {state.step !== 'mapping' ? (
              <Button onClick={goNext} disabled={!canContinue(state)}>
                {nextStep(state) === 'upload' ? t('dataUpload.wizard.uploadAndCheck') : t('dataUpload.wizard.next')}
              </Button>
            ) : null}
          </div>
        ) : null}
      </Card>
    </WorkspacePage>
  );
}

function PeriodStep({ value, onChange }: { value: string | null; onChange: (id: string) => void }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const periods = useDataPeriods();
  const create = useCreateDataPeriod();
  const [month, setMonth] = useState(lastCompleteMonth);
  const monthId = useId();

  const add = (event: FormEvent) => {
    event.preventDefault();
    if (!/^\d{4}-\d{2}$/.test(month)) return;
    create.mutate(month, { onSuccess: (period) => onChange(period.id) });
  };

  const newestFirst = [...(periods.data ?? [])].reverse();
  return (
    <div className="flex flex-col gap-6">
      <p className="text-sm text-fg-secondary">{t('dataUpload.period.intro')}</p>
      <form onSubmit={add} className="flex flex-wrap items-end gap-3">
        <div className="flex flex-col gap-1">
          <label htmlFor={monthId} className="text-sm font-medium text-fg">
            {t('dataUpload.period.addLabel')}
          </label>
          <MonthSelect
            id={monthId}
            value={month}
            onChange={setMonth}
            className="rounded-md border border-border bg-surface px-3 py-2 text-sm text-fg focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-primary"
          />
        </div>
        <Button type="submit" variant="secondary" disabled={create.isPending}>
          {t('dataUpload.period.add')}
        </Button>
        {create.isError ? (
          <p role="alert" className="w-full text-sm text-danger">
            {t('dataUpload.period.addFailed')}
          </p>
        ) : null}
      </form>
      <fieldset aria-busy={periods.isPending} className="flex flex-col gap-2">
        <legend className="mb-2 text-sm font-semibold text-fg">{t('dataUpload.period.choose')}</legend>
        {periods.isPending ? (
          [0, 1, 2].map((row) => <Skeleton key={row} className="h-14 w-full" />)
        ) : newestFirst.length === 0 ? (
          <p className="text-sm text-fg-secondary">{t('dataUpload.period.none')}</p>
        ) : (
          <div className="grid max-h-96 grid-cols-1 gap-2 overflow-y-auto p-1 sm:grid-cols-2">
            {newestFirst.map((period) => (
              <label
                key={period.id}
                className="flex cursor-pointer items-center gap-3 rounded-lg border border-border bg-surface px-4 py-3 has-[:checked]:border-primary has-[:checked]:bg-light has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-primary"
              >
                <input
                  type="radio"
                  name="data-period"
                  value={period.id}
                  checked={value === period.id}
                  onChange={() => onChange(period.id)}
                  className="size-4 accent-primary"
                />
                <span className="flex flex-col">
                  <span className="font-medium text-fg">{format.month(period.month)}</span>
                  <span className="text-xs text-fg-secondary">
                    {t(`dataUpload.period.status.${period.status}`)} ·{' '}
                    {t('dataUpload.period.transactions', { count: period.transactionCount })}
                  </span>
                </span>
              </label>
            ))}
          </div>
        )}
      </fieldset>
    </div>
  );
}

function SourceStep({
  value,
  onChange,
}: {
  value: TransactionSource | null;
  onChange: (source: TransactionSource) => void;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-2 text-sm text-fg-secondary">{t('dataUpload.source.intro')}</legend>
      <div className="grid grid-cols-1 gap-3 md:grid-cols-2">
        {TRANSACTION_SOURCES.map((source) => (
          <label
            key={source}
            className="flex cursor-pointer gap-3 rounded-lg border border-border bg-surface p-4 has-[:checked]:border-primary has-[:checked]:bg-light has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-primary"
          >
            <input
              type="radio"
              name="source"
              value={source}
              checked={value === source}
              onChange={() => onChange(source)}
              className="mt-1 size-4 accent-primary"
            />
            <span className="flex flex-col gap-1">
              <span className="font-semibold text-fg">{t(`dataUpload.sources.${source}.name`)}</span>
              <span className="text-sm text-fg-secondary">{t(`dataUpload.sources.${source}.hint`)}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function FilesStep({ files, onChange }: { files: File[]; onChange: (files: File[]) => void }) {
  const { t } = useTranslation();
  const format = useFormatters();
  return (
    <div className="flex flex-col gap-4">
      <FileDropZone accept={ACCEPT} onFiles={(added) => onChange(addFiles(files, added))} />
      {files.length > 0 ? (
        <ul className="flex flex-col gap-2" aria-label={t('dataUpload.files.chosen')}>
          {files.map((file) => (
            <li
              key={`${file.name}|${file.size}|${file.lastModified}`}
              className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-border px-3 py-2"
            >
              <span className="min-w-0 break-words text-sm text-fg">
                {file.name} <span className="text-fg-secondary">({format.bytes(file.size)})</span>
              </span>
              <Button
                variant="secondary"
                className="px-3 py-1"
                onClick={() => onChange(files.filter((other) => other !== file))}
                aria-label={t('dataUpload.files.removeOf', { file: file.name })}
              >
                {t('dataUpload.files.remove')}
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function MappingStep({ file, onChosen }: { file: File; onChosen: (mappingId: string) => void }) {
  const { t } = useTranslation();
  const mappings = useColumnMappings();
  const save = useSaveColumnMapping();
  const [header, setHeader] = useState<{ columns: string[]; delimiter: Delimiter } | null>(null);
  const [isReadFailed, setIsReadFailed] = useState(false);
  const [isNew, setIsNew] = useState(false);

  useEffect(() => {
    let isCurrent = true;
    readHeaderText(file)
      .then((text) => isCurrent && setHeader(parseHeaderRow(text)))
      .catch(() => isCurrent && setIsReadFailed(true));
    return () => {
      isCurrent = false;
    };
  }, [file]);

  if (isReadFailed || (header && header.columns.length < 2)) {
    return (
      <p role="alert" className="text-sm text-danger">
        {t('dataUpload.mapping.noHeader', { file: file.name })}
      </p>
    );
  }
  if (!header || mappings.isPending) {
    return (
      <div aria-busy="true" className="flex flex-col gap-3">
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-10 w-2/3" />
      </div>
    );
  }
  const fitting = (mappings.data ?? []).filter((saved) => mappingFitsColumns(saved.mapping, header.columns));
  return (
    <div className="flex flex-col gap-6">
      <p className="text-sm text-fg-secondary">
        {t('dataUpload.mapping.columnsOf', { file: file.name, columns: header.columns.join(', ') })}
      </p>
      {fitting.length > 0 && !isNew ? (
        <div className="flex flex-col gap-3">
          <p className="text-sm font-semibold text-fg">{t('dataUpload.mapping.savedFit')}</p>
          <ul className="flex flex-col gap-2">
            {fitting.map((saved) => (
              <li key={saved.id}>
                <Button variant="secondary" onClick={() => onChosen(saved.id)}>
                  {t('dataUpload.mapping.useSaved', { name: saved.name })}
                </Button>
              </li>
            ))}
          </ul>
          <div>
            <Button variant="secondary" onClick={() => setIsNew(true)}>
              {t('dataUpload.mapping.createNew')}
            </Button>
          </div>
        </div>
      ) : (
        <ColumnMappingForm
          columns={header.columns}
          delimiter={header.delimiter}
          isSaving={save.isPending}
          onSubmit={(name, mapping) => save.mutate({ name, mapping }, { onSuccess: (saved) => onChosen(saved.id) })}
        />
      )}
      {save.isError ? (
        <p role="alert" className="text-sm text-danger">
          {t('dataUpload.mapping.saveFailed')}
        </p>
      ) : null}
    </div>
  );
}

function UploadStep({ state }: { state: WizardState }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const navigate = useNavigate();
  const { items, start } = useFileUploads();
  const hasStarted = useRef(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the files are sent once, when the step opens.
  useEffect(() => {
    if (hasStarted.current || !state.format) return;
    hasStarted.current = true;
    void start(state.files, {
      format: state.format,
      dataPeriodId: state.dataPeriodId ?? undefined,
      columnMappingId: state.columnMappingId ?? undefined,
    }).then((results) => {
      // One file sent: straight on to its validation report.
      const [only] = results;
      if (results.length === 1 && only?.upload) {
        navigate(`${paths.dataUpload.getHref()}/${only.upload.id}`);
      }
    });
  }, []);

  const sent = items.filter((item) => item.state === 'sent' || item.state === 'error').length;
  return (
    <div className="flex flex-col gap-4">
      <p aria-live="polite" className="text-sm text-fg-secondary">
        {t('dataUpload.upload.summary', { sent: format.number(sent), total: format.number(items.length) })}
      </p>
      <ul className="flex flex-col gap-4">
        {items.map((item) => (
          <FileUploadRow key={`${item.file.name}|${item.file.lastModified}`} item={item} />
        ))}
      </ul>
    </div>
  );
}

function FileUploadRow({ item }: { item: FileUploadItem }) {
  const { t } = useTranslation();
  const format = useFormatters();
  return (
    <li className="flex flex-col gap-2 rounded-lg border border-border p-4">
      <ProgressBar
        label={t('dataUpload.upload.sending', { file: item.file.name })}
        value={item.progress.loaded}
        max={item.progress.total}
        detail={t('dataUpload.upload.bytes', {
          loaded: format.bytes(item.progress.loaded),
          total: format.bytes(item.progress.total),
        })}
      />
      {item.state === 'sent' && item.upload ? (
        <Link
          to={`${paths.dataUpload.getHref()}/${item.upload.id}`}
          className="text-sm font-medium text-primary-strong underline-offset-2 hover:underline focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-primary"
        >
          {t('dataUpload.upload.viewReport', { file: item.file.name })}
        </Link>
      ) : null}
      {item.state === 'error' && item.error ? (
        <p role="alert" className="text-sm text-danger">
          {t(`dataUpload.upload.errors.${item.error.code}`, {
            defaultValue: item.error.message,
          })}{' '}
          {item.error.uploadId ? (
            <Link
              to={`${paths.dataUpload.getHref()}/${item.error.uploadId}`}
              className="font-medium text-primary-strong underline-offset-2 hover:underline"
            >
              {t('dataUpload.upload.viewEarlier')}
            </Link>
          ) : null}
        </p>
      ) : null}
    </li>
  );
}

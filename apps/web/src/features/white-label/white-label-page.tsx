import { THEME_CONTRAST_ERROR_CODE } from '@vatlas/contract';
import { checkThemeContrast, THEME_IDS, type ThemeId } from '@vatlas/domain';
import { type FormEvent, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useBlocker, useParams } from 'react-router';
import { Button } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { PageHeader, WorkspacePage } from '../../components/ui/page-header';
import { Skeleton } from '../../components/ui/skeleton';
import { Spinner } from '../../components/ui/spinner';
import { inputClassName, TextField } from '../../components/ui/text-field';
import { EditConflictAlert, isEditConflict } from '../../lib/forms/edit-conflict';
import { isHttpError } from '../../lib/http/http-error';
import { type AdminTenantTheme, useAdminTenantTheme, useReloadAdminTenantTheme } from './api/get-admin-tenant-theme';
import { useResetTenantTheme } from './api/reset-tenant-theme';
import { useSaveTenantTheme } from './api/save-tenant-theme';
import { ConfirmDialog } from './components/confirm-dialog';
import { ContrastReport } from './components/contrast-report';
import { ColourField } from './components/fields';
import { ThemePreview } from './components/theme-preview';
import {
  areValuesEqual,
  BRANDING_KEYS,
  type BrandingKey,
  COLOUR_GROUPS,
  type ColourGroup,
  type FieldProblem,
  findFieldProblems,
  rebaseValues,
  type ThemeFormValues,
  TYPOGRAPHY_GROUPS,
  toPreviewTheme,
  toThemeInput,
  valuesFromTheme,
} from './theme-form';

const valuesOf = (answer: AdminTenantTheme) => valuesFromTheme(answer.theme, answer.baseThemeId);

/** `/admin/white-label/{tenantId}`: edit a tenant's theme with a live preview and a WCAG AA contrast check. */
export function WhiteLabelPage() {
  const { t } = useTranslation();
  const { tenantId = '' } = useParams();
  const query = useAdminTenantTheme(tenantId);

  if (query.isPending) {
    return (
      <WorkspacePage wide>
        <div aria-busy="true" className="flex flex-col gap-4">
          <Spinner label={t('whiteLabel.loading')} />
          <Skeleton className="h-8 w-1/3" />
          <Skeleton className="h-96 w-full" />
        </div>
      </WorkspacePage>
    );
  }
  if (query.isError) {
    const isNotFound = isHttpError(query.error) && query.error.status === 404;
    return (
      <WorkspacePage>
        <PageHeader title={isNotFound ? t('whiteLabel.notFoundTitle') : t('whiteLabel.title', { tenant: tenantId })} />
        <EmptyState
          title={isNotFound ? t('whiteLabel.notFoundTitle') : t('whiteLabel.title', { tenant: tenantId })}
          text={
            isNotFound ? t('whiteLabel.notFoundText') : t('whiteLabel.loadFailed', { message: query.error.message })
          }
          action={
            <Link to="/admin" className="font-semibold text-primary-strong underline">
              {t('whiteLabel.backToAdmin')}
            </Link>
          }
        />
      </WorkspacePage>
    );
  }
  return <WhiteLabelEditor key={tenantId} tenantId={tenantId} answer={query.data} />;
}

function problemMessageKey(problem: FieldProblem): string {
  if (problem.section === 'colors') return problem.key === 'overlay' ? 'overlay' : 'colour';
  if (problem.section === 'typography') {
    if (problem.key.startsWith('sizes.')) return 'size';
    if (problem.key.startsWith('weights.')) return 'weight';
    if (problem.key.startsWith('lineHeights.')) return 'lineHeight';
    return 'fontFamily';
  }
  if (problem.key === 'companyName' || problem.key === 'logoUrl') return problem.key;
  return 'link';
}

type Notice = { tone: 'success' | 'danger'; text: string } | null;

function WhiteLabelEditor({ tenantId, answer }: { tenantId: string; answer: AdminTenantTheme }) {
  const { t } = useTranslation();
  const [saved, setSaved] = useState<ThemeFormValues>(() => valuesOf(answer));
  const [values, setValues] = useState<ThemeFormValues>(saved);
  // The revision `saved` was read at: a save sends it back (decision 052).
  const [revision, setRevision] = useState(answer.revision);
  const [notice, setNotice] = useState<Notice>(null);
  const [isConflict, setIsConflict] = useState(false);
  const [isResetOpen, setIsResetOpen] = useState(false);
  const save = useSaveTenantTheme(tenantId);
  const reset = useResetTenantTheme(tenantId);
  const reload = useReloadAdminTenantTheme(tenantId);

  const isDirty = !areValuesEqual(values, saved);
  const problems = useMemo(() => findFieldProblems(values), [values]);
  const preview = useMemo(() => toPreviewTheme(values, answer.tenantName), [values, answer.tenantName]);
  const contrast = useMemo(() => checkThemeContrast(preview), [preview]);
  const failingPairs = contrast.filter((check) => !check.passes);

  const errorOf = (section: FieldProblem['section'], key: string) => {
    const problem = problems.find((candidate) => candidate.section === section && candidate.key === key);
    return problem ? t(`whiteLabel.fieldErrors.${problemMessageKey(problem)}`) : undefined;
  };

  // Unsaved changes: in-app navigation asks first; closing or reloading the tab gets the browser's own question.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => isDirty && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!isDirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [isDirty]);

  /** The editor filled from a stored theme: nothing unsaved any more. */
  const fill = (stored: AdminTenantTheme) => {
    const storedValues = valuesOf(stored);
    setSaved(storedValues);
    setValues(storedValues);
    setRevision(stored.revision);
  };

  const reloadStored = async () => {
    fill(await reload());
    setIsConflict(false);
    setNotice(null);
  };

  const update = (change: (draft: ThemeFormValues) => void) => {
    setNotice(null);
    setValues((current) => {
      const draft = structuredClone(current);
      change(draft);
      return draft;
    });
  };

  const pairNames = (ids: string[]) => ids.map((id) => t(`whiteLabel.contrast.pairs.${id}`)).join(', ');

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (problems.length > 0) {
      setNotice({ tone: 'danger', text: t('whiteLabel.invalid', { count: problems.length }) });
      return;
    }
    if (failingPairs.length > 0) {
      setNotice({
        tone: 'danger',
        text: t('whiteLabel.contrastRefused', { pairs: pairNames(failingPairs.map((check) => check.id)) }),
      });
      return;
    }
    setIsConflict(false);
    save.mutate(
      { ...toThemeInput(values), revision },
      {
        onSuccess: (next) => {
          fill(next);
          setNotice({ tone: 'success', text: t('whiteLabel.saved') });
        },
        onError: (error) => {
          if (isEditConflict(error)) {
            setNotice(null);
            setIsConflict(true);
            return;
          }
          if (isHttpError(error) && error.code === THEME_CONTRAST_ERROR_CODE && Array.isArray(error.details)) {
            const ids = (error.details as { id: string }[]).map((check) => check.id);
            setNotice({ tone: 'danger', text: t('whiteLabel.contrastRefused', { pairs: pairNames(ids) }) });
            return;
          }
          setNotice({ tone: 'danger', text: t('whiteLabel.saveFailed', { message: error.message }) });
        },
      },
    );
  };

  const onReset = () => {
    setIsResetOpen(false);
    setIsConflict(false);
    reset.mutate(undefined, {
      onSuccess: (next) => {
        fill(next);
        setNotice({ tone: 'success', text: t('whiteLabel.resetDone') });
      },
      onError: (error) => setNotice({ tone: 'danger', text: t('whiteLabel.resetFailed', { message: error.message }) }),
    });
  };

  const sectionClass = 'flex flex-col gap-4 rounded-xl border border-border bg-surface p-5';
  const legendClass = 'text-lg font-semibold text-fg';
  const groupTitleClass = 'text-sm font-semibold text-fg-secondary';

  return (
    <WorkspacePage wide>
      <PageHeader
        title={t('whiteLabel.title', { tenant: answer.tenantName })}
        description={t('whiteLabel.description')}
        actions={
          isDirty ? (
            <span className="rounded-full bg-primary-light px-3 py-1 text-sm font-medium text-fg">
              {t('whiteLabel.unsaved')}
            </span>
          ) : null
        }
      />
      <form onSubmit={onSubmit} noValidate className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,28rem)]">
        <div className="flex min-w-0 flex-col gap-6">
          <fieldset className={sectionClass}>
            <legend className="float-left">
              <h2 className={legendClass}>{t('whiteLabel.baseTheme.legend')}</h2>
            </legend>
            <div className="clear-both flex flex-col gap-1">
              <label htmlFor="white-label-base" className="text-sm font-medium text-fg">
                {t('whiteLabel.baseTheme.label')}
              </label>
              <select
                id="white-label-base"
                className={`${inputClassName} border-border`}
                value={values.baseThemeId}
                aria-describedby="white-label-base-hint"
                onChange={(event) => {
                  const next = event.target.value as ThemeId;
                  setNotice(null);
                  setValues((current) => rebaseValues(current, next));
                }}
              >
                {THEME_IDS.map((id) => (
                  <option key={id} value={id}>
                    {t(`whiteLabel.baseTheme.${id}`)}
                  </option>
                ))}
              </select>
              <p id="white-label-base-hint" className="text-xs text-fg-secondary">
                {t('whiteLabel.baseTheme.hint')}
              </p>
            </div>
          </fieldset>

          <fieldset className={sectionClass}>
            <legend className="float-left">
              <h2 className={legendClass}>{t('whiteLabel.sections.branding')}</h2>
            </legend>
            <div className="clear-both grid gap-4 sm:grid-cols-2">
              {BRANDING_KEYS.map((key: BrandingKey) => (
                <TextField
                  key={key}
                  label={t(`whiteLabel.branding.${key}`)}
                  value={values.branding[key]}
                  hint={key === 'logoUrl' ? t('whiteLabel.branding.logoHint') : undefined}
                  inputMode={key === 'companyName' ? 'text' : 'url'}
                  isCode
                  error={errorOf('branding', key)}
                  onChange={(text) =>
                    update((draft) => {
                      draft.branding[key] = text;
                    })
                  }
                />
              ))}
            </div>
          </fieldset>

          <fieldset className={sectionClass}>
            <legend className="float-left">
              <h2 className={legendClass}>{t('whiteLabel.sections.colors')}</h2>
            </legend>
            <div className="clear-both flex flex-col gap-5">
              {(Object.keys(COLOUR_GROUPS) as ColourGroup[]).map((group) => (
                <div key={group} className="flex flex-col gap-3">
                  <h3 className={groupTitleClass}>{t(`whiteLabel.colorGroups.${group}`)}</h3>
                  <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
                    {COLOUR_GROUPS[group].map((key) => (
                      <ColourField
                        key={key}
                        label={colourLabel(t, key)}
                        value={values.colors[key] ?? ''}
                        error={errorOf('colors', key)}
                        onChange={(text) =>
                          update((draft) => {
                            draft.colors[key] = text;
                          })
                        }
                      />
                    ))}
                  </div>
                </div>
              ))}
            </div>
          </fieldset>

          <fieldset className={sectionClass}>
            <legend className="float-left">
              <h2 className={legendClass}>{t('whiteLabel.sections.typography')}</h2>
            </legend>
            <div className="clear-both flex flex-col gap-5">
              {(Object.keys(TYPOGRAPHY_GROUPS) as (keyof typeof TYPOGRAPHY_GROUPS)[]).map((group) => (
                <div key={group} className="flex flex-col gap-3">
                  <h3 className={groupTitleClass}>{t(`whiteLabel.typographyGroups.${group}`)}</h3>
                  <div className={`grid gap-4 ${group === 'families' ? '' : 'sm:grid-cols-2 xl:grid-cols-4'}`}>
                    {TYPOGRAPHY_GROUPS[group].map((key) => (
                      <TextField
                        key={key}
                        label={t(`whiteLabel.typography.${key}`)}
                        value={values.typography[key] ?? ''}
                        inputMode={group === 'weights' || group === 'lineHeights' ? 'decimal' : 'text'}
                        isCode
                        error={errorOf('typography', key)}
                        onChange={(text) =>
                          update((draft) => {
                            draft.typography[key] = text;
                          })
                        }
                      />
                    ))}
                  </div>
                </div>
              ))}
            </div>
          </fieldset>
        </div>

        <div className="flex min-w-0 flex-col gap-6 lg:sticky lg:top-4 lg:self-start">
          <section aria-labelledby="preview-title" className="flex flex-col gap-2">
            <h2 id="preview-title" className="text-lg font-semibold text-fg">
              {t('whiteLabel.preview.title')}
            </h2>
            <p className="text-sm text-fg-secondary">{t('whiteLabel.preview.description')}</p>
            <ThemePreview theme={preview} />
          </section>
          <ContrastReport checks={contrast} />
          <div className="flex flex-col gap-3 rounded-xl border border-border bg-surface p-4">
            {notice ? (
              <p
                role={notice.tone === 'danger' ? 'alert' : 'status'}
                className={`text-sm font-medium ${notice.tone === 'danger' ? 'text-danger' : 'text-success'}`}
              >
                {notice.text}
              </p>
            ) : null}
            {isConflict ? <EditConflictAlert onReload={reloadStored} /> : null}
            <div className="flex flex-wrap gap-2">
              <Button type="submit" disabled={save.isPending || reset.isPending}>
                {save.isPending ? t('whiteLabel.actions.saving') : t('whiteLabel.actions.save')}
              </Button>
              <Button
                variant="secondary"
                disabled={save.isPending || reset.isPending}
                onClick={() => setIsResetOpen(true)}
              >
                {reset.isPending ? t('whiteLabel.actions.resetting') : t('whiteLabel.actions.reset')}
              </Button>
            </div>
          </div>
        </div>
      </form>

      <ConfirmDialog
        isOpen={isResetOpen}
        title={t('whiteLabel.confirmReset.title')}
        text={t('whiteLabel.confirmReset.text')}
        confirmLabel={t('whiteLabel.confirmReset.confirm')}
        cancelLabel={t('whiteLabel.confirmReset.cancel')}
        onConfirm={onReset}
        onCancel={() => setIsResetOpen(false)}
      />
      <ConfirmDialog
        isOpen={blocker.state === 'blocked'}
        title={t('whiteLabel.leave.title')}
        text={t('whiteLabel.leave.text')}
        confirmLabel={t('whiteLabel.leave.confirm')}
        cancelLabel={t('whiteLabel.leave.cancel')}
        onConfirm={() => blocker.proceed?.()}
        onCancel={() => blocker.reset?.()}
      />
    </WorkspacePage>
  );
}

function colourLabel(t: (key: string, options?: Record<string, unknown>) => string, key: string): string {
  if (key.startsWith('grays.')) return t('whiteLabel.colors.gray', { step: key.slice('grays.'.length) });
  if (key.startsWith('chart.')) return t('whiteLabel.colors.chart', { number: Number(key.slice('chart.'.length)) + 1 });
  return t(`whiteLabel.colors.${key}`);
}

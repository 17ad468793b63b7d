import {
  DEFAULT_ONBOARDING_STEPS,
  nextPageOf,
  type OnboardingStepId,
  type OnboardingStepStatus,
  previousPageOf,
  stepOfPage,
} from '@vatlas/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import { isOnboardingLoading, useOnboarding } from '../api/get-onboarding';
import { ErrorSummary, type ErrorSummaryItem } from './error-summary';

export type OnboardingLayoutProps = {
  /** The page's own path (a key of ONBOARDING_FLOW); decides the step shown and the Back/Next targets. */
  path: string;
  title: string;
  description?: ReactNode;
  /** When set, Next is a submit button of this form: the page saves in its onSubmit and then calls goNext. */
  formId?: string;
  /** Disables Back/Next and shows "Saving…" on Next. */
  isSaving?: boolean;
  /** Problems listed above the content; field entries link to their inputs. */
  errors?: readonly ErrorSummaryItem[];
  /** Without formId: what Next does (default: go to the next page of the flow). */
  onNext?: () => void;
  /** What Back does (default: the previous page of the flow; hidden on the first page). */
  onBack?: () => void;
  nextLabel?: string;
  isNextDisabled?: boolean;
  /** Pages that show their own actions (e.g. welcome) hide the bar. */
  hideActions?: boolean;
  children: ReactNode;
};

/** Back/Next targets of a page, from ONBOARDING_FLOW; pages call goNext after a successful save. */
export function useFlowNavigation(path: string) {
  const navigate = useNavigate();
  const nextPath = nextPageOf(path);
  const previousPath = previousPageOf(path);
  return {
    nextPath,
    previousPath,
    goNext: () => {
      if (nextPath) navigate(nextPath);
    },
    goBack: () => {
      if (previousPath) navigate(previousPath);
    },
  };
}

const statusStyles: Record<OnboardingStepStatus, string> = {
  completed: 'border-success bg-success text-fg-inverse',
  active: 'border-primary bg-surface text-fg',
  pending: 'border-border bg-surface text-fg-muted',
  locked: 'border-border bg-gray-100 text-fg-muted',
};

function StepMarker({ status, order }: { status: OnboardingStepStatus; order: number }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        'flex size-7 shrink-0 items-center justify-center rounded-full border-2 text-xs font-semibold',
        statusStyles[status],
      )}
    >
      {status === 'completed' ? '✓' : order}
    </span>
  );
}

type StepView = { id: OnboardingStepId; order: number; status: OnboardingStepStatus };

function StepList({
  steps,
  currentStepId,
}: {
  steps: readonly StepView[];
  currentStepId: OnboardingStepId | undefined;
}) {
  const { t } = useTranslation();
  return (
    <nav aria-labelledby="onboarding-steps-heading">
      <h2 id="onboarding-steps-heading" className="sr-only">
        {t('onboarding.layout.stepsHeading')}
      </h2>
      <ol className="space-y-3">
        {steps.map((step) => {
          const isCurrent = step.id === currentStepId;
          return (
            <li
              key={step.id}
              aria-current={isCurrent ? 'step' : undefined}
              className={cn('flex items-start gap-3 rounded-md p-2', isCurrent && 'bg-primary-light')}
            >
              <StepMarker status={step.status} order={step.order} />
              <span className="flex flex-col">
                <span className="text-sm font-semibold text-fg">{t(`onboarding.steps.${step.id}.title`)}</span>
                <span className="text-xs text-fg-secondary">{t(`onboarding.layout.status.${step.status}`)}</span>
              </span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

/**
 * The frame of every onboarding page: progress (spec §3 Progress, "Step n of 5", minutes left), the step
 * list, an error summary, the page content and the Back/Next bar. Progress comes from the server's
 * Onboarding answer, so it is the same after a reload.
 */
export function OnboardingLayout(props: OnboardingLayoutProps) {
  const { t } = useTranslation();
  const onboarding = useOnboarding();
  const flow = useFlowNavigation(props.path);
  const currentStepId = stepOfPage(props.path);
  const data = onboarding.data;
  const steps: readonly StepView[] = data?.steps ?? DEFAULT_ONBOARDING_STEPS;
  const totalSteps = data?.progress.totalSteps ?? DEFAULT_ONBOARDING_STEPS.length;
  const currentOrder = steps.find((step) => step.id === currentStepId)?.order ?? 1;
  const percent = data?.progress.completionPercentage ?? 0;
  const isSaving = props.isSaving ?? false;
  const onBack = props.onBack ?? (flow.previousPath ? flow.goBack : undefined);
  const nextLabel =
    props.nextLabel ?? (flow.nextPath === '/dashboard' ? t('onboarding.layout.finish') : t('onboarding.layout.next'));

  return (
    <div className="mx-auto grid max-w-6xl gap-6 p-4 md:grid-cols-[16rem_1fr] md:p-8">
      <aside className="rounded-xl border border-border bg-surface p-4">
        <StepList steps={steps} currentStepId={currentStepId} />
      </aside>
      <section
        aria-labelledby="page-title"
        className="flex flex-col gap-6 rounded-xl border border-border bg-surface p-6"
      >
        <div className="flex flex-col gap-2">
          <div className="flex flex-wrap items-center justify-between gap-2 text-sm text-fg-secondary">
            <span>{t('onboarding.layout.stepOf', { current: currentOrder, total: totalSteps })}</span>
            {data ? <span>{t('onboarding.layout.minutesLeft', { count: data.estimatedMinutesLeft })}</span> : null}
          </div>
          <div
            role="progressbar"
            aria-label={t('onboarding.layout.progressLabel')}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            aria-valuetext={t('onboarding.layout.percentComplete', { percent })}
            className="h-2 w-full overflow-hidden rounded-full bg-gray-200"
          >
            <div className="h-full rounded-full bg-primary transition-all" style={{ width: `${percent}%` }} />
          </div>
        </div>

        <header className="flex flex-col gap-1">
          <h1 id="page-title" className="text-2xl font-semibold text-fg">
            {props.title}
          </h1>
          {props.description ? <div className="text-fg-secondary">{props.description}</div> : null}
        </header>

        {props.errors && props.errors.length > 0 ? <ErrorSummary errors={props.errors} /> : null}
        {onboarding.isError ? (
          <p role="alert" className="text-sm text-danger">
            {t('onboarding.layout.loadFailed')}
          </p>
        ) : null}

        {isOnboardingLoading(onboarding) ? (
          <Spinner label={t('loading.loadingBusinessDetails')} />
        ) : (
          <div>{props.children}</div>
        )}

        {props.hideActions ? null : (
          <div className="flex items-center justify-between gap-4 border-t border-border pt-4">
            {onBack ? (
              <Button variant="secondary" onClick={onBack} disabled={isSaving}>
                {t('onboarding.layout.back')}
              </Button>
            ) : (
              <span />
            )}
            {props.formId ? (
              <Button
                type="submit"
                form={props.formId}
                disabled={isSaving || props.isNextDisabled}
                aria-busy={isSaving}
              >
                {isSaving ? t('onboarding.layout.saving') : nextLabel}
              </Button>
            ) : (
              <Button onClick={props.onNext ?? flow.goNext} disabled={isSaving || props.isNextDisabled}>
                {isSaving ? t('onboarding.layout.saving') : nextLabel}
              </Button>
            )}
          </div>
        )}
      </section>
    </div>
  );
}

/**
 * A form page's frame while the onboarding state first loads: the layout shows its spinner and no Back/Next, since the
 * form can start only from what the server has saved.
 */
export function OnboardingPageLoading({ path, title }: { path: string; title: string }) {
  return (
    <OnboardingLayout path={path} title={title} hideActions>
      {null}
    </OnboardingLayout>
  );
}

import { useTranslation } from 'react-i18next';
import { cn } from '../../../lib/cn';
import type { WizardStep } from '../upload-flow';

/** Where the user is in the new-upload steps: an ordered list, the current step marked for screen readers. */
export function StepIndicator({ steps, current }: { steps: readonly WizardStep[]; current: WizardStep }) {
  const { t } = useTranslation();
  const currentIndex = steps.indexOf(current);
  return (
    <ol className="flex flex-wrap gap-2 text-sm" aria-label={t('dataUpload.wizard.stepsLabel')}>
      {steps.map((step, index) => (
        <li
          key={step}
          aria-current={step === current ? 'step' : undefined}
          className={cn(
            'flex items-center gap-2 rounded-full border px-3 py-1',
            step === current
              ? 'border-primary-strong bg-primary-strong font-semibold text-on-primary'
              : index < currentIndex
                ? 'border-border bg-surface text-fg'
                : 'border-border bg-surface text-fg-secondary',
          )}
        >
          <span className="tabular-nums">{index + 1}</span>
          <span>{t(`dataUpload.wizard.steps.${step}`)}</span>
        </li>
      ))}
    </ol>
  );
}

import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MonthSelect } from '../../../components/ui/month-select';
import { cn } from '../../../lib/cn';
import {
  ANALYTICS_MAX_MONTHS,
  type MonthRange,
  PERIOD_PRESETS,
  presetOf,
  presetRange,
  rangeProblem,
} from '../hooks/period';

const inputClass =
  'rounded-md border border-border bg-surface px-3 py-2 text-sm text-fg ' +
  'focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-primary';

/**
 * From and to month (native selects of months named in the UI's language: a month input would name them in the
 * browser's) and three presets. A valid range is applied at once; an invalid one stays
 * in the inputs with the reason beside them and no request is made.
 */
export function PeriodSelector({
  range,
  today,
  onChange,
}: {
  range: MonthRange;
  today: Date;
  onChange: (range: MonthRange) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [draft, setDraft] = useState(range);
  const [shown, setShown] = useState(range);
  // A new range from outside (a preset, the URL) replaces the draft.
  if (shown.from !== range.from || shown.to !== range.to) {
    setShown(range);
    setDraft(range);
  }
  const problem = rangeProblem(draft);
  const active = presetOf(range, today);

  const update = (next: MonthRange) => {
    setDraft(next);
    if (rangeProblem(next) === undefined) onChange(next);
  };

  return (
    <fieldset className="flex flex-wrap items-end gap-x-6 gap-y-3 rounded-xl border border-border bg-surface p-4">
      <legend className="px-1 text-sm font-semibold text-fg">{t('analytics.period.legend')}</legend>
      <div className="flex flex-wrap items-end gap-3">
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-from`} className="text-sm text-fg-secondary">
            {t('analytics.period.from')}
          </label>
          <MonthSelect
            id={`${id}-from`}
            required
            today={today}
            value={draft.from}
            aria-invalid={problem !== undefined}
            aria-describedby={problem ? `${id}-problem` : undefined}
            onChange={(month) => update({ ...draft, from: month })}
            className={inputClass}
          />
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-to`} className="text-sm text-fg-secondary">
            {t('analytics.period.to')}
          </label>
          <MonthSelect
            id={`${id}-to`}
            required
            today={today}
            value={draft.to}
            aria-invalid={problem !== undefined}
            aria-describedby={problem ? `${id}-problem` : undefined}
            onChange={(month) => update({ ...draft, to: month })}
            className={inputClass}
          />
        </div>
      </div>
      <fieldset className="flex flex-wrap gap-2">
        <legend className="sr-only">{t('analytics.period.presets')}</legend>
        {PERIOD_PRESETS.map((preset) => (
          <button
            key={preset}
            type="button"
            aria-pressed={active === preset}
            onClick={() => update(presetRange(preset, today))}
            className={cn(
              'rounded-full border px-3 py-1.5 text-sm font-medium transition',
              'focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-primary',
              active === preset
                ? 'border-primary-strong bg-primary-strong text-on-primary'
                : 'border-border bg-surface text-fg hover:bg-gray-100',
            )}
          >
            {t(`analytics.period.${preset}`)}
          </button>
        ))}
      </fieldset>
      <p id={`${id}-problem`} role="alert" className="w-full text-sm text-danger empty:hidden">
        {problem ? t(`analytics.period.problem.${problem}`, { max: ANALYTICS_MAX_MONTHS }) : ''}
      </p>
    </fieldset>
  );
}

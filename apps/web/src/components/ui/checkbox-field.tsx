import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { describedBy, FieldMessages, focusRing } from './text-field';

/**
 * A single checkbox with its label beside it (which may hold links, e.g. the terms), and below them its hint and
 * error, linked by aria-describedby.
 */
export function CheckboxField({
  id,
  label,
  checked,
  onChange,
  hint,
  error,
  isDisabled,
}: {
  id: string;
  label: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  hint?: ReactNode;
  error?: string;
  isDisabled?: boolean;
}) {
  return (
    <div className="flex flex-col gap-1">
      <div className="flex items-start gap-2">
        <input
          id={id}
          name={id}
          type="checkbox"
          className={cn('mt-0.5 size-4 accent-primary-strong', focusRing)}
          checked={checked}
          disabled={isDisabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, hint, error)}
          onChange={(event) => onChange(event.target.checked)}
        />
        <label htmlFor={id} className="text-sm text-fg">
          {label}
        </label>
      </div>
      {hint || error ? (
        <div className="flex flex-col gap-1 pl-6">
          <FieldMessages id={id} hint={hint} error={error} />
        </div>
      ) : null}
    </div>
  );
}

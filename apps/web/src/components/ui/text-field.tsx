import { type ReactNode, type Ref, useId } from 'react';
import { cn } from '../../lib/cn';

/** Labelled inputs of the forms: hint and error linked by aria-describedby, aria-invalid on an error. */

export const focusRing = 'focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-primary';

export const inputClassName = cn(
  'w-full rounded-md border bg-surface px-3 py-2 text-sm text-fg read-only:bg-light read-only:text-fg-secondary',
  focusRing,
);

export function describedBy(
  id: string,
  hint: ReactNode | undefined,
  error: string | null | undefined,
): string | undefined {
  const ids = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : undefined;
}

export function FieldMessages({ id, hint, error }: { id: string; hint?: ReactNode; error?: string | null }) {
  return (
    <>
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-fg-secondary">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-sm font-medium text-danger">
          {error}
        </p>
      ) : null}
    </>
  );
}

/**
 * A labelled one-line text input. Without an `id` it makes its own; `isCode` is for values that are typed, not
 * written (URLs, CSS values): no spelling check, no autofill.
 */
export function TextField({
  id,
  label,
  value,
  onChange,
  onBlur,
  error,
  hint,
  type = 'text',
  max,
  maxLength,
  inputMode,
  autoComplete,
  isCode = false,
  isReadOnly = false,
  isRequired = false,
  inputRef,
}: {
  id?: string;
  label: string;
  value: string;
  onChange?: (value: string) => void;
  onBlur?: () => void;
  error?: string | null;
  hint?: ReactNode;
  type?: 'text' | 'email' | 'date';
  /** The latest day a date field takes (ISO). */
  max?: string;
  maxLength?: number;
  inputMode?: 'decimal' | 'numeric' | 'url' | 'text';
  autoComplete?: string;
  isCode?: boolean;
  isReadOnly?: boolean;
  isRequired?: boolean;
  inputRef?: Ref<HTMLInputElement>;
}) {
  const generatedId = useId();
  const fieldId = id ?? generatedId;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={fieldId} className="text-sm font-medium text-fg">
        {label}
      </label>
      <input
        ref={inputRef}
        id={fieldId}
        type={type}
        max={max}
        maxLength={maxLength}
        inputMode={inputMode}
        value={value}
        readOnly={isReadOnly}
        required={isRequired}
        spellCheck={isCode ? false : undefined}
        autoComplete={isCode ? 'off' : autoComplete}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(fieldId, hint, error)}
        onChange={(event) => onChange?.(event.target.value)}
        onBlur={onBlur}
        className={cn(inputClassName, error ? 'border-danger' : 'border-border')}
      />
      <FieldMessages id={fieldId} hint={hint} error={error} />
    </div>
  );
}

import type { ReactNode } from 'react';
import { cn } from '../../../lib/cn';

/** Labelled inputs of the settings forms: hint and error linked by aria-describedby, aria-invalid on an error. */

export const focusRing = 'focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-primary';

const inputClassName = cn(
  'w-full rounded-md border bg-surface px-3 py-2 text-sm text-fg read-only:bg-light read-only:text-fg-secondary',
  focusRing,
);

function describedBy(id: string, hint: ReactNode | undefined, error: string | null | undefined): string | undefined {
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

export function TextField({
  id,
  label,
  value,
  onChange,
  onBlur,
  error,
  hint,
  type = 'text',
  autoComplete,
  isReadOnly = false,
  isRequired = false,
  inputRef,
}: {
  id: string;
  label: string;
  value: string;
  onChange?: (value: string) => void;
  onBlur?: () => void;
  error?: string | null;
  hint?: ReactNode;
  type?: 'text' | 'email';
  autoComplete?: string;
  isReadOnly?: boolean;
  isRequired?: boolean;
  inputRef?: React.Ref<HTMLInputElement>;
}) {
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-fg">
        {label}
      </label>
      <input
        ref={inputRef}
        id={id}
        type={type}
        value={value}
        readOnly={isReadOnly}
        required={isRequired}
        autoComplete={autoComplete}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        onChange={(event) => onChange?.(event.target.value)}
        onBlur={onBlur}
        className={cn(inputClassName, error ? 'border-danger' : 'border-border')}
      />
      <FieldMessages id={id} hint={hint} error={error} />
    </div>
  );
}

export function SelectField({
  id,
  label,
  value,
  onChange,
  children,
  hint,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  children: ReactNode;
  hint?: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-fg">
        {label}
      </label>
      <select
        id={id}
        value={value}
        aria-describedby={describedBy(id, hint, null)}
        onChange={(event) => onChange(event.target.value)}
        className={cn(inputClassName, 'border-border')}
      >
        {children}
      </select>
      <FieldMessages id={id} hint={hint} />
    </div>
  );
}

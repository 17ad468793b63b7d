import type { ReactNode } from 'react';
import { describedBy, FieldMessages, inputClassName } from '../../../components/ui/text-field';
import { cn } from '../../../lib/cn';

export function SelectField({
  id,
  label,
  value,
  onChange,
  children,
  hint,
  error,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  children: ReactNode;
  hint?: ReactNode;
  error?: string | null;
}) {
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-fg">
        {label}
      </label>
      <select
        id={id}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        onChange={(event) => onChange(event.target.value)}
        className={cn(inputClassName, error ? 'border-danger' : 'border-border')}
      >
        {children}
      </select>
      <FieldMessages id={id} hint={hint} error={error} />
    </div>
  );
}

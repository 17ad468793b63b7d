import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { describedBy, FieldMessages } from '../../../components/ui/text-field';
import { cn } from '../../../lib/cn';

/**
 * Labelled inputs with their error linked by aria-describedby. Every onboarding form uses these, so the
 * accessible wiring (label, hint, error, aria-invalid) is written once.
 */
const inputClassName =
  'w-full rounded-md border bg-surface px-3 py-2 text-sm text-fg focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-primary disabled:opacity-60';

/** The id of a field's error message, as `FieldMessages` writes it. */
export const fieldErrorId = (id: string) => `${id}-error`;

function FieldLabel({ id, label, isOptional }: { id: string; label: string; isOptional?: boolean }) {
  const { t } = useTranslation();
  return (
    <label htmlFor={id} className="text-sm font-medium text-fg">
      {label}
      {isOptional ? <span className="font-normal text-fg-secondary"> ({t('onboarding.fields.optional')})</span> : null}
    </label>
  );
}

type BaseFieldProps = {
  id: string;
  label: string;
  error?: string;
  hint?: ReactNode;
  isOptional?: boolean;
  isDisabled?: boolean;
  className?: string;
};

export function TextField({
  value,
  onChange,
  type = 'text',
  autoComplete,
  inputMode,
  ...props
}: BaseFieldProps & {
  value: string;
  onChange: (value: string) => void;
  type?: 'text' | 'email' | 'date' | 'tel';
  autoComplete?: string;
  inputMode?: 'text' | 'numeric';
}) {
  return (
    <div className={cn('flex flex-col gap-1', props.className)}>
      <FieldLabel id={props.id} label={props.label} isOptional={props.isOptional} />
      <input
        id={props.id}
        name={props.id}
        type={type}
        value={value}
        autoComplete={autoComplete}
        inputMode={inputMode}
        disabled={props.isDisabled}
        required={!props.isOptional}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={describedBy(props.id, props.hint, props.error)}
        className={cn(inputClassName, props.error ? 'border-danger' : 'border-border')}
        onChange={(event) => onChange(event.target.value)}
      />
      <FieldMessages id={props.id} hint={props.hint} error={props.error} />
    </div>
  );
}

export type SelectOption = { value: string; label: string };

export function SelectField({
  value,
  onChange,
  options,
  placeholder,
  ...props
}: BaseFieldProps & {
  value: string;
  onChange: (value: string) => void;
  options: readonly SelectOption[];
  /** The empty first entry ("Choose…"); a select without one pretends the first option was chosen. */
  placeholder: string;
}) {
  return (
    <div className={cn('flex flex-col gap-1', props.className)}>
      <FieldLabel id={props.id} label={props.label} isOptional={props.isOptional} />
      <select
        id={props.id}
        name={props.id}
        value={value}
        disabled={props.isDisabled}
        required={!props.isOptional}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={describedBy(props.id, props.hint, props.error)}
        className={cn(inputClassName, props.error ? 'border-danger' : 'border-border')}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldMessages id={props.id} hint={props.hint} error={props.error} />
    </div>
  );
}

/** A group of checkboxes (multi-choice) in a fieldset; the legend is the group's label. */
export function CheckboxGroup({
  id,
  legend,
  options,
  values,
  onChange,
  error,
  hint,
  isDisabled,
}: {
  id: string;
  legend: string;
  options: readonly SelectOption[];
  values: readonly string[];
  onChange: (values: string[]) => void;
  error?: string;
  hint?: ReactNode;
  isDisabled?: boolean;
}) {
  return (
    <fieldset
      id={id}
      tabIndex={-1}
      aria-invalid={error ? true : undefined}
      aria-describedby={describedBy(id, hint, error)}
      className="flex flex-col gap-2"
    >
      <legend className="mb-1 text-sm font-medium text-fg">{legend}</legend>
      {options.map((option) => {
        const optionId = `${id}-${option.value}`;
        const isChecked = values.includes(option.value);
        return (
          <div key={option.value} className="flex items-center gap-2">
            <input
              id={optionId}
              type="checkbox"
              className="size-4 accent-primary"
              checked={isChecked}
              disabled={isDisabled}
              onChange={() =>
                onChange(isChecked ? values.filter((value) => value !== option.value) : [...values, option.value])
              }
            />
            <label htmlFor={optionId} className="text-sm text-fg">
              {option.label}
            </label>
          </div>
        );
      })}
      <FieldMessages id={id} hint={hint} error={error} />
    </fieldset>
  );
}

import type { ReactNode } from 'react';
import { fieldErrorId } from './form-fields';

export type CountryCheckbox = { code: string; label: string; hint?: ReactNode };

/**
 * Many countries as a compact grid of checkboxes in one fieldset; the legend names the group and the error is
 * linked to it. Used for stock locations and the jurisdiction selection.
 */
export function CountryCheckboxGrid({
  id,
  legend,
  description,
  countries,
  values,
  onChange,
  error,
}: {
  id: string;
  legend: ReactNode;
  description?: ReactNode;
  countries: readonly CountryCheckbox[];
  values: readonly string[];
  onChange: (values: string[]) => void;
  error?: string;
}) {
  const descriptionId = `${id}-description`;
  const describedBy = [description ? descriptionId : null, error ? fieldErrorId(id) : null].filter(Boolean).join(' ');
  return (
    <fieldset
      id={id}
      tabIndex={-1}
      aria-invalid={error ? true : undefined}
      aria-describedby={describedBy || undefined}
      className="flex flex-col gap-2"
    >
      <legend className="mb-1 text-sm font-medium text-fg">{legend}</legend>
      {description ? (
        <p id={descriptionId} className="text-xs text-fg-secondary">
          {description}
        </p>
      ) : null}
      <div className="grid grid-cols-2 gap-x-4 gap-y-2 sm:grid-cols-3">
        {countries.map((country) => {
          const optionId = `${id}-${country.code}`;
          const isChecked = values.includes(country.code);
          return (
            <div key={country.code} className="flex items-start gap-2">
              <input
                id={optionId}
                type="checkbox"
                className="mt-0.5 size-4 shrink-0 accent-primary"
                checked={isChecked}
                onChange={() =>
                  onChange(isChecked ? values.filter((value) => value !== country.code) : [...values, country.code])
                }
              />
              <label htmlFor={optionId} className="flex flex-col text-sm text-fg">
                {country.label}
                {country.hint ? <span className="text-xs text-fg-secondary">{country.hint}</span> : null}
              </label>
            </div>
          );
        })}
      </div>
      {error ? (
        <p id={fieldErrorId(id)} className="text-sm font-medium text-danger">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

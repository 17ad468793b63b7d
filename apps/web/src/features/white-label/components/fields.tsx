import { useId } from 'react';
import { useTranslation } from 'react-i18next';

export const inputClass =
  'w-full rounded-md border border-border bg-surface px-3 py-2 text-sm text-fg focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-primary aria-[invalid=true]:border-danger';

const isHex = (value: string) => /^#[0-9a-f]{6}$/i.test(value.trim());

/** A colour: the native picker and the #rrggbb text beside it, both editing the same value. */
export function ColourField({
  label,
  value,
  error,
  onChange,
}: {
  label: string;
  value: string;
  error?: string;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const isRgba = value.trim().startsWith('rgba');
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-fg">
        {label}
      </label>
      <div className="flex items-center gap-2">
        {isRgba ? null : (
          <input
            type="color"
            aria-label={t('whiteLabel.picker', { field: label })}
            className="h-9 w-11 shrink-0 cursor-pointer rounded-md border border-border bg-surface p-1 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-primary"
            // raw-colour-allowed: the native picker needs some #rrggbb while the text beside it is half-typed.
            value={isHex(value) ? value.trim().toLowerCase() : '#000000'}
            onChange={(event) => onChange(event.target.value)}
          />
        )}
        <input
          id={id}
          type="text"
          spellCheck={false}
          autoComplete="off"
          className={`${inputClass} font-mono`}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
      </div>
      {error ? (
        <p id={`${id}-error`} className="text-sm text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function TextField({
  label,
  value,
  error,
  hint,
  inputMode,
  onChange,
}: {
  label: string;
  value: string;
  error?: string;
  hint?: string;
  inputMode?: 'decimal' | 'numeric' | 'url' | 'text';
  onChange: (value: string) => void;
}) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-fg">
        {label}
      </label>
      <input
        id={id}
        type="text"
        inputMode={inputMode}
        spellCheck={false}
        autoComplete="off"
        className={inputClass}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
      />
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-fg-secondary">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}

import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { describedBy, FieldMessages, focusRing, inputClassName } from '../../../components/ui/text-field';
import { cn } from '../../../lib/cn';

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
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-fg">
        {label}
      </label>
      <div className="flex items-center gap-2">
        {isRgba ? null : (
          <input
            type="color"
            aria-label={t('whiteLabel.picker', { field: label })}
            className={cn('h-9 w-11 shrink-0 cursor-pointer rounded-md border border-border bg-surface p-1', focusRing)}
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
          className={cn(inputClassName, 'font-mono', error ? 'border-danger' : 'border-border')}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, undefined, error)}
        />
      </div>
      <FieldMessages id={id} error={error} />
    </div>
  );
}

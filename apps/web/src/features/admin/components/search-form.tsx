import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';

export const inputClass =
  'rounded-md border border-gray-400 bg-surface px-3 py-2 text-sm text-fg focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-primary';

/** A labelled search box that searches on submit (Enter or the button), so typing sends no request per key. */
export function SearchForm({
  label,
  value,
  onSearch,
}: {
  label: string;
  value: string;
  onSearch: (search: string) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(text.trim());
  };
  return (
    <search>
      <form onSubmit={submit} className="flex flex-wrap items-end gap-2">
        <div className="flex flex-col gap-1">
          <label htmlFor={id} className="text-sm font-medium text-fg">
            {label}
          </label>
          <input
            id={id}
            type="search"
            value={text}
            onChange={(event) => setText(event.target.value)}
            className={`${inputClass} w-72 max-w-full`}
          />
        </div>
        <Button type="submit">{t('adminArea.common.apply')}</Button>
        {value ? (
          <Button variant="secondary" onClick={() => onSearch('')}>
            {t('adminArea.common.clear')}
          </Button>
        ) : null}
      </form>
    </search>
  );
}

import { useTranslation } from 'react-i18next';
import { type ColumnVisibility, FIXED_COLUMNS, TRANSACTION_COLUMNS, type TransactionColumn } from '../lib/columns';

/** A disclosure with one checkbox per column; date and type cannot be hidden. */
export function ColumnChooser({
  visibility,
  setColumn,
}: {
  visibility: ColumnVisibility;
  setColumn: (column: TransactionColumn, isVisible: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <details className="group relative">
      <summary className="inline-flex cursor-pointer list-none items-center gap-2 rounded-md border border-border bg-surface px-4 py-2.5 text-sm font-semibold text-fg hover:bg-gray-100 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-primary">
        {t('transactions.columns.chooser')}
        <span aria-hidden="true" className="transition group-open:rotate-180">
          ▾
        </span>
      </summary>
      <fieldset className="absolute right-0 z-20 mt-2 w-64 rounded-xl border border-border bg-surface p-4 shadow-lg">
        <legend className="sr-only">{t('transactions.columns.chooser')}</legend>
        <p className="mb-3 text-xs text-fg-secondary">{t('transactions.columns.chooserHint')}</p>
        <ul className="flex flex-col gap-2">
          {TRANSACTION_COLUMNS.map((column) => (
            <li key={column}>
              <label className="flex items-center gap-2 text-sm text-fg">
                <input
                  type="checkbox"
                  className="size-4 accent-primary focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-primary"
                  checked={visibility[column]}
                  disabled={FIXED_COLUMNS.includes(column)}
                  onChange={(event) => setColumn(column, event.target.checked)}
                />
                {t(`transactions.columns.${column}`)}
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
    </details>
  );
}

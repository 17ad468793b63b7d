import {
  COLUMN_MAPPING_DATE_FORMATS,
  type ColumnMapping,
  type ColumnMappingDateFormat,
  columnMappingNameSchema,
  columnMappingSchema,
} from '@vatlas/contract';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { type Delimiter, guessMapping } from '../csv-header';

const inputClass =
  'w-full rounded-md border border-border bg-surface px-3 py-2 text-sm text-fg focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-primary';

type ColumnKey =
  | 'transactionId'
  | 'lineId'
  | 'date'
  | 'netAmount'
  | 'vatAmount'
  | 'grossAmount'
  | 'vatRate'
  | 'type'
  | 'buyerVatNumber'
  | 'sku'
  | 'quantity';
type EitherKey = 'arrivalCountry' | 'departureCountry' | 'currency';

/** A column, or a fixed value for every row (`fixed:` is never a header name the select offers). */
type Either = { column: string; value: string };

export type MappingFormValues = {
  name: string;
  columns: Record<ColumnKey, string>;
  either: Record<EitherKey, Either>;
  dateFormat: ColumnMappingDateFormat;
  vatRateFormat: 'fraction' | 'percent';
  decimalSeparator: '.' | ',';
  delimiter: Delimiter;
};

const REQUIRED: readonly ColumnKey[] = ['transactionId', 'date'];
const OPTIONAL: readonly ColumnKey[] = ['lineId', 'vatRate', 'type', 'buyerVatNumber', 'sku', 'quantity'];
const AMOUNTS: readonly ColumnKey[] = ['netAmount', 'vatAmount', 'grossAmount'];

export function initialMappingValues(columns: readonly string[], delimiter: Delimiter): MappingFormValues {
  const guess = guessMapping(columns);
  const column = (key: keyof typeof guess) => guess[key] ?? '';
  return {
    name: '',
    columns: {
      transactionId: column('transactionId'),
      lineId: column('lineId'),
      date: column('date'),
      netAmount: column('netAmount'),
      vatAmount: column('vatAmount'),
      grossAmount: column('grossAmount'),
      vatRate: '',
      type: '',
      buyerVatNumber: column('buyerVatNumber'),
      sku: column('sku'),
      quantity: column('quantity'),
    },
    either: {
      arrivalCountry: { column: column('arrivalCountry'), value: '' },
      departureCountry: { column: column('departureCountry'), value: '' },
      currency: { column: column('currency'), value: guess.currency ? '' : 'EUR' },
    },
    dateFormat: 'YYYY-MM-DD',
    vatRateFormat: 'percent',
    decimalSeparator: '.',
    delimiter,
  };
}

/** The form's values as the contract's mapping; empty choices are left out. */
export function toColumnMapping(values: MappingFormValues): unknown {
  const optional = (name: string) => (name ? name : undefined);
  const either = (choice: Either) =>
    choice.column
      ? { column: choice.column }
      : choice.value.trim()
        ? { value: choice.value.trim().toUpperCase() }
        : undefined;
  const mapping: Record<string, unknown> = {
    transactionId: values.columns.transactionId,
    lineId: optional(values.columns.lineId),
    date: values.columns.date,
    dateFormat: values.dateFormat,
    type: values.columns.type ? { column: values.columns.type, values: {} } : undefined,
    departureCountry: either(values.either.departureCountry),
    arrivalCountry: either(values.either.arrivalCountry),
    currency: either(values.either.currency),
    netAmount: optional(values.columns.netAmount),
    vatAmount: optional(values.columns.vatAmount),
    grossAmount: optional(values.columns.grossAmount),
    vatRate: values.columns.vatRate ? { column: values.columns.vatRate, format: values.vatRateFormat } : undefined,
    buyerVatNumber: optional(values.columns.buyerVatNumber),
    sku: optional(values.columns.sku),
    quantity: optional(values.columns.quantity),
    decimalSeparator: values.decimalSeparator,
    delimiter: values.delimiter,
  };
  return Object.fromEntries(Object.entries(mapping).filter(([, value]) => value !== undefined));
}

/** Validates the form: the mapping by the contract's schema, the name by its own; errors by field. */
export function validateMappingForm(
  values: MappingFormValues,
): { mapping: ColumnMapping; name: string; errors: null } | { errors: Record<string, true> } {
  const errors: Record<string, true> = {};
  const name = columnMappingNameSchema.safeParse(values.name);
  if (!name.success) errors.name = true;
  const mapping = columnMappingSchema.safeParse(toColumnMapping(values));
  if (!mapping.success) {
    for (const issue of mapping.error.issues) errors[String(issue.path[0] ?? 'mapping')] = true;
  }
  // The schema checks the amounts only once the rest is valid; the form says everything at once.
  const amounts = AMOUNTS.filter((key) => values.columns[key] !== '');
  if (amounts.length < 2) {
    for (const key of AMOUNTS) if (values.columns[key] === '') errors[key] = true;
  }
  if (!name.success || !mapping.success || Object.keys(errors).length > 0) return { errors };
  return { mapping: mapping.data, name: name.data, errors: null };
}

export function ColumnMappingForm({
  columns,
  delimiter,
  isSaving,
  onSubmit,
}: {
  columns: readonly string[];
  delimiter: Delimiter;
  isSaving: boolean;
  onSubmit: (name: string, mapping: ColumnMapping) => void;
}) {
  const { t } = useTranslation();
  const formId = useId();
  const [values, setValues] = useState(() => initialMappingValues(columns, delimiter));
  const [errors, setErrors] = useState<Record<string, true>>({});
  const formRef = useRef<HTMLFormElement>(null);

  const setColumn = (key: ColumnKey, column: string) =>
    setValues((current) => ({ ...current, columns: { ...current.columns, [key]: column } }));
  const setEither = (key: EitherKey, choice: Partial<Either>) =>
    setValues((current) => ({
      ...current,
      either: { ...current.either, [key]: { ...current.either[key], ...choice } },
    }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = validateMappingForm(values);
    if (result.errors) {
      setErrors(result.errors);
      // To the first field to fix, once the errors are rendered (the optional ones may sit in a closed <details>).
      requestAnimationFrame(() => {
        const first = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
        const details = first?.closest('details');
        if (details) details.open = true;
        first?.focus();
      });
      return;
    }
    setErrors({});
    onSubmit(result.name, result.mapping);
  };

  const errorId = (key: string) => `${formId}-${key}-error`;
  const errorText = (key: string) =>
    errors[key] ? (
      <p id={errorId(key)} className="text-sm text-danger">
        {t(`dataUpload.mapping.errors.${key}`, { defaultValue: t('dataUpload.mapping.errors.generic') })}
      </p>
    ) : null;

  const columnSelect = (key: ColumnKey, isRequired: boolean) => (
    <div key={key} className="flex flex-col gap-1">
      <label htmlFor={`${formId}-${key}`} className="text-sm font-medium text-fg">
        {t(`dataUpload.mapping.fields.${key}`)}
        {isRequired ? <span className="text-fg-secondary"> ({t('dataUpload.mapping.required')})</span> : null}
      </label>
      <select
        id={`${formId}-${key}`}
        className={inputClass}
        value={values.columns[key]}
        onChange={(event) => setColumn(key, event.target.value)}
        aria-invalid={errors[key] ? true : undefined}
        aria-describedby={errors[key] ? errorId(key) : undefined}
      >
        <option value="">{t('dataUpload.mapping.noColumn')}</option>
        {columns.map((column) => (
          <option key={column} value={column}>
            {column}
          </option>
        ))}
      </select>
      {errorText(key)}
    </div>
  );

  const eitherField = (key: EitherKey, placeholder: string) => (
    <fieldset key={key} className="flex flex-col gap-1">
      <legend className="text-sm font-medium text-fg">{t(`dataUpload.mapping.fields.${key}`)}</legend>
      <div className={values.either[key].column === '' ? 'grid grid-cols-1 gap-2 sm:grid-cols-2' : 'grid grid-cols-1'}>
        <select
          aria-label={t('dataUpload.mapping.fromColumn', { field: t(`dataUpload.mapping.fields.${key}`) })}
          className={inputClass}
          value={values.either[key].column}
          onChange={(event) => setEither(key, { column: event.target.value })}
          aria-invalid={errors[key] ? true : undefined}
          aria-describedby={errors[key] ? errorId(key) : undefined}
        >
          <option value="">{t('dataUpload.mapping.fixedValue')}</option>
          {columns.map((column) => (
            <option key={column} value={column}>
              {column}
            </option>
          ))}
        </select>
        {values.either[key].column === '' ? (
          <input
            aria-label={t('dataUpload.mapping.fixedValueFor', { field: t(`dataUpload.mapping.fields.${key}`) })}
            className={inputClass}
            value={values.either[key].value}
            placeholder={placeholder}
            maxLength={3}
            onChange={(event) => setEither(key, { value: event.target.value })}
          />
        ) : null}
      </div>
      {errorText(key)}
    </fieldset>
  );

  return (
    <form
      ref={formRef}
      onSubmit={submit}
      noValidate
      className="flex flex-col gap-6"
      aria-label={t('dataUpload.mapping.formLabel')}
    >
      <p className="text-sm text-fg-secondary">{t('dataUpload.mapping.intro', { count: columns.length })}</p>
      <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
        {REQUIRED.map((key) => columnSelect(key, true))}
        <div className="flex flex-col gap-1">
          <label htmlFor={`${formId}-dateFormat`} className="text-sm font-medium text-fg">
            {t('dataUpload.mapping.fields.dateFormat')}
          </label>
          <select
            id={`${formId}-dateFormat`}
            className={inputClass}
            value={values.dateFormat}
            onChange={(event) =>
              setValues((current) => ({ ...current, dateFormat: event.target.value as ColumnMappingDateFormat }))
            }
          >
            {COLUMN_MAPPING_DATE_FORMATS.map((format) => (
              <option key={format} value={format}>
                {format}
              </option>
            ))}
          </select>
        </div>
        {eitherField('arrivalCountry', 'DE')}
        {eitherField('currency', 'EUR')}
        {eitherField('departureCountry', 'DE')}
      </div>
      <fieldset className="flex flex-col gap-2">
        <legend className="text-sm font-semibold text-fg">{t('dataUpload.mapping.amounts')}</legend>
        <p className="text-sm text-fg-secondary">{t('dataUpload.mapping.amountsHint')}</p>
        <div className="grid grid-cols-1 gap-4 md:grid-cols-3">{AMOUNTS.map((key) => columnSelect(key, false))}</div>
      </fieldset>
      <details className="rounded-md border border-border p-4">
        <summary className="cursor-pointer text-sm font-semibold text-fg focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-primary">
          {t('dataUpload.mapping.optional')}
        </summary>
        <div className="mt-4 grid grid-cols-1 gap-4 md:grid-cols-2">
          {OPTIONAL.map((key) => columnSelect(key, false))}
          <div className="flex flex-col gap-1">
            <label htmlFor={`${formId}-decimal`} className="text-sm font-medium text-fg">
              {t('dataUpload.mapping.fields.decimalSeparator')}
            </label>
            <select
              id={`${formId}-decimal`}
              className={inputClass}
              value={values.decimalSeparator}
              onChange={(event) =>
                setValues((current) => ({ ...current, decimalSeparator: event.target.value as '.' | ',' }))
              }
            >
              <option value=".">{t('dataUpload.mapping.decimalPoint')}</option>
              <option value=",">{t('dataUpload.mapping.decimalComma')}</option>
            </select>
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor={`${formId}-rateFormat`} className="text-sm font-medium text-fg">
              {t('dataUpload.mapping.fields.vatRateFormat')}
            </label>
            <select
              id={`${formId}-rateFormat`}
              className={inputClass}
              value={values.vatRateFormat}
              onChange={(event) =>
                setValues((current) => ({ ...current, vatRateFormat: event.target.value as 'fraction' | 'percent' }))
              }
            >
              <option value="percent">{t('dataUpload.mapping.ratePercent')}</option>
              <option value="fraction">{t('dataUpload.mapping.rateFraction')}</option>
            </select>
          </div>
        </div>
      </details>
      <div className="flex flex-col gap-1 md:max-w-sm">
        <label htmlFor={`${formId}-name`} className="text-sm font-medium text-fg">
          {t('dataUpload.mapping.name')}
        </label>
        <input
          id={`${formId}-name`}
          className={inputClass}
          value={values.name}
          maxLength={100}
          onChange={(event) => setValues((current) => ({ ...current, name: event.target.value }))}
          aria-invalid={errors.name ? true : undefined}
          aria-describedby={errors.name ? errorId('name') : `${formId}-name-hint`}
        />
        <p id={`${formId}-name-hint`} className="text-xs text-fg-secondary">
          {t('dataUpload.mapping.nameHint')}
        </p>
        {errorText('name')}
      </div>
      <div>
        <Button type="submit" disabled={isSaving}>
          {t('dataUpload.mapping.save')}
        </Button>
      </div>
    </form>
  );
}

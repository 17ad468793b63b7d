import type { TransactionSummary } from '@vatlas/contract';
import { type ExplanationLanguage, treatmentLabel } from '@vatlas/domain';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import type { Formatters } from '../../../lib/format/format';
import type { TransactionColumn } from '../lib/columns';

export type CellContext = { t: TFunction; format: Formatters; language: ExplanationLanguage };

type ColumnDefinition = {
  /** Fixed width in px: the table uses `table-layout: fixed`, so columns never jump while rows scroll by. */
  width: number;
  isNumeric?: boolean;
  render: (row: TransactionSummary, context: CellContext) => ReactNode;
};

/** An amount of a row in the row's currency, or as a plain number when the file named none. */
export const amountIn = (format: Formatters, amount: string, currency: string | null) =>
  currency ? format.money(amount, currency) : format.number(amount);

const money = (amount: string, row: TransactionSummary, context: CellContext) =>
  amountIn(context.format, amount, row.currency);

export const COLUMN_DEFINITIONS: Record<TransactionColumn, ColumnDefinition> = {
  taxPointDate: { width: 120, render: (row, { format }) => format.date(row.taxPointDate) },
  // Wide enough for the German labels (Lagerumlagerung, Liquidationserstattung); any longer one is the tooltip.
  type: {
    width: 176,
    render: (row, { t }) => {
      const label = t(`transactions.types.${row.type}`, { defaultValue: row.type });
      return <span title={label}>{label}</span>;
    },
  },
  treatment: {
    width: 214,
    render: (row, { language }) => {
      const label = treatmentLabel(row.treatment, language);
      // The cell truncates long labels; the full one is the tooltip.
      return <span title={label}>{label}</span>;
    },
  },
  eventId: { width: 166, render: (row) => <span className="font-mono text-xs">{row.eventId}</span> },
  sku: { width: 130, render: (row) => row.sku ?? '' },
  route: {
    width: 124,
    render: (row, { t }) =>
      row.departureCountry || row.arrivalCountry
        ? `${row.departureCountry ?? '?'} → ${row.arrivalCountry ?? '?'}`
        : t('transactions.table.noRoute'),
  },
  taxableJurisdiction: { width: 128, render: (row) => row.taxableJurisdiction ?? '' },
  netAmount: { width: 120, isNumeric: true, render: (row, context) => money(row.netAmount, row, context) },
  vatRate: {
    width: 96,
    isNumeric: true,
    render: (row, { format }) => (row.vatRate === null ? '' : format.percentOfFraction(row.vatRate)),
  },
  vatAmount: { width: 110, isNumeric: true, render: (row, context) => money(row.vatAmount, row, context) },
  grossAmount: { width: 120, isNumeric: true, render: (row, context) => money(row.grossAmount, row, context) },
  marketplace: { width: 140, render: (row) => row.marketplace ?? '' },
  source: {
    width: 120,
    render: (row, { t }) => t(`transactions.sources.${row.source}`, { defaultValue: row.source }),
  },
};

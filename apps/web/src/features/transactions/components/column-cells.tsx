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

const money = (amount: string, row: TransactionSummary, context: CellContext) =>
  row.currency ? context.format.money(amount, row.currency) : context.format.number(amount);

export const COLUMN_DEFINITIONS: Record<TransactionColumn, ColumnDefinition> = {
  taxPointDate: { width: 124, render: (row, { format }) => format.date(row.taxPointDate) },
  type: { width: 150, render: (row, { t }) => t(`transactions.types.${row.type}`, { defaultValue: row.type }) },
  treatment: { width: 230, render: (row, { language }) => treatmentLabel(row.treatment, language) },
  eventId: { width: 170, render: (row) => <span className="font-mono text-xs">{row.eventId}</span> },
  sku: { width: 140, render: (row) => row.sku ?? '' },
  route: {
    width: 110,
    render: (row, { t }) =>
      row.departureCountry || row.arrivalCountry
        ? `${row.departureCountry ?? '?'} → ${row.arrivalCountry ?? '?'}`
        : t('transactions.table.noRoute'),
  },
  taxableJurisdiction: { width: 110, render: (row) => row.taxableJurisdiction ?? '' },
  netAmount: { width: 130, isNumeric: true, render: (row, context) => money(row.netAmount, row, context) },
  vatRate: {
    width: 96,
    isNumeric: true,
    render: (row, { format }) => (row.vatRate === null ? '' : format.percentOfFraction(row.vatRate)),
  },
  vatAmount: { width: 120, isNumeric: true, render: (row, context) => money(row.vatAmount, row, context) },
  grossAmount: { width: 130, isNumeric: true, render: (row, context) => money(row.grossAmount, row, context) },
  marketplace: { width: 140, render: (row) => row.marketplace ?? '' },
  source: {
    width: 120,
    render: (row, { t }) => t(`transactions.sources.${row.source}`, { defaultValue: row.source }),
  },
};

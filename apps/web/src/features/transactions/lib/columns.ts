/**
 * The table's columns and which of them the user shows. The choice is kept in localStorage (per browser, not per
 * company: it is a preference of the reader, not of the data). Unknown or missing entries fall back to the defaults,
 * so a stored choice from an older version never hides a new column or breaks the table.
 */
export const TRANSACTION_COLUMNS = [
  'taxPointDate',
  'type',
  'treatment',
  'eventId',
  'sku',
  'route',
  'taxableJurisdiction',
  'netAmount',
  'vatRate',
  'vatAmount',
  'grossAmount',
  'marketplace',
  'source',
] as const;
export type TransactionColumn = (typeof TRANSACTION_COLUMNS)[number];

/** Columns that cannot be hidden: a row must always say when and what. */
export const FIXED_COLUMNS: readonly TransactionColumn[] = ['taxPointDate', 'type'];

export const DEFAULT_HIDDEN_COLUMNS: readonly TransactionColumn[] = ['marketplace', 'source', 'vatRate'];

export const COLUMNS_STORAGE_KEY = 'vatlas.transactions.columns';

export type ColumnVisibility = Record<TransactionColumn, boolean>;

export function defaultColumnVisibility(): ColumnVisibility {
  return Object.fromEntries(
    TRANSACTION_COLUMNS.map((column) => [column, !DEFAULT_HIDDEN_COLUMNS.includes(column)]),
  ) as ColumnVisibility;
}

export function parseColumnVisibility(stored: string | null): ColumnVisibility {
  const visibility = defaultColumnVisibility();
  if (stored === null) return visibility;
  let parsed: unknown;
  try {
    parsed = JSON.parse(stored);
  } catch {
    return visibility;
  }
  if (typeof parsed !== 'object' || parsed === null) return visibility;
  for (const column of TRANSACTION_COLUMNS) {
    const value = (parsed as Record<string, unknown>)[column];
    if (typeof value === 'boolean' && !FIXED_COLUMNS.includes(column)) visibility[column] = value;
  }
  return visibility;
}

export function readColumnVisibility(storage: Pick<Storage, 'getItem'> | undefined): ColumnVisibility {
  try {
    return parseColumnVisibility(storage?.getItem(COLUMNS_STORAGE_KEY) ?? null);
  } catch {
    // Storage refused (private mode, quota): the defaults.
    return defaultColumnVisibility();
  }
}

export function writeColumnVisibility(
  storage: Pick<Storage, 'setItem'> | undefined,
  visibility: ColumnVisibility,
): void {
  try {
    storage?.setItem(COLUMNS_STORAGE_KEY, JSON.stringify(visibility));
  } catch {
    // Not persisted; the choice still holds for this visit.
  }
}

export function visibleColumns(visibility: ColumnVisibility): TransactionColumn[] {
  return TRANSACTION_COLUMNS.filter((column) => visibility[column]);
}

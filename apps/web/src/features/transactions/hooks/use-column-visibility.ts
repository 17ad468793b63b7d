import { useCallback, useState } from 'react';
import {
  type ColumnVisibility,
  FIXED_COLUMNS,
  readColumnVisibility,
  type TransactionColumn,
  writeColumnVisibility,
} from '../lib/columns';

const storage = () => (typeof window === 'undefined' ? undefined : window.localStorage);

/** Which columns the table shows, persisted in localStorage. */
export function useColumnVisibility() {
  const [visibility, setVisibility] = useState<ColumnVisibility>(() => readColumnVisibility(storage()));
  const setColumn = useCallback((column: TransactionColumn, isVisible: boolean) => {
    if (FIXED_COLUMNS.includes(column)) return;
    setVisibility((current) => {
      const next = { ...current, [column]: isVisible };
      writeColumnVisibility(storage(), next);
      return next;
    });
  }, []);
  return { visibility, setColumn };
}

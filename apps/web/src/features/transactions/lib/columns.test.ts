import { describe, expect, it } from 'vitest';
import {
  COLUMNS_STORAGE_KEY,
  defaultColumnVisibility,
  parseColumnVisibility,
  readColumnVisibility,
  TRANSACTION_COLUMNS,
  visibleColumns,
  writeColumnVisibility,
} from './columns';

const memoryStorage = () => {
  const values = new Map<string, string>();
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
  };
};

describe('the column chooser state', () => {
  it('shows the default columns when nothing is stored or the stored value is broken', () => {
    const defaults = visibleColumns(defaultColumnVisibility());
    expect(defaults).toContain('netAmount');
    expect(defaults).not.toContain('source');
    expect(visibleColumns(parseColumnVisibility(null))).toEqual(defaults);
    expect(visibleColumns(parseColumnVisibility('{not json'))).toEqual(defaults);
    expect(visibleColumns(parseColumnVisibility('"a string"'))).toEqual(defaults);
  });

  it('persists a choice and reads it back, in table order', () => {
    const storage = memoryStorage();
    const choice = { ...defaultColumnVisibility(), sku: false, source: true };
    writeColumnVisibility(storage, choice);
    expect(JSON.parse(storage.getItem(COLUMNS_STORAGE_KEY) ?? '')).toMatchObject({ sku: false, source: true });
    const read = visibleColumns(readColumnVisibility(storage));
    expect(read).not.toContain('sku');
    expect(read).toContain('source');
    expect(read).toEqual(TRANSACTION_COLUMNS.filter((column) => read.includes(column)));
  });

  it('never hides date and type and ignores unknown entries', () => {
    const visibility = parseColumnVisibility(
      JSON.stringify({ taxPointDate: false, type: false, bogus: true, sku: 'no' }),
    );
    expect(visibility.taxPointDate).toBe(true);
    expect(visibility.type).toBe(true);
    expect(visibility.sku).toBe(true);
    expect(visibility).not.toHaveProperty('bogus');
  });

  it('falls back to the defaults when storage throws', () => {
    const throwing = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('quota');
      },
    };
    expect(readColumnVisibility(throwing)).toEqual(defaultColumnVisibility());
    expect(() => writeColumnVisibility(throwing, defaultColumnVisibility())).not.toThrow();
  });
});

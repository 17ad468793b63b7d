import { describe, expect, it } from 'vitest';
import { columnMappingSchema } from './column-mapping';

const MINIMAL = {
  transactionId: 'Invoice',
  date: 'Date',
  dateFormat: 'DD.MM.YYYY',
  arrivalCountry: { column: 'Country' },
  currency: { value: 'EUR' },
  netAmount: 'Net',
  grossAmount: 'Gross',
};

describe('columnMappingSchema', () => {
  it('accepts a minimal mapping and fills in the defaults', () => {
    expect(columnMappingSchema.parse(MINIMAL)).toEqual({ ...MINIMAL, decimalSeparator: '.', delimiter: 'auto' });
  });

  it('names each field of a mapping with fewer than two amounts', () => {
    const result = columnMappingSchema.safeParse({ ...MINIMAL, grossAmount: undefined });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['vatAmount', 'grossAmount']);
  });

  it('names the field of a bad fixed value, an unknown type and an unknown date layout', () => {
    const result = columnMappingSchema.safeParse({
      ...MINIMAL,
      currency: { value: 'euro' },
      type: { column: 'Kind', values: { Gift: 'PRESENT' } },
      dateFormat: 'YYYY/MM/DD',
    });
    expect(result.error?.issues.map((issue) => issue.path.join('.')).sort()).toEqual([
      'currency.value',
      'dateFormat',
      'type.values.Gift',
    ]);
  });
});

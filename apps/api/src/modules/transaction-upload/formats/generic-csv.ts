import type { UploadRowProblemCode } from '@vatlas/contract';
import { type ColumnMapping, columnMappingSchema } from '@vatlas/contract';
import {
  addMoney,
  differsByMoreThan,
  money,
  type NormalizedTransaction,
  subtractMoney,
  TRANSACTION_TYPES,
  type TransactionType,
} from '@vatlas/domain';
import { readCountryCode, readDateInLayout, readLocaleAmount, readVatRate } from './cell-values';
import { FileFormatError, type RowProblem } from './parse-types';
import { indexHeader, normalizeHeaderName, quoteCell, type SheetMapper, type SheetRow, type SheetTable } from './sheet';

/**
 * Any CSV of sales read through a column mapping the user saved (`ColumnMapping` in the contract): which column holds
 * which field, the date layout, the decimal separator, and fixed values for what the file does not say. Two of net,
 * VAT and gross are enough (the third is their sum or difference); with all three, they must agree to the cent.
 * An empty type cell is a SALE.
 */

const KNOWN_TYPES: ReadonlySet<string> = new Set(TRANSACTION_TYPES);
const CURRENCY = /^[A-Z]{3}$/;
const WHOLE_NUMBER = /^[+-]?\d{1,9}$/;

/** The mapping as given, checked again here: a stored mapping may predate a change of the schema. */
export function checkColumnMapping(mapping: ColumnMapping | undefined): ColumnMapping {
  const parsed = columnMappingSchema.safeParse(mapping);
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues.map((issue) => ({ field: issue.path.join('.'), message: issue.message }));
  throw new FileFormatError(
    'invalid-mapping',
    mapping === undefined
      ? 'A generic CSV is read through a column mapping, and none was given.'
      : `The column mapping is invalid: ${issues.map((issue) => `${issue.field || 'mapping'}: ${issue.message}`).join('; ')}.`,
    { issues },
  );
}

type Source = { column: number } | { value: string } | undefined;

export function createGenericCsvMapper(table: SheetTable, mapping: ColumnMapping): SheetMapper {
  const indexes = indexHeader(table.header);
  const missing: string[] = [];
  const column = (name: string | undefined): number => {
    if (name === undefined) return -1;
    const index = indexes.get(normalizeHeaderName(name));
    if (index === undefined) {
      missing.push(name);
      return -1;
    }
    return index;
  };
  const source = (mapped: { column: string } | { value: string } | undefined): Source => {
    if (mapped === undefined) return undefined;
    return 'column' in mapped ? { column: column(mapped.column) } : { value: mapped.value };
  };
  const columns = {
    transactionId: column(mapping.transactionId),
    lineId: column(mapping.lineId),
    date: column(mapping.date),
    type: column(mapping.type?.column),
    net: column(mapping.netAmount),
    vat: column(mapping.vatAmount),
    gross: column(mapping.grossAmount),
    vatRate: column(mapping.vatRate?.column),
    buyerVatNumber: column(mapping.buyerVatNumber),
    sku: column(mapping.sku),
    quantity: column(mapping.quantity),
  };
  const sources = {
    departure: source(mapping.departureCountry),
    arrival: source(mapping.arrivalCountry),
    currency: source(mapping.currency),
  };
  if (missing.length > 0) {
    throw new FileFormatError(
      'missing-columns',
      `The file lacks the column${missing.length > 1 ? 's' : ''} ${missing.join(', ')} named in the column mapping.`,
      { columns: missing },
    );
  }
  const typeValues = new Map(
    Object.entries(mapping.type?.values ?? {}).map(([text, type]) => [text.trim().toUpperCase(), type]),
  );
  const read = (row: SheetRow, index: number) => (index === -1 ? '' : (row.cells[index] ?? '').trim());

  return {
    columns: [
      ...Object.values(columns),
      ...Object.values(sources).map((mapped) => (mapped !== undefined && 'column' in mapped ? mapped.column : -1)),
    ],
    mapRow(row, output) {
      const problems: RowProblem[] = [];
      const problem = (index: number, code: UploadRowProblemCode, message: string) => {
        problems.push({
          lineNumber: row.lineNumber,
          column: table.header[index] ?? null,
          code,
          message: `Line ${row.lineNumber}: ${message}`,
        });
      };
      const cell = (index: number) => read(row, index);
      const sourceText = (mapped: Source) =>
        mapped === undefined ? '' : 'value' in mapped ? mapped.value : cell(mapped.column);
      const columnOf = (mapped: Source) => (mapped !== undefined && 'column' in mapped ? mapped.column : -1);

      const eventId = cell(columns.transactionId);
      if (eventId === '') problem(columns.transactionId, 'missing-id', `${mapping.transactionId} is empty.`);
      let activityId = eventId;
      if (columns.lineId !== -1) {
        activityId = cell(columns.lineId);
        if (activityId === '') problem(columns.lineId, 'missing-id', `${mapping.lineId} is empty.`);
      }

      const dateText = cell(columns.date);
      const date = readDateInLayout(dateText, mapping.dateFormat, table.serialDateSystem);
      if (date === undefined) {
        problem(columns.date, 'bad-date', `${quoteCell(dateText)} is not a date in the layout ${mapping.dateFormat}.`);
      }

      let type: TransactionType = 'SALE';
      const typeText = cell(columns.type);
      if (typeText !== '') {
        const key = typeText.toUpperCase();
        const mapped = typeValues.get(key) ?? (KNOWN_TYPES.has(key) ? (key as TransactionType) : undefined);
        if (mapped === undefined) {
          problem(columns.type, 'unknown-type', `${quoteCell(typeText)} is not mapped to a transaction type.`);
        } else type = mapped;
      }

      const country = (mapped: Source): string | null | undefined => {
        const text = sourceText(mapped);
        if (text === '') return null;
        const code = readCountryCode(text);
        if (code === undefined) {
          problem(columnOf(mapped), 'unknown-country', `${quoteCell(text)} is not an ISO country code.`);
        }
        return code;
      };
      const departure = country(sources.departure);
      const arrival = country(sources.arrival);

      const currency = sourceText(sources.currency).toUpperCase();
      if (!CURRENCY.test(currency)) {
        problem(columnOf(sources.currency), 'bad-currency', `${quoteCell(currency)} is not an ISO 4217 currency code.`);
      }

      const amount = (index: number): string | null | undefined => {
        if (index === -1) return null;
        const text = cell(index);
        const value = readLocaleAmount(text, mapping.decimalSeparator);
        if (value === undefined) {
          problem(
            index,
            'bad-amount',
            `${quoteCell(text)} is not an amount with "${mapping.decimalSeparator}" as decimal separator.`,
          );
        }
        return value;
      };
      const amounts = completeAmounts(amount(columns.net), amount(columns.vat), amount(columns.gross));
      if (amounts === 'mismatch') {
        problem(columns.gross, 'amounts-mismatch', 'The gross amount differs from net + VAT by more than 0.01.');
      }

      let vatRate: string | null = null;
      const rateText = cell(columns.vatRate);
      if (rateText !== '' && mapping.vatRate !== undefined) {
        const rate = readVatRate(rateText, mapping.vatRate.format);
        if (rate === undefined) problem(columns.vatRate, 'bad-rate', `${quoteCell(rateText)} is not a VAT rate.`);
        else vatRate = rate;
      }

      let quantity = 0;
      const quantityText = cell(columns.quantity);
      if (quantityText !== '') {
        if (WHOLE_NUMBER.test(quantityText)) quantity = Number.parseInt(quantityText, 10);
        else problem(columns.quantity, 'bad-quantity', `${quoteCell(quantityText)} is not a whole number.`);
      }

      if (
        problems.length > 0 ||
        date === undefined ||
        departure === undefined ||
        arrival === undefined ||
        amounts === undefined ||
        amounts === 'mismatch'
      ) {
        output.problems.push(...problems);
        return;
      }
      const buyerVatNumber = cell(columns.buyerVatNumber);
      const sku = cell(columns.sku);
      output.transactions.push({
        source: 'generic-csv',
        lineNumber: row.lineNumber,
        type,
        eventId,
        activityId,
        taxPointDate: date,
        completeDate: date,
        marketplace: null,
        salesChannel: null,
        departureCountry: departure,
        arrivalCountry: arrival,
        taxableJurisdiction: null,
        currency,
        netAmount: amounts.net,
        vatAmount: amounts.vat,
        grossAmount: amounts.gross,
        vatRate,
        buyerVatNumber: buyerVatNumber === '' ? null : buyerVatNumber,
        sellerVatNumber: null,
        isExport: false,
        taxReportingScheme: null,
        taxCollectionResponsibility: null,
        quantity,
        sku: sku === '' ? null : sku,
      } satisfies NormalizedTransaction);
    },
    finish() {},
  };
}

/** Net + VAT = gross, the missing one derived exactly; null marks an unmapped amount, undefined an unreadable one. */
function completeAmounts(
  net: string | null | undefined,
  vat: string | null | undefined,
  gross: string | null | undefined,
): { net: string; vat: string; gross: string } | 'mismatch' | undefined {
  if (net === undefined || vat === undefined || gross === undefined) return undefined;
  if (net !== null && vat !== null && gross !== null) {
    return differsByMoreThan(gross, [net, vat], '0.01') ? 'mismatch' : { net, vat, gross };
  }
  if (net !== null && vat !== null) return { net, vat, gross: addMoney(money(net), money(vat)).toFixed() };
  if (net !== null && gross !== null) return { net, vat: subtractMoney(money(gross), money(net)).toFixed(), gross };
  if (vat !== null && gross !== null) return { net: subtractMoney(money(gross), money(vat)).toFixed(), vat, gross };
  return undefined;
}

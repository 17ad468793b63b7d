import type { UploadRowProblemCode } from '@vatlas/contract';
import {
  differsByMoreThan,
  multiplyToCentsHalfUp,
  type NormalizedTransaction,
  type TaxCollectionResponsibility,
  TRANSACTION_TYPES,
  type TransactionType,
} from '@vatlas/domain';
import { readCountryCode, readJurisdiction, readPlainAmount, readVatRate, readVtrDate } from './cell-values';
import { FileFormatError, type RowProblem } from './parse-types';
import { indexHeader, quoteCell, type SheetMapper, type SheetRow, type SheetTable } from './sheet';

/**
 * Amazon's VAT Transactions Report (research §3a). Columns are found by header name, never by position: the 92-column
 * layout of 2019–2020, the 95-column one of July 2021 (PROGRAM_TYPE inserted, TAX_REPORTING_SCHEME and
 * TAX_COLLECTION_RESPONSIBILITY appended) and any later one with more columns read alike. The personal columns
 * (BUYER_NAME, ARRIVAL_ADDRESS, cities, post codes) are never looked up, so they cannot leak anywhere.
 *
 * The value of a stock movement (FC_TRANSFER, INBOUND, RETURN…): Amazon leaves its TOTAL_ACTIVITY_VALUE_* columns
 * empty and puts the seller's cost price of the goods in COST_PRICE_OF_ITEMS. That column is a price PER UNIT, so the
 * row's value (net, VAT excluded) is COST_PRICE_OF_ITEMS × QTY, rounded half-up to the cent. Sources: Amazon's field
 * definitions (research §3a, [AMZ-FD]) name it the cost price "of items" next to the per-unit PRICE_OF_ITEMS_*
 * columns, whose line totals are the TOTAL_* columns; public VTR tooling reads it alike — an FC_TRANSFER price filler
 * writes "unit cost" into COST_PRICE_OF_ITEMS and "unit cost × QTY" as the line's price, and an open-source VTR
 * importer maps the column to `unit_cost_price_net` [U: no Amazon sample with QTY > 1 and a cost price was seen].
 * A movement's TRANSACTION_CURRENCY_CODE is usually empty too; its cost price is then read as euro [U: the pan-EU
 * tooling above totals transfer values in euro; a file that names a currency is read in that currency]. Sales,
 * refunds and any row with an activity value keep that value: the cost price never replaces a price.
 */

/** The columns without which a row cannot be taxed or told apart from another. */
const REQUIRED_COLUMNS = [
  'TRANSACTION_TYPE',
  'TRANSACTION_EVENT_ID',
  'ACTIVITY_TRANSACTION_ID',
  'TAX_CALCULATION_DATE',
  'TOTAL_ACTIVITY_VALUE_AMT_VAT_EXCL',
  'TOTAL_ACTIVITY_VALUE_VAT_AMT',
  'TOTAL_ACTIVITY_VALUE_AMT_VAT_INCL',
  'TRANSACTION_CURRENCY_CODE',
] as const;

/** The sale leg's countries; the physical leg's columns stand in for files (and rows) without them. */
const COUNTRY_COLUMNS = {
  departure: ['SALE_DEPART_COUNTRY', 'DEPARTURE_COUNTRY'],
  arrival: ['SALE_ARRIVAL_COUNTRY', 'ARRIVAL_COUNTRY'],
} as const;

/** Types that are sales or their reversal and so must carry a value; movements may leave the amounts empty. */
const VALUED_TYPES: ReadonlySet<TransactionType> = new Set([
  'SALE',
  'REFUND',
  'LIQUIDATION_SALE',
  'LIQUIDATION_REFUND',
]);
const KNOWN_TYPES: ReadonlySet<string> = new Set(TRANSACTION_TYPES);
const ZERO_AMOUNT = /^-?[0.]*$/;
const NOT_APPLICABLE = 'N/A';
const CURRENCY = /^[A-Z]{3}$/;
const WHOLE_NUMBER = /^[+-]?\d{1,9}$/;
/** The currency of a movement's cost price when the row names none (see the header comment). */
const COST_PRICE_CURRENCY = 'EUR';

type Columns = {
  type: number;
  eventId: number;
  activityId: number;
  taxPointDate: number;
  completeDate: number;
  departDate: number;
  marketplace: number;
  salesChannel: number;
  saleDeparture: number;
  departure: number;
  saleArrival: number;
  arrival: number;
  jurisdiction: number;
  currency: number;
  net: number;
  vat: number;
  gross: number;
  vatRate: number;
  buyerVatNumber: number;
  sellerVatNumber: number;
  isExport: number;
  scheme: number;
  responsibility: number;
  quantity: number;
  sku: number;
  costPrice: number;
};

export function createAmazonVtrMapper(table: SheetTable): SheetMapper {
  const indexes = indexHeader(table.header);
  const find = (name: string) => indexes.get(name) ?? -1;
  const missing: string[] = REQUIRED_COLUMNS.filter((name) => !indexes.has(name));
  for (const names of Object.values(COUNTRY_COLUMNS)) {
    if (!names.some((name) => indexes.has(name))) missing.push(names[0]);
  }
  if (missing.length === REQUIRED_COLUMNS.length + 2) {
    throw new FileFormatError(
      'unknown-format',
      'This is not an Amazon VAT Transactions Report: none of its columns (TRANSACTION_TYPE, TRANSACTION_EVENT_ID, ' +
        'TOTAL_ACTIVITY_VALUE_AMT_VAT_INCL…) is in the header.',
    );
  }
  if (missing.length > 0) {
    throw new FileFormatError(
      'missing-columns',
      `The Amazon VAT Transactions Report lacks the column${missing.length > 1 ? 's' : ''} ${missing.join(', ')}` +
        (missing.some((name) => name.startsWith('SALE_')) ? ' (or DEPARTURE_COUNTRY / ARRIVAL_COUNTRY)' : '') +
        '.',
      { columns: missing },
    );
  }
  const columns: Columns = {
    type: find('TRANSACTION_TYPE'),
    eventId: find('TRANSACTION_EVENT_ID'),
    activityId: find('ACTIVITY_TRANSACTION_ID'),
    taxPointDate: find('TAX_CALCULATION_DATE'),
    completeDate: find('TRANSACTION_COMPLETE_DATE'),
    departDate: find('TRANSACTION_DEPART_DATE'),
    marketplace: find('MARKETPLACE'),
    salesChannel: find('SALES_CHANNEL'),
    saleDeparture: find('SALE_DEPART_COUNTRY'),
    departure: find('DEPARTURE_COUNTRY'),
    saleArrival: find('SALE_ARRIVAL_COUNTRY'),
    arrival: find('ARRIVAL_COUNTRY'),
    jurisdiction: find('TAXABLE_JURISDICTION'),
    currency: find('TRANSACTION_CURRENCY_CODE'),
    net: find('TOTAL_ACTIVITY_VALUE_AMT_VAT_EXCL'),
    vat: find('TOTAL_ACTIVITY_VALUE_VAT_AMT'),
    gross: find('TOTAL_ACTIVITY_VALUE_AMT_VAT_INCL'),
    vatRate: find('PRICE_OF_ITEMS_VAT_RATE_PERCENT'),
    buyerVatNumber: find('BUYER_VAT_NUMBER'),
    sellerVatNumber: find('TRANSACTION_SELLER_VAT_NUMBER'),
    isExport: find('EXPORT_OUTSIDE_EU'),
    scheme: find('TAX_REPORTING_SCHEME'),
    responsibility: find('TAX_COLLECTION_RESPONSIBILITY'),
    quantity: find('QTY'),
    sku: find('SELLER_SKU'),
    costPrice: find('COST_PRICE_OF_ITEMS'),
  };
  const row = new RowReader(table.header);
  const dates = new DateCache(table.serialDateSystem);
  return {
    columns: Object.values(columns),
    mapRow(sheetRow, output) {
      row.start(sheetRow);
      const transaction = mapVtrRow(row, columns, dates);
      if (transaction === undefined) output.problems.push(...row.problems);
      else output.transactions.push(transaction);
    },
    finish() {},
  };
}

/** The row being mapped and its problems; one instance per file, so a million rows allocate no closures. */
class RowReader {
  cells: readonly string[] = [];
  lineNumber = 0;
  problems: RowProblem[] = [];

  constructor(private readonly header: readonly string[]) {}

  start(row: SheetRow): void {
    this.cells = row.cells;
    this.lineNumber = row.lineNumber;
    this.problems = [];
  }

  cell(index: number): string {
    if (index === -1) return '';
    const value = this.cells[index];
    if (value === undefined || value === '') return '';
    // Most cells have no surrounding blanks; trimming only those that do saves a call per cell on a million rows.
    return value.charCodeAt(0) > 32 && value.charCodeAt(value.length - 1) > 32 ? value : value.trim();
  }

  problem(index: number, code: UploadRowProblemCode, message: string): void {
    this.problems.push({
      lineNumber: this.lineNumber,
      column: this.header[index] ?? null,
      code,
      message: `Line ${this.lineNumber}: ${message}`,
    });
  }
}

/** A month's report has a few dozen distinct dates among a million cells: parse each text once. */
class DateCache {
  private readonly dates = new Map<string, string | undefined>();

  constructor(private readonly serialDateSystem: 1900 | 1904 | null) {}

  read(text: string): string | undefined {
    if (this.dates.has(text)) return this.dates.get(text);
    const date = readVtrDate(text, this.serialDateSystem);
    if (this.dates.size >= 10_000) this.dates.clear();
    this.dates.set(text, date);
    return date;
  }
}

function mapVtrRow(row: RowReader, columns: Columns, dates: DateCache): NormalizedTransaction | undefined {
  const typeText = row.cell(columns.type).toUpperCase();
  if (!KNOWN_TYPES.has(typeText)) {
    row.problem(columns.type, 'unknown-type', `${quoteCell(typeText)} is not a known TRANSACTION_TYPE.`);
  }
  const type = typeText as TransactionType;

  const eventId = row.cell(columns.eventId);
  if (eventId === '') row.problem(columns.eventId, 'missing-id', 'TRANSACTION_EVENT_ID is empty.');
  const activityId = row.cell(columns.activityId);
  if (activityId === '') row.problem(columns.activityId, 'missing-id', 'ACTIVITY_TRANSACTION_ID is empty.');

  const rowDates = readDates(row, columns, dates);
  const departure = readCountry(row, columns.saleDeparture, columns.departure);
  const arrival = readCountry(row, columns.saleArrival, columns.arrival);

  let taxableJurisdiction: string | null = null;
  const jurisdictionText = row.cell(columns.jurisdiction);
  if (jurisdictionText !== '' && jurisdictionText.toUpperCase() !== NOT_APPLICABLE) {
    const code = memoized(JURISDICTION_CACHE, jurisdictionText, readJurisdiction);
    if (code === undefined) {
      row.problem(
        columns.jurisdiction,
        'unknown-country',
        `${quoteCell(jurisdictionText)} is not a known jurisdiction.`,
      );
    } else taxableJurisdiction = code;
  }

  let quantity = 0;
  const quantityText = row.cell(columns.quantity);
  if (quantityText !== '') {
    if (WHOLE_NUMBER.test(quantityText)) quantity = Number.parseInt(quantityText, 10);
    else row.problem(columns.quantity, 'bad-quantity', `QTY ${quoteCell(quantityText)} is not a whole number.`);
  }

  const amounts = readAmounts(row, columns, type, quantity);

  const currencyText = row.cell(columns.currency).toUpperCase();
  let currency: string | null = null;
  if (amounts?.isCostPrice && currencyText === '') currency = COST_PRICE_CURRENCY;
  else if (currencyText !== '') {
    if (CURRENCY.test(currencyText)) currency = currencyText;
    else row.problem(columns.currency, 'bad-currency', `${quoteCell(currencyText)} is not an ISO 4217 currency code.`);
  } else if (amounts && !(amounts.isZero && !VALUED_TYPES.has(type))) {
    row.problem(
      columns.currency,
      'missing-currency',
      'TRANSACTION_CURRENCY_CODE is empty although the row has a value.',
    );
  }

  let vatRate: string | null = null;
  const rateText = row.cell(columns.vatRate);
  if (rateText !== '') {
    const rate = readVatRate(rateText, 'auto');
    if (rate === undefined) {
      row.problem(
        columns.vatRate,
        'bad-rate',
        `${quoteCell(rateText)} is not a VAT rate (expected a fraction like 0.19).`,
      );
    } else vatRate = rate;
  }

  const isExport = readYesNo(row.cell(columns.isExport));
  if (isExport === undefined) {
    row.problem(
      columns.isExport,
      'bad-value',
      `EXPORT_OUTSIDE_EU is ${quoteCell(row.cell(columns.isExport))}, not YES or NO.`,
    );
  }

  const responsibilityText = row.cell(columns.responsibility).toUpperCase();
  let taxCollectionResponsibility: TaxCollectionResponsibility | null = null;
  if (responsibilityText === 'SELLER' || responsibilityText === 'MARKETPLACE') {
    taxCollectionResponsibility = responsibilityText;
  } else if (responsibilityText !== '' && responsibilityText !== NOT_APPLICABLE) {
    row.problem(
      columns.responsibility,
      'bad-value',
      `TAX_COLLECTION_RESPONSIBILITY is ${quoteCell(responsibilityText)}, not SELLER or MARKETPLACE.`,
    );
  }

  if (row.problems.length > 0 || rowDates === undefined || amounts === undefined) return undefined;
  return {
    source: 'amazon-vtr',
    lineNumber: row.lineNumber,
    type,
    eventId,
    activityId,
    taxPointDate: rowDates.taxPointDate,
    completeDate: rowDates.completeDate,
    marketplace: optional(row.cell(columns.marketplace)),
    salesChannel: optional(row.cell(columns.salesChannel)),
    departureCountry: departure ?? null,
    arrivalCountry: arrival ?? null,
    taxableJurisdiction,
    currency,
    netAmount: amounts.net,
    vatAmount: amounts.vat,
    grossAmount: amounts.gross,
    vatRate,
    buyerVatNumber: optional(row.cell(columns.buyerVatNumber)),
    sellerVatNumber: optional(row.cell(columns.sellerVatNumber)),
    isExport: isExport === true,
    taxReportingScheme: optional(row.cell(columns.scheme)),
    taxCollectionResponsibility,
    quantity,
    sku: optional(row.cell(columns.sku)),
  };
}

/** The tax point and the period date; each stands in for the other when empty (movements often have only one). */
function readDates(
  row: RowReader,
  columns: Columns,
  dates: DateCache,
): { taxPointDate: string; completeDate: string } | undefined {
  const taxPoint = readDate(row, columns.taxPointDate, dates);
  const complete = readDate(row, columns.completeDate, dates);
  if (taxPoint === undefined || complete === undefined) return undefined;
  const fallback = taxPoint ?? complete ?? readDate(row, columns.departDate, dates);
  if (fallback === undefined) return undefined;
  if (fallback === null) {
    row.problem(columns.taxPointDate, 'missing-date', 'TAX_CALCULATION_DATE and TRANSACTION_COMPLETE_DATE are empty.');
    return undefined;
  }
  return { taxPointDate: taxPoint ?? fallback, completeDate: complete ?? fallback };
}

/** Null for an empty cell, undefined (and a problem) for one that is not a date. */
function readDate(row: RowReader, index: number, dates: DateCache): string | null | undefined {
  const text = row.cell(index);
  if (text === '') return null;
  const date = dates.read(text);
  if (date === undefined) {
    row.problem(index, 'bad-date', `${quoteCell(text)} is not a date (expected DD-MM-YYYY, DD.MM.YYYY or YYYY-MM-DD).`);
  }
  return date;
}

function readCountry(row: RowReader, saleIndex: number, physicalIndex: number): string | null | undefined {
  const saleText = row.cell(saleIndex);
  const index = saleText !== '' ? saleIndex : physicalIndex;
  const text = saleText !== '' ? saleText : row.cell(physicalIndex);
  if (text === '' || text.toUpperCase() === NOT_APPLICABLE) return null;
  const code = memoized(COUNTRY_CACHE, text, readCountryCode);
  if (code === undefined) row.problem(index, 'unknown-country', `${quoteCell(text)} is not an ISO country code.`);
  return code;
}

function readAmounts(
  row: RowReader,
  columns: Columns,
  type: TransactionType,
  quantity: number,
): { net: string; vat: string; gross: string; isZero: boolean; isCostPrice: boolean } | undefined {
  const netText = row.cell(columns.net);
  const vatText = row.cell(columns.vat);
  const grossText = row.cell(columns.gross);
  if (netText === '' && vatText === '' && grossText === '') {
    if (!VALUED_TYPES.has(type)) return readCostPrice(row, columns, quantity);
    row.problem(columns.gross, 'missing-amount', `A ${type} row needs TOTAL_ACTIVITY_VALUE amounts; they are empty.`);
    return undefined;
  }
  const net = readAmount(row, columns.net, netText);
  const vat = readAmount(row, columns.vat, vatText);
  const gross = readAmount(row, columns.gross, grossText);
  if (net === undefined || vat === undefined || gross === undefined) return undefined;
  if (differsByMoreThan(gross, [net, vat], '0.01')) {
    row.problem(
      columns.gross,
      'amounts-mismatch',
      `TOTAL_ACTIVITY_VALUE_AMT_VAT_INCL ${gross} differs from VAT_EXCL ${net} + VAT ${vat} by more than 0.01.`,
    );
    return undefined;
  }
  const isZero = ZERO_AMOUNT.test(net) && ZERO_AMOUNT.test(vat) && ZERO_AMOUNT.test(gross);
  // Some exports write 0.00 where Amazon leaves the movement's value empty: the cost price is its value all the same.
  if (isZero && !VALUED_TYPES.has(type)) {
    const cost = readCostPrice(row, columns, quantity);
    if (cost === undefined || cost.isCostPrice) return cost;
  }
  return { net, vat, gross, isZero, isCostPrice: false };
}

/** A movement's value: COST_PRICE_OF_ITEMS (per unit) × QTY, VAT excluded and owed on nothing; zero without one. */
function readCostPrice(
  row: RowReader,
  columns: Columns,
  quantity: number,
): { net: string; vat: string; gross: string; isZero: boolean; isCostPrice: boolean } | undefined {
  const text = row.cell(columns.costPrice);
  const unitCost = text === '' ? '0' : readPlainAmount(text);
  if (unitCost === undefined) {
    row.problem(
      columns.costPrice,
      'bad-amount',
      `COST_PRICE_OF_ITEMS ${quoteCell(text)} is not an amount (expected 12.34).`,
    );
    return undefined;
  }
  if (ZERO_AMOUNT.test(unitCost)) return { net: '0', vat: '0', gross: '0', isZero: true, isCostPrice: false };
  if (unitCost.startsWith('-')) {
    row.problem(columns.costPrice, 'bad-amount', `COST_PRICE_OF_ITEMS ${quoteCell(text)} is negative.`);
    return undefined;
  }
  // A row without a quantity moves one unit of the goods it describes.
  const value = multiplyToCentsHalfUp(unitCost, String(quantity > 0 ? quantity : 1));
  return { net: value, vat: '0', gross: value, isZero: false, isCostPrice: true };
}

function readAmount(row: RowReader, index: number, text: string): string | undefined {
  if (text === '') return '0';
  const amount = readPlainAmount(text);
  if (amount === undefined) row.problem(index, 'bad-amount', `${quoteCell(text)} is not an amount (expected 1234.56).`);
  return amount;
}

/** Country cells repeat a few dozen values a million times; the answers (undefined included) are kept. */
const COUNTRY_CACHE = new Map<string, string | undefined>();
const JURISDICTION_CACHE = new Map<string, string | undefined>();

function memoized(cache: Map<string, string | undefined>, text: string, read: (text: string) => string | undefined) {
  if (cache.has(text)) return cache.get(text);
  const value = read(text);
  if (cache.size < 1000) cache.set(text, value);
  return value;
}

function readYesNo(text: string): boolean | undefined {
  const value = text.toUpperCase();
  if (value === 'YES') return true;
  if (value === 'NO' || value === '' || value === NOT_APPLICABLE) return false;
  return undefined;
}

function optional(text: string): string | null {
  return text === '' || (text.length === 3 && text.toUpperCase() === NOT_APPLICABLE) ? null : text;
}

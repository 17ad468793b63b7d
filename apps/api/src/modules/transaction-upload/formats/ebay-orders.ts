import {
  checkVatNumber,
  formatMoneyFixed2,
  isEuCountry,
  type Money,
  money,
  type NormalizedTransaction,
  subtractMoney,
  sumMoney,
  ZERO,
} from '@vatlas/domain';
import {
  type MarketplaceAmount,
  readCountryName,
  readMarketplaceAmount,
  readMarketplaceDate,
  readVatRate,
} from './cell-values';
import { allocateByWeights } from './order-amounts';
import {
  cellAt,
  type ProblemRecorder,
  quoteCell,
  type RowOutput,
  recordProblems,
  requireColumns,
  type SheetMapper,
  type SheetRow,
  type SheetTable,
} from './sheet';

/**
 * eBay's orders report (Seller Hub › Reports › Downloads › Orders, research §3b), by its English column names. An order
 * is one row, or, with several items, rows under the same Order Number: a row of the order itself (no item on it) and
 * a row per item. Each item becomes a SALE. The order's Total Price (less the tax eBay collected, where the report
 * says it is included) is the price paid to the seller; it is shared out over the items in proportion to Sold For ×
 * Quantity, cent by cent, so shipping lands on the items and the lines add up to the order exactly.
 *
 * What the VAT is:
 * - eBay collected tax on the order (eBay Collected Tax above zero: imports of at most €150 or £135, sales into Norway
 *   or Switzerland): eBay is the deemed supplier and remits it, the seller does not (`MARKETPLACE`); the rate is eBay's
 *   Collect And Remit Tax Rate where it gives one.
 * - The seller collected tax (Seller Collected Tax above zero): that tax, added on top of the prices as the report's
 *   Total Price adds it; no rate is given, so its figures stand (decision 039).
 * - Neither: a zero rate, so the tax engine takes the VAT out of the price at the taxing country's standard rate, as
 *   for a consumer's price in the EU (decision 039).
 *
 * Goods leave from the Item Country, or the company's establishment country where the report names none. The report
 * has junk lines around its table (a blank first line, "… record(s) downloaded" and "Seller ID" at the end); those are
 * skipped. Buyer names, e-mail, addresses and phone columns are never read.
 */

const REQUIRED_COLUMNS = [
  'Order Number',
  'Sale Date',
  'Quantity',
  'Sold For',
  'Total Price',
  'Ship To Country',
] as const;

/** More rows than any real order has: the rows are not grouped by order. */
const MAX_ORDER_ROWS = 10_000;
const CURRENCY = /^[A-Z]{3}$/;
const YES = /^(yes|ja|true|1)$/i;
/** The footer eBay writes under the table: "12 record(s) downloaded,from …" and "Seller ID : …". */
const TRAILER = /^(\d[\d.,]*\s+record\(s\)\s+downloaded|seller id\b)/i;

type Columns = {
  orderNumber: number;
  saleDate: number;
  quantity: number;
  soldFor: number;
  totalPrice: number;
  shipToCountry: number;
  buyerCountry: number;
  itemNumber: number;
  customLabel: number;
  transactionId: number;
  itemCountry: number;
  sellerTax: number;
  ebayTax: number;
  ebayTaxRate: number;
  ebayTaxIncluded: number;
  currency: number;
  buyerTaxId: number;
};

type Context = {
  columns: Columns;
  header: readonly string[];
  departure: string | null;
};

export function createEbayOrdersMapper(table: SheetTable, departure: string | null): SheetMapper {
  const find = requireColumns(table.header, REQUIRED_COLUMNS, {
    fileName: 'eBay orders report',
    notThisFormat:
      'This is not an eBay orders report with English column names: none of its columns (Order Number, Sale Date, ' +
      'Sold For, Total Price…) is in the header.',
  });
  const columns: Columns = {
    orderNumber: find('Order Number'),
    saleDate: find('Sale Date'),
    quantity: find('Quantity'),
    soldFor: find('Sold For'),
    totalPrice: find('Total Price'),
    shipToCountry: find('Ship To Country'),
    buyerCountry: find('Buyer Country'),
    itemNumber: find('Item Number'),
    customLabel: find('Custom Label'),
    transactionId: find('Transaction ID'),
    itemCountry: find('Item Country'),
    sellerTax: find('Seller Collected Tax'),
    ebayTax: find('eBay Collected Tax'),
    ebayTaxRate: find('eBay Collect And Remit Tax Rate'),
    ebayTaxIncluded: find('eBay Collected Tax and Fees Included in Total'),
    currency: find('Currency'),
    buyerTaxId: find('Buyer Tax Identifier Value'),
  };
  const context: Context = { columns, header: table.header, departure };
  let order: SheetRow[] = [];
  let orderNumber = '';
  return {
    columns: Object.values(columns),
    skipsRow: (row) => TRAILER.test((row.cells[0] ?? '').trim()),
    mapRow(row, output) {
      const number = cellAt(row, columns.orderNumber);
      if (order.length > 0 && number === orderNumber && number !== '' && order.length < MAX_ORDER_ROWS) {
        order.push(row);
        return;
      }
      if (order.length > 0) mapOrder(order, context, output);
      order = [row];
      orderNumber = number;
    },
    finish(output) {
      if (order.length > 0) mapOrder(order, context, output);
      order = [];
    },
  };
}

/** A row of an item: it names the item (Item Number), or, in a report without that column, its price. */
function isItemRow(row: SheetRow, columns: Columns): boolean {
  return columns.itemNumber !== -1 ? cellAt(row, columns.itemNumber) !== '' : cellAt(row, columns.soldFor) !== '';
}

function mapOrder(rows: readonly SheetRow[], context: Context, output: RowOutput): void {
  const { columns, header } = context;
  const first = rows[0] as SheetRow;
  const { problems, problem } = recordProblems(header);
  const orderNumber = cellAt(first, columns.orderNumber);
  if (orderNumber === '') {
    problem(first, columns.orderNumber, 'missing-id', 'Order Number is empty.');
    output.problems.push(...problems);
    return;
  }
  if (rows.length >= MAX_ORDER_ROWS) {
    problem(
      first,
      columns.orderNumber,
      'order-too-large',
      `Order ${quoteCell(orderNumber)} has more than ${MAX_ORDER_ROWS} rows.`,
    );
    output.problems.push(...problems);
    return;
  }
  const items = rows.filter((row) => isItemRow(row, columns));
  const orderRow = rows.find((row) => !isItemRow(row, columns));
  if (items.length === 0) {
    problem(first, columns.itemNumber, 'missing-amount', `Order ${quoteCell(orderNumber)} has no item.`);
    output.problems.push(...problems);
    return;
  }
  // The order's own figures: from the order's row where it has one, otherwise from its (single) item row.
  const orderSources = orderRow !== undefined ? [orderRow] : items;

  const currencies = new Set<string>();
  const currencyCell = cellAt(first, columns.currency).toUpperCase();
  if (currencyCell !== '') {
    if (CURRENCY.test(currencyCell)) currencies.add(currencyCell);
    else
      problem(first, columns.currency, 'bad-currency', `${quoteCell(currencyCell)} is not an ISO 4217 currency code.`);
  }
  const readAmount = (row: SheetRow, index: number, name: string, isOptional: boolean): Money | undefined => {
    const text = cellAt(row, index);
    if (text === '') {
      if (!isOptional) problem(row, index, 'missing-amount', `${name} is empty.`);
      return isOptional ? ZERO : undefined;
    }
    const read: MarketplaceAmount | undefined = readMarketplaceAmount(text);
    if (read === undefined) {
      problem(
        row,
        index,
        'bad-amount',
        `${name} ${quoteCell(text)} is not an amount (expected e.g. £12.99 or 12,99 €).`,
      );
      return undefined;
    }
    if (read.currency !== null) currencies.add(read.currency);
    return money(read.amount);
  };
  const sumOver = (index: number, name: string, isOptional: boolean): Money | undefined => {
    if (index === -1) return ZERO;
    const amounts = orderSources.map((row) => readAmount(row, index, name, isOptional));
    return amounts.every((amount) => amount !== undefined) ? sumMoney(amounts as Money[]) : undefined;
  };

  const dateRow = cellAt(first, columns.saleDate) !== '' ? first : (items[0] as SheetRow);
  const dateText = cellAt(dateRow, columns.saleDate);
  const date = readMarketplaceDate(dateText);
  if (date === undefined) {
    problem(
      dateRow,
      columns.saleDate,
      dateText === '' ? 'missing-date' : 'bad-date',
      dateText === ''
        ? `Order ${quoteCell(orderNumber)} has no Sale Date.`
        : `Sale Date ${quoteCell(dateText)} is not a date (expected e.g. Mar-15-24, 15.03.2024 or 2024-03-15).`,
    );
  }

  const totalPrice = sumOver(columns.totalPrice, 'Total Price', false);
  const sellerTax = sumOver(columns.sellerTax, 'Seller Collected Tax', true);
  const ebayTax = sumOver(columns.ebayTax, 'eBay Collected Tax', true);
  const ebayTaxIncluded = orderSources.some((row) => YES.test(cellAt(row, columns.ebayTaxIncluded)));

  const lines = items.map((row) => {
    const quantityText = cellAt(row, columns.quantity);
    const quantity = /^\d{1,9}$/.test(quantityText) ? Number.parseInt(quantityText, 10) : undefined;
    if (quantity === undefined) {
      problem(row, columns.quantity, 'bad-quantity', `Quantity ${quoteCell(quantityText)} is not a whole number.`);
    }
    const soldFor = readAmount(row, columns.soldFor, 'Sold For', false);
    const sku = cellAt(row, columns.customLabel) || cellAt(row, columns.itemNumber);
    return { row, quantity, soldFor, sku, transactionId: cellAt(row, columns.transactionId) };
  });

  const arrival = readCountryOf(orderSources, [columns.shipToCountry, columns.buyerCountry], problem, true);
  const itemDeparture = readCountryOf(items, [columns.itemCountry], problem, false);

  if (currencies.size > 1) {
    problem(
      first,
      columns.totalPrice,
      'bad-currency',
      `Order ${quoteCell(orderNumber)} mixes currencies (${[...currencies].sort().join(', ')}).`,
    );
  } else if (currencies.size === 0 && problems.length === 0) {
    problem(
      first,
      columns.totalPrice,
      'missing-currency',
      `Order ${quoteCell(orderNumber)} names no currency: its amounts carry no currency sign or code.`,
    );
  }
  if (
    problems.length > 0 ||
    date === undefined ||
    totalPrice === undefined ||
    sellerTax === undefined ||
    ebayTax === undefined ||
    arrival === undefined
  ) {
    output.problems.push(...problems);
    return;
  }
  const [currency] = currencies as Set<string>;

  const isCollectedByEbay = ebayTax.gt(0);
  const paidToSeller = isCollectedByEbay && ebayTaxIncluded ? subtractMoney(totalPrice, ebayTax) : totalPrice;
  const weights = lines.map(({ quantity, soldFor }) => (soldFor as Money).times(quantity as number));
  const grossShares = allocateByWeights(paidToSeller, weights);
  const sellerTaxShares = allocateByWeights(sellerTax, weights);
  const ebayTaxShares = allocateByWeights(ebayTax, weights);
  const vatRate = isCollectedByEbay ? readEbayTaxRate(orderSources, columns.ebayTaxRate) : sellerTax.gt(0) ? null : '0';
  const base = {
    source: 'ebay-orders' as const,
    type: 'SALE' as const,
    eventId: orderNumber,
    taxPointDate: date,
    completeDate: date,
    marketplace: 'eBay',
    salesChannel: null,
    departureCountry: itemDeparture ?? context.departure,
    arrivalCountry: arrival,
    taxableJurisdiction: null,
    currency: currency as string,
    vatRate,
    buyerVatNumber: buyerVatNumberOf(orderSources, columns.buyerTaxId, itemDeparture ?? context.departure),
    sellerVatNumber: null,
    isExport: false,
    taxReportingScheme: null,
    taxCollectionResponsibility: isCollectedByEbay ? ('MARKETPLACE' as const) : null,
  };
  lines.forEach((line, index) => {
    // The seller's tax comes on top of the price, as the Total Price adds it; eBay's is the buyer's, on top as well.
    const sellerShare = grossShares[index] as Money;
    const vat = isCollectedByEbay ? (ebayTaxShares[index] as Money) : (sellerTaxShares[index] as Money);
    const gross = isCollectedByEbay ? sellerShare.plus(vat) : sellerShare;
    output.transactions.push({
      ...base,
      lineNumber: line.row.lineNumber,
      activityId: line.transactionId || String(index + 1),
      netAmount: formatMoneyFixed2(subtractMoney(gross, vat)),
      vatAmount: formatMoneyFixed2(vat),
      grossAmount: formatMoneyFixed2(gross),
      quantity: line.quantity as number,
      sku: line.sku === '' ? null : line.sku,
    } satisfies NormalizedTransaction);
  });
}

/**
 * The first country named in `indexes` on the rows, as a code. A name that is no country is a problem; an empty cell
 * is one only where the country is required (undefined), otherwise null.
 */
function readCountryOf(
  rows: readonly SheetRow[],
  indexes: readonly number[],
  problem: ProblemRecorder,
  isRequired: boolean,
): string | null | undefined {
  for (const index of indexes) {
    for (const row of rows) {
      const text = cellAt(row, index);
      if (text === '') continue;
      const code = readCountryName(text);
      if (code === undefined) problem(row, index, 'unknown-country', `${quoteCell(text)} is not a country.`);
      return code;
    }
  }
  if (!isRequired) return null;
  const row = rows[0] as SheetRow;
  problem(
    row,
    indexes[0] as number,
    'unknown-country',
    'Ship To Country is empty: where the goods went decides their VAT.',
  );
  return undefined;
}

/**
 * The buyer's VAT number, where the buyer's tax identifier is the VAT number of a member state other than the one the
 * goods leave: a business buyer, so the sale is an intra-Community supply (zero-rated, on the EC Sales List; Art. 138)
 * rather than a distance sale. Only a number with its country's prefix, shape and check digits counts
 * (`checkVatNumber`); any other identifier (a personal tax code, say) is dropped, never stored.
 */
function buyerVatNumberOf(rows: readonly SheetRow[], index: number, departure: string | null): string | null {
  const text = rows.map((row) => cellAt(row, index)).find((value) => value !== '');
  if (text === undefined) return null;
  const prefix = text
    .replace(/[^A-Za-z]/g, '')
    .slice(0, 2)
    .toUpperCase();
  const country = prefix === 'EL' ? 'GR' : prefix;
  if (!isEuCountry(country) || country === departure) return null;
  const check = checkVatNumber(text, country);
  return check.isValid ? check.normalized : null;
}

/** eBay's rate for the tax it collected (`20%`, `0.2`), or null where it gives none that reads as a rate. */
function readEbayTaxRate(rows: readonly SheetRow[], index: number): string | null {
  for (const row of rows) {
    const text = cellAt(row, index);
    if (text !== '') return readVatRate(text, 'auto') ?? null;
  }
  return null;
}

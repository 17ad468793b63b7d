import { formatMoneyFixed2, type Money, money, type NormalizedTransaction, subtractMoney, ZERO } from '@vatlas/domain';
import { readCountryName, readMarketplaceAmount, readMonthFirstDate } from './cell-values';
import { refundAmounts } from './order-amounts';
import { FileFormatError } from './parse-types';
import {
  cellAt,
  normalizeHeaderName,
  quoteCell,
  type RowOutput,
  recordProblems,
  requireColumns,
  type SheetMapper,
  type SheetRow,
  type SheetTable,
} from './sheet';

/**
 * Etsy's sold-orders file (Shop Manager › Settings › Options › Download Data › Orders: EtsySoldOrders, research §3b),
 * by its column names: one row per order, dates month first (`03/15/24`), the destination as a country name, amounts
 * in the order's Currency. Each order becomes one SALE of its Order Total; where the Adjusted Order Total is lower,
 * the difference becomes a REFUND with the order's share of tax, dated like Shopify's with the sale (the file does not
 * say when the refund happened). A cancelled order refunded in full nets to nothing that way.
 *
 * What the VAT is: Etsy collects the tax on the orders where it is the deemed supplier (imports of at most €150 or
 * £135, sales into Norway or Switzerland, and the US states' sales tax) and puts it in Sales Tax (newer files: VAT Paid
 * by Buyer); then the order is the marketplace's (`MARKETPLACE`) and the seller owes nothing on it. Without it the
 * price includes the seller's VAT, which the file does not state: a zero rate, so the engine takes the VAT out of the
 * price at the taxing country's standard rate (decision 039).
 *
 * The file does not say where the goods left from: the company's establishment country. An in-person sale (Order
 * Type "In Person") without a Ship Country was sold where the seller is. Names, addresses and buyer ids are never read.
 */

const REQUIRED_COLUMNS = ['Sale Date', 'Order ID', 'Ship Country', 'Currency', 'Order Total'] as const;
const CURRENCY = /^[A-Z]{3}$/;
const IN_PERSON = /in[\s_-]?person/i;

type Columns = {
  saleDate: number;
  orderId: number;
  shipCountry: number;
  currency: number;
  orderTotal: number;
  adjustedOrderTotal: number;
  salesTax: number;
  vatPaidByBuyer: number;
  numberOfItems: number;
  sku: number;
  orderType: number;
};

export function createEtsyOrdersMapper(table: SheetTable, departure: string | null): SheetMapper {
  refuseOrderItemsFile(table.header);
  const find = requireColumns(table.header, REQUIRED_COLUMNS, {
    fileName: 'Etsy sold-orders file',
    notThisFormat:
      'This is not an Etsy sold-orders file (EtsySoldOrders): none of its columns (Sale Date, Order ID, Ship Country, ' +
      'Order Total…) is in the header.',
  });
  const columns: Columns = {
    saleDate: find('Sale Date'),
    orderId: find('Order ID'),
    shipCountry: find('Ship Country'),
    currency: find('Currency'),
    orderTotal: find('Order Total'),
    adjustedOrderTotal: find('Adjusted Order Total'),
    salesTax: find('Sales Tax'),
    vatPaidByBuyer: find('VAT Paid by Buyer'),
    numberOfItems: find('Number of Items'),
    sku: find('SKU'),
    orderType: find('Order Type'),
  };
  return {
    columns: Object.values(columns),
    mapRow: (row, output) => mapOrder(row, columns, table.header, departure, output),
    finish: () => undefined,
  };
}

/**
 * Etsy's download offers the orders and their items as two files; the items file (EtsySoldOrderItems: Item Name,
 * Listing ID, no Ship Country or Order Total) is the one a seller picks by mistake. Said as such, rather than as two
 * missing columns.
 */
function refuseOrderItemsFile(header: readonly string[]): void {
  const names = new Set(header.map(normalizeHeaderName));
  if (names.has('ITEM NAME') && names.has('LISTING ID') && !names.has('ORDER TOTAL')) {
    throw new FileFormatError(
      'unknown-format',
      "This is Etsy's order items file (EtsySoldOrderItems): upload the orders file (EtsySoldOrders) of the same " +
        'download instead, which has each order with its Ship Country and Order Total.',
    );
  }
}

function mapOrder(
  row: SheetRow,
  columns: Columns,
  header: readonly string[],
  departure: string | null,
  output: RowOutput,
): void {
  const { problems, problem } = recordProblems(header);
  const cell = (index: number) => cellAt(row, index);
  const orderId = cell(columns.orderId);
  if (orderId === '') {
    problem(row, columns.orderId, 'missing-id', 'Order ID is empty.');
    output.problems.push(...problems);
    return;
  }
  const dateText = cell(columns.saleDate);
  const date = readMonthFirstDate(dateText);
  if (date === undefined) {
    problem(
      row,
      columns.saleDate,
      dateText === '' ? 'missing-date' : 'bad-date',
      dateText === '' ? 'Sale Date is empty.' : `Sale Date ${quoteCell(dateText)} is not a date (expected 03/15/24).`,
    );
  }
  const currency = cell(columns.currency).toUpperCase();
  if (!CURRENCY.test(currency)) {
    problem(row, columns.currency, 'bad-currency', `${quoteCell(currency)} is not an ISO 4217 currency code.`);
  }
  const readAmount = (index: number, name: string, isOptional: boolean): Money | undefined => {
    const text = cell(index);
    if (text === '') {
      if (!isOptional) problem(row, index, 'missing-amount', `${name} is empty.`);
      return undefined;
    }
    const read = readMarketplaceAmount(text);
    if (read === undefined) {
      problem(row, index, 'bad-amount', `${name} ${quoteCell(text)} is not an amount (expected e.g. 12.50).`);
    } else if (read.currency !== null && CURRENCY.test(currency) && read.currency !== currency) {
      problem(row, index, 'bad-currency', `${name} is in ${read.currency}, the order in ${currency}.`);
    }
    return read === undefined ? undefined : money(read.amount);
  };
  const total = readAmount(columns.orderTotal, 'Order Total', false);
  // Optional, and undefined where the file has no such column or the cell is empty.
  const adjusted = readAmount(columns.adjustedOrderTotal, 'Adjusted Order Total', true);
  const salesTax = readAmount(columns.salesTax, 'Sales Tax', true);
  const vatPaid = readAmount(columns.vatPaidByBuyer, 'VAT Paid by Buyer', true);

  let arrival: string | null = null;
  const countryText = cell(columns.shipCountry);
  if (countryText !== '') {
    const code = readCountryName(countryText);
    if (code === undefined)
      problem(row, columns.shipCountry, 'unknown-country', `${quoteCell(countryText)} is not a country.`);
    else arrival = code;
  } else if (IN_PERSON.test(cell(columns.orderType))) {
    arrival = departure;
  } else {
    problem(
      row,
      columns.shipCountry,
      'unknown-country',
      'Ship Country is empty: where the goods went decides their VAT.',
    );
  }
  const itemsText = cell(columns.numberOfItems);
  const quantity = itemsText === '' ? 1 : /^\d{1,9}$/.test(itemsText) ? Number.parseInt(itemsText, 10) : undefined;
  if (quantity === undefined) {
    problem(
      row,
      columns.numberOfItems,
      'bad-quantity',
      `Number of Items ${quoteCell(itemsText)} is not a whole number.`,
    );
  }
  if (problems.length > 0 || date === undefined || total === undefined || quantity === undefined) {
    output.problems.push(...problems);
    return;
  }

  // Etsy's tax, where it collected some: Sales Tax, or VAT Paid by Buyer in files that split VAT out.
  const etsyTax = salesTax?.gt(0) ? salesTax : vatPaid?.gt(0) ? vatPaid : ZERO;
  const isCollectedByEtsy = etsyTax.gt(0);
  const base = {
    source: 'etsy-orders' as const,
    eventId: orderId,
    lineNumber: row.lineNumber,
    taxPointDate: date,
    completeDate: date,
    marketplace: 'Etsy',
    salesChannel: null,
    departureCountry: departure,
    arrivalCountry: arrival,
    taxableJurisdiction: null,
    currency,
    vatRate: isCollectedByEtsy ? null : '0',
    buyerVatNumber: null,
    sellerVatNumber: null,
    isExport: false,
    taxReportingScheme: null,
    taxCollectionResponsibility: isCollectedByEtsy ? ('MARKETPLACE' as const) : null,
  };
  const sku = cell(columns.sku);
  output.transactions.push({
    ...base,
    type: 'SALE',
    activityId: 'sale',
    netAmount: formatMoneyFixed2(subtractMoney(total, etsyTax)),
    vatAmount: formatMoneyFixed2(etsyTax),
    grossAmount: formatMoneyFixed2(total),
    quantity,
    sku: sku === '' ? null : sku,
  } satisfies NormalizedTransaction);

  const refunded = adjusted === undefined ? ZERO : subtractMoney(total, adjusted);
  if (refunded.gt(0)) {
    output.transactions.push({
      ...base,
      ...refundAmounts(refunded, etsyTax, total),
      type: 'REFUND',
      activityId: 'refund',
      quantity: 0,
      sku: null,
    });
  }
}

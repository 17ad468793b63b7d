import { formatMoneyFixed2, type Money, money, type NormalizedTransaction, subtractMoney } from '@vatlas/domain';
import { readCountryCode, readDateInLayout, readPlainAmount, readVatRate } from './cell-values';
import { allocateByWeights, refundAmounts } from './order-amounts';
import {
  cellAt,
  quoteCell,
  type RowOutput,
  recordProblems,
  requireColumns,
  type SheetMapper,
  type SheetRow,
  type SheetTable,
} from './sheet';

/**
 * Shopify's orders export (research §3b): one row per line item, the order's own fields (date, currency, totals,
 * taxes, countries) on its first row only. Each line item becomes a SALE; the order's total and taxes are shared out
 * over its lines in proportion to their amounts (price × quantity − line discount), cent by cent with the largest
 * remainders, so the lines add up exactly to the order's Total and Taxes, shipping included. A `Refunded Amount`
 * becomes one REFUND of the order with the order's tax share, dated like Amazon's refunds with the sale's date (the
 * export does not say when the refund happened). A cancelled order is left out unless it refunded money: then its
 * sale and refund count, which leaves what the seller kept. Names, addresses, e-mail and phone columns are never read.
 */

const REQUIRED_COLUMNS = [
  'Name',
  'Created at',
  'Currency',
  'Total',
  'Taxes',
  'Lineitem quantity',
  'Lineitem price',
  'Shipping Country',
] as const;

/** More line items than any real order has: the rows are not grouped by order. */
const MAX_ORDER_LINES = 10_000;
const TAX_SLOTS = [1, 2, 3, 4, 5] as const;
const CURRENCY = /^[A-Z]{3}$/;
const PERCENT_IN_NAME = /(\d{1,2}(?:[.,]\d+)?)\s*%/;

type Columns = {
  name: number;
  createdAt: number;
  currency: number;
  total: number;
  taxes: number;
  quantity: number;
  price: number;
  discount: number;
  sku: number;
  shippingCountry: number;
  billingCountry: number;
  cancelledAt: number;
  refunded: number;
  taxNames: number[];
  taxValues: number[];
};

type Order = { name: string; rows: SheetRow[] };

export function createShopifyOrdersMapper(table: SheetTable, departure: string | null): SheetMapper {
  const find = requireColumns(table.header, REQUIRED_COLUMNS, {
    fileName: 'Shopify orders export',
    notThisFormat:
      'This is not a Shopify orders export: none of its columns (Name, Created at, Total, Lineitem price…) is in the header.',
  });
  const columns: Columns = {
    name: find('Name'),
    createdAt: find('Created at'),
    currency: find('Currency'),
    total: find('Total'),
    taxes: find('Taxes'),
    quantity: find('Lineitem quantity'),
    price: find('Lineitem price'),
    discount: find('Lineitem discount'),
    sku: find('Lineitem sku'),
    shippingCountry: find('Shipping Country'),
    billingCountry: find('Billing Country'),
    cancelledAt: find('Cancelled at'),
    refunded: find('Refunded Amount'),
    taxNames: TAX_SLOTS.map((slot) => find(`Tax ${slot} Name`)),
    taxValues: TAX_SLOTS.map((slot) => find(`Tax ${slot} Value`)),
  };
  const context = { columns, header: table.header, departure, serialDateSystem: table.serialDateSystem };
  let order: Order | undefined;
  return {
    columns: Object.values(columns).flat(),
    mapRow(row, output) {
      const name = cellAt(row, columns.name);
      if (order !== undefined && name === order.name && order.rows.length < MAX_ORDER_LINES) {
        order.rows.push(row);
        return;
      }
      if (order !== undefined) mapOrder(order, context, output);
      order = { name, rows: [row] };
    },
    finish(output) {
      if (order !== undefined) mapOrder(order, context, output);
      order = undefined;
    },
  };
}

type Context = {
  columns: Columns;
  header: readonly string[];
  departure: string | null;
  serialDateSystem: 1900 | 1904 | null;
};

function mapOrder(order: Order, context: Context, output: RowOutput): void {
  const { columns, header } = context;
  const first = order.rows[0] as SheetRow;
  const { problems, problem } = recordProblems(header);
  const cell = (index: number) => cellAt(first, index);

  if (order.name === '') {
    problem(first, columns.name, 'missing-id', 'Name (the order number) is empty.');
    output.problems.push(...problems);
    return;
  }
  // A cancelled order that refunded nothing sold nothing: it is left out, and is no problem of the file. One that
  // refunded money is read as any order, so its sale and refund leave what the seller kept.
  if (cell(columns.cancelledAt) !== '' && !hasRefund(cell(columns.refunded))) return;
  const createdText = cell(columns.createdAt);
  if (createdText === '') {
    problem(
      first,
      columns.createdAt,
      'order-split',
      `Order ${quoteCell(order.name)} continues here without its first row: the rows of an order must be together.`,
    );
    output.problems.push(...problems);
    return;
  }
  const date = readDateInLayout(createdText, 'YYYY-MM-DD', context.serialDateSystem);
  if (date === undefined) {
    problem(
      first,
      columns.createdAt,
      'bad-date',
      `${quoteCell(createdText)} is not a date (expected 2024-03-31 10:00:00 +0100).`,
    );
  }
  const currencyText = cell(columns.currency).toUpperCase();
  if (!CURRENCY.test(currencyText)) {
    problem(first, columns.currency, 'bad-currency', `${quoteCell(currencyText)} is not an ISO 4217 currency code.`);
  }
  const readOrderAmount = (index: number, isOptional: boolean): string | undefined => {
    const text = cell(index);
    if (text === '' && isOptional) return '0';
    const amount = readPlainAmount(text);
    if (amount === undefined)
      problem(first, index, 'bad-amount', `${quoteCell(text)} is not an amount (expected 1234.56).`);
    return amount;
  };
  const total = readOrderAmount(columns.total, false);
  const taxes = readOrderAmount(columns.taxes, true);
  const refunded = columns.refunded === -1 ? '0' : readOrderAmount(columns.refunded, true);

  let arrival: string | null = null;
  const countryText = cell(columns.shippingCountry) || cell(columns.billingCountry);
  if (countryText !== '') {
    const code = readCountryCode(countryText);
    if (code === undefined) {
      problem(
        first,
        columns.shippingCountry,
        'unknown-country',
        `${quoteCell(countryText)} is not an ISO country code.`,
      );
    } else arrival = code;
  }

  const lines = order.rows.map((row) => {
    const quantityText = cellAt(row, columns.quantity);
    const quantity = /^\d{1,9}$/.test(quantityText) ? Number.parseInt(quantityText, 10) : undefined;
    if (quantity === undefined) {
      problem(
        row,
        columns.quantity,
        'bad-quantity',
        `Lineitem quantity ${quoteCell(quantityText)} is not a whole number.`,
      );
    }
    const priceText = cellAt(row, columns.price);
    const price = readPlainAmount(priceText);
    if (price === undefined) {
      problem(row, columns.price, 'bad-amount', `Lineitem price ${quoteCell(priceText)} is not an amount.`);
    }
    const discountText = cellAt(row, columns.discount);
    const discount = discountText === '' ? '0' : readPlainAmount(discountText);
    if (discount === undefined) {
      problem(row, columns.discount, 'bad-amount', `Lineitem discount ${quoteCell(discountText)} is not an amount.`);
    }
    return { row, quantity, price, discount, sku: cellAt(row, columns.sku) };
  });

  if (
    problems.length > 0 ||
    date === undefined ||
    total === undefined ||
    taxes === undefined ||
    refunded === undefined
  ) {
    output.problems.push(...problems);
    return;
  }
  if (order.rows.length >= MAX_ORDER_LINES) {
    problem(
      first,
      columns.name,
      'order-too-large',
      `Order ${quoteCell(order.name)} has more than ${MAX_ORDER_LINES} rows.`,
    );
  }

  // An order without taxes charged none: a zero rate, which the tax engine reads as no VAT charged (decision 039).
  const vatRate = money(taxes).eq(0) ? '0' : readRateFromTaxNames(first, columns);
  const weights = lines.map(({ quantity, price, discount }) =>
    subtractMoney(money(price as string).times(quantity as number), money(discount as string)),
  );
  const grossShares = allocateByWeights(money(total), weights);
  const vatShares = allocateByWeights(money(taxes), weights);
  const base = {
    source: 'shopify-orders' as const,
    eventId: order.name,
    taxPointDate: date,
    completeDate: date,
    marketplace: null,
    salesChannel: null,
    departureCountry: context.departure,
    arrivalCountry: arrival,
    taxableJurisdiction: null,
    currency: currencyText,
    vatRate,
    buyerVatNumber: null,
    sellerVatNumber: null,
    isExport: false,
    taxReportingScheme: null,
    taxCollectionResponsibility: null,
  };
  lines.forEach((line, index) => {
    const gross = grossShares[index] as Money;
    const vat = vatShares[index] as Money;
    output.transactions.push({
      ...base,
      lineNumber: line.row.lineNumber,
      type: 'SALE',
      activityId: String(index + 1),
      netAmount: formatMoneyFixed2(subtractMoney(gross, vat)),
      vatAmount: formatMoneyFixed2(vat),
      grossAmount: formatMoneyFixed2(gross),
      quantity: line.quantity as number,
      sku: line.sku === '' ? null : line.sku,
    } satisfies NormalizedTransaction);
  });

  const refundedAmount = money(refunded);
  if (refundedAmount.gt(0)) {
    output.transactions.push({
      ...base,
      ...refundAmounts(refundedAmount, money(taxes), money(total)),
      lineNumber: first.lineNumber,
      type: 'REFUND',
      activityId: 'refund',
      quantity: 0,
      sku: null,
    });
  }
  output.problems.push(...problems);
}

function hasRefund(refundedText: string): boolean {
  const refunded = readPlainAmount(refundedText);
  return refunded !== undefined && money(refunded).gt(0);
}

/** The rate when every tax line that has a value names the same percentage ("DE MwSt 19%"); null otherwise. */
function readRateFromTaxNames(row: SheetRow, columns: Columns): string | null {
  const rates = new Set<string>();
  columns.taxNames.forEach((nameIndex, slot) => {
    const value = cellAt(row, columns.taxValues[slot] ?? -1);
    if (value === '' || /^-?[0.]+$/.test(value)) return;
    const match = PERCENT_IN_NAME.exec(cellAt(row, nameIndex));
    rates.add(match ? (readVatRate(`${(match[1] as string).replace(',', '.')}%`, 'percent') ?? '?') : '?');
  });
  const [rate] = rates;
  return rates.size === 1 && rate !== '?' && rate !== undefined ? rate : null;
}

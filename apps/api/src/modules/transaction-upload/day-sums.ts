import {
  exactCentsOf,
  formatCentsFixed2,
  formatMoneyFixed2,
  type Money,
  money,
  type NormalizedTransaction,
  roundToCentsHalfUp,
  TRANSACTION_TREATMENTS,
} from '@vatlas/domain';
import { copyFreeText, copyNormalised } from './copy-text';

/**
 * An upload's day sums (table `transaction_day_sums`), added up while its rows are encoded: the tax position's
 * recompute then reads these instead of summing the rows again (measured at 1M rows: the rows' aggregate took 1.8 s on
 * PostgreSQL and 2.7 s on PGlite). They hold only when every encoded row was stored; when the load skipped rows
 * already stored, the import sums the stored rows instead (`replaceDaySumsFromRows`).
 */

/** Column order of the COPY into `transaction_day_sums`: the grouping columns, then the sums. */
export const DAY_SUM_COLUMNS = [
  'upload_id',
  'company_id',
  'treatment',
  'tax_point_date',
  'departure_country',
  'arrival_country',
  'taxable_jurisdiction',
  'currency',
  'vat_rate',
  'buyer_vat_number',
  'channel',
  'net_amount',
  'vat_amount',
  'gross_amount',
  'computed_vat_amount',
  'transaction_count',
] as const;

/**
 * Where a row was sold, as the analytics break the rows down (column `channel`): the marketplace, or the sales channel
 * where the row names none.
 */
export const channelOf = (tx: Pick<NormalizedTransaction, 'marketplace' | 'salesChannel'>): string | null =>
  tx.marketplace ?? tx.salesChannel;

/** `channelOf` of a `transactions` row, in SQL: the day sums summed from stored rows (`replaceDaySumsFromRows`). */
const CHANNEL_OF_ROW = 'coalesce(marketplace, sales_channel)';

/**
 * The day sums' grouping columns (DAY_SUM_COLUMNS before the sums) as expressions over a `transactions` row: each is
 * the row's column of that name but the channel.
 */
export const DAY_SUM_GROUPING_OF_ROW: readonly string[] = DAY_SUM_COLUMNS.slice(
  0,
  DAY_SUM_COLUMNS.indexOf('net_amount'),
).map((column) => (column === 'channel' ? CHANNEL_OF_ROW : column));

/** The sums a day sum carries, in COPY order after its key: net, VAT, gross, computed VAT (cents), then the count. */
const FIELDS = 5;
const COUNT = 4;

/** The COPY text of a row's grouping columns (DAY_SUM_COLUMNS from `treatment` to `channel`). */
function copyTextKey(tx: NormalizedTransaction, treatment: string): string {
  return (
    `${treatment}\t${tx.taxPointDate}\t${copyNormalised(tx.departureCountry)}\t${copyNormalised(tx.arrivalCountry)}\t` +
    `${copyNormalised(tx.taxableJurisdiction)}\t${copyNormalised(tx.currency)}\t${copyNormalised(tx.vatRate)}\t` +
    `${copyFreeText(tx.buyerVatNumber)}\t${copyFreeText(channelOf(tx))}`
  );
}

/**
 * A copy of `text` that holds on to nothing else. The parsers' cells are slices of the text chunk they were read from,
 * and a key joined from them would keep every such chunk of the file alive for as long as the map holds the key
 * (measured: a 60,000-row file filled the worker's heap, then 96 MB).
 */
function detached(text: string): string {
  return Buffer.from(text, 'utf8').toString('utf8');
}

/**
 * The field of a grain as one UTF-16 code unit of a packed key: 0 for null, 1 + its value in base 26 for `length`
 * capital letters (a country or currency code), or -1 for anything else.
 */
function letterCode(code: string | null, length: 2 | 3): number {
  if (code === null) return 0;
  if (code.length !== length) return -1;
  let value = 0;
  for (let index = 0; index < length; index += 1) {
    const letter = code.charCodeAt(index) - 65;
    if (letter < 0 || letter > 25) return -1;
    value = value * 26 + letter;
  }
  return value + 1;
}

/** A digit's value, or NaN. */
const digitAt = (text: string, index: number): number => {
  const digit = text.charCodeAt(index) - 48;
  return digit >= 0 && digit <= 9 ? digit : Number.NaN;
};

/** An ISO date `YYYY-MM-DD` as the number YYYYMMDD, or -1 for anything else. */
function dateNumber(date: string): number {
  if (date.length !== 10 || date.charCodeAt(4) !== 45 || date.charCodeAt(7) !== 45) return -1;
  const year = digitAt(date, 0) * 1000 + digitAt(date, 1) * 100 + digitAt(date, 2) * 10 + digitAt(date, 3);
  const monthDay = (digitAt(date, 5) * 10 + digitAt(date, 6)) * 100 + digitAt(date, 8) * 10 + digitAt(date, 9);
  const value = year * 10_000 + monthDay;
  return Number.isNaN(value) ? -1 : value;
}

/** Treatments by their code unit in a packed key (1 and up). */
const TREATMENT_CODES = new Map<string, number>(
  TRANSACTION_TREATMENTS.map((treatment, index) => [treatment, index + 1]),
);
/**
 * Rates spelled differently, and channels, that a packed key tells apart at most (the rest take the text key): every
 * code unit of a packed key stays below the surrogates (0xd800), so a key survives its copy into UTF-8 and back
 * (`detached`).
 */
const MAX_SPELLING_CODES = 50_000;

/** Codes for the spellings of one field met since the last `clear`: 0 for null, else 1 + the spelling's number. */
class SpellingCodes {
  private readonly codes = new Map<string, number>();

  /** The spelling's code; -1 once MAX_SPELLING_CODES spellings have codes. */
  codeOf(spelling: string | null): number {
    if (spelling === null) return 0;
    const known = this.codes.get(spelling);
    if (known !== undefined) return known;
    if (this.codes.size >= MAX_SPELLING_CODES) return -1;
    const code = this.codes.size + 1;
    // A spelling is a slice of the parser's text chunk: the map keeps a copy of its own.
    this.codes.set(detached(spelling), code);
    return code;
  }

  clear(): void {
    this.codes.clear();
  }
}

/**
 * The day sums of one upload's rows, one per grain: the grouping columns, which as COPY text start the sum's line.
 * Two spellings of one rate (`0.19`, `0.190`) make two sums; readers group by value, so they add up there.
 *
 * A row finds its sum by a packed key: its treatment, date (two), countries, currency, rate and channel as one code
 * unit each, then the buyer's VAT number as it is. Keyed by their COPY text, which joined eight fields per row (the
 * channel was not one yet), the sums took 1.7 s of the encoder's 8.7-8.8 s on the 1M-row report; packed, 1.2 s (8.3 s,
 * three runs each). A row whose codes do not fit (a country not of two capital letters, say) is keyed by its COPY
 * text behind a NUL, which no packed key starts with (its first code unit is the treatment's, 1 and up). The COPY text
 * is built once per sum.
 *
 * Each amount is added as a two-decimal column stores it: rounded half-up (away from zero, as PostgreSQL rounds a
 * numeric(…, 2) on input) to cents. Whole cents are added as integers while they stay below 2^53, which a double holds
 * exactly, in one flat array for all sums (a million rows make some hundred thousand sums: no object per sum); an
 * amount of more decimals, or a sum beyond that, goes to big.js. Never binary fractions.
 *
 * The encoder writes the sums out and clears them whenever they grow past its bound, and at the end of the file
 * (decision 025): one grain may then be stored as more than one line, which every reader adds up, as it adds up the
 * lines of an upload's two spellings of a rate and the lines of different uploads.
 */
export class UploadDaySums {
  private readonly indexes = new Map<string, number>();
  /** The COPY text of each sum's grouping columns, by index. */
  private readonly keyTexts: string[] = [];
  private keyCharCount = 0;
  private readonly rateCodes = new SpellingCodes();
  private readonly channelCodes = new SpellingCodes();
  private values = new Float64Array(FIELDS * 1024);
  /** The big.js part of a sum's field, by `index * FIELDS + field`, for the rare amounts that are not whole cents. */
  private readonly beyond = new Map<number, Money>();

  /** Adds a row with the treatment and computed VAT it was stored with. */
  add(tx: NormalizedTransaction, treatment: string, computedVatAmount: string): void {
    const packed = this.packedKey(tx, treatment);
    const key = packed ?? `\u0000${copyTextKey(tx, treatment)}`;
    let index = this.indexes.get(key);
    if (index === undefined) {
      index = this.indexes.size;
      // A key holds the buyer's VAT number, a slice of the parser's text chunk: the map keeps a copy of its own.
      this.indexes.set(detached(key), index);
      // A fallback key is the COPY text already, behind its NUL.
      const text = detached(packed === undefined ? key.slice(1) : copyTextKey(tx, treatment));
      this.keyTexts.push(text);
      this.keyCharCount += text.length;
      if ((index + 1) * FIELDS > this.values.length) {
        const grown = new Float64Array(this.values.length * 2);
        grown.set(this.values);
        this.values = grown;
      }
    }
    const at = index * FIELDS;
    this.addAmount(at, tx.netAmount);
    this.addAmount(at + 1, tx.vatAmount);
    this.addAmount(at + 2, tx.grossAmount);
    this.addAmount(at + 3, computedVatAmount);
    this.values[at + COUNT] = (this.values[at + COUNT] as number) + 1;
  }

  /** The row's packed key (above), or undefined when one of its fields does not fit in a code unit. */
  private packedKey(tx: NormalizedTransaction, treatment: string): string | undefined {
    const treatmentCode = TREATMENT_CODES.get(treatment);
    const date = dateNumber(tx.taxPointDate);
    const departure = letterCode(tx.departureCountry, 2);
    const arrival = letterCode(tx.arrivalCountry, 2);
    const jurisdiction = letterCode(tx.taxableJurisdiction, 2);
    const currency = letterCode(tx.currency, 3);
    if (treatmentCode === undefined || date === -1 || departure < 0 || arrival < 0) return undefined;
    if (jurisdiction < 0 || currency < 0) return undefined;
    // Last: a rate and a channel are given codes only for a row the packed key takes.
    const rate = this.rateCodes.codeOf(tx.vatRate);
    if (rate < 0) return undefined;
    const channel = this.channelCodes.codeOf(channelOf(tx));
    if (channel < 0) return undefined;
    // The date as two code units, its year and its month and day.
    const codes = String.fromCharCode(
      treatmentCode,
      Math.floor(date / 10_000),
      date % 10_000,
      departure,
      arrival,
      jurisdiction,
      currency,
      rate,
      channel,
    );
    return tx.buyerVatNumber === null ? codes : `${codes}${tx.buyerVatNumber}`;
  }

  private addAmount(at: number, amount: string): void {
    const cents = exactCentsOf(amount);
    const next = cents === undefined ? Number.NaN : (this.values[at] as number) + cents;
    if (Number.isSafeInteger(next)) {
      this.values[at] = next;
      return;
    }
    const stored = roundToCentsHalfUp(money(amount));
    const sum = this.beyond.get(at);
    this.beyond.set(at, sum === undefined ? stored : sum.plus(stored));
  }

  private sumText(at: number): string {
    const cents = this.values[at] as number;
    const sum = this.beyond.get(at);
    if (sum === undefined) return formatCentsFixed2(cents);
    return formatMoneyFixed2(sum.plus(money(formatCentsFixed2(cents))));
  }

  get size(): number {
    return this.indexes.size;
  }

  /** Characters of all the sums' keys: a key holds free text (the buyer's VAT number), so its length is the file's. */
  get keyChars(): number {
    return this.keyCharCount;
  }

  /** The sums as COPY lines in DAY_SUM_COLUMNS order, one string (ending in a newline) per sum. */
  *copyLines(upload: { id: string; companyId: string }): Generator<string> {
    const prefix = `${upload.id}\t${upload.companyId}\t`;
    for (const [index, key] of this.keyTexts.entries()) {
      const at = index * FIELDS;
      yield `${prefix}${key}\t${this.sumText(at)}\t${this.sumText(at + 1)}\t${this.sumText(at + 2)}\t` +
        `${this.sumText(at + 3)}\t${this.values[at + COUNT]}\n`;
    }
  }

  /** Forgets every sum (once they are written out); the array of amounts is kept for the next ones. */
  clear(): void {
    this.values.fill(0, 0, this.indexes.size * FIELDS);
    this.indexes.clear();
    this.keyTexts.length = 0;
    this.rateCodes.clear();
    this.channelCodes.clear();
    this.beyond.clear();
    this.keyCharCount = 0;
  }
}

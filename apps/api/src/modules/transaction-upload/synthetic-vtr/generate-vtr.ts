/**
 * A synthetic Amazon VAT Transactions Report (research §3a) for tests, the demo seed and the 1,000,000-row import
 * benchmark. Deterministic for a seed (same options, same bytes) and streaming: the file comes out as text chunks of
 * a few hundred rows, so a 450 MB file never sits in memory. Each row is drawn from a scenario (domestic sale, OSS
 * distance sale, B2B supply, export, marketplace-collected sale, refund, return, stock transfer, inbound shipment)
 * and the generator keeps its own expectation of the totals per scenario (`expected-totals.ts`).
 */
import {
  findVatRate,
  formatMoneyFixed2,
  type Money,
  money,
  rateFraction,
  roundToCentsHalfUp,
  subtractMoney,
  vatFromNet,
  ZERO,
} from '@vatlas/domain';
import { createExpectedTotalsAccumulator, type ExpectedScheme, type ExpectedTotals } from './expected-totals';
import { createRandom, type Random } from './random';
import { VTR_COLUMNS_92, type VtrColumn92, type VtrLayout, vtrColumns } from './vtr-columns';

export type SyntheticVtrOptions = {
  /** Data rows, header excluded. */
  rows: number;
  seed: number;
  /** First and last day (ISO, both included); rows are spread evenly over the days, in date order. */
  from: string;
  to: string;
  /** ISO-2 of the seller's establishment (and OSS identification); default DE. */
  sellerCountry?: string;
  /** Countries where the seller's goods are stored (Amazon fulfilment centres); default DE, PL, CZ, FR, IT, ES. */
  stockCountries?: readonly string[];
  /** 95 (default) adds PROGRAM_TYPE, TAX_REPORTING_SCHEME and TAX_COLLECTION_RESPONSIBILITY; the 92-column layout
   * predates marketplace collection, so it has no marketplace-collected rows. */
  layout?: VtrLayout;
  /** Tab (the .txt Amazon serves, default) or comma (CSV, quoted where needed). */
  delimiter?: '\t' | ',';
};

export const DEFAULT_STOCK_COUNTRIES = ['DE', 'PL', 'CZ', 'FR', 'IT', 'ES'] as const;

/** Every line ends with CRLF, as Amazon writes it. */
export const VTR_LINE_ENDING = '\r\n';

const LINES_PER_CHUNK = 500;

// ---- the world the rows are drawn from -------------------------------------------------------------------------

/** Amazon's upper-case English names (research §3a), for the countries this generator uses. */
const JURISDICTION_NAMES: Record<string, string> = {
  AT: 'AUSTRIA',
  BE: 'BELGIUM',
  CZ: 'CZECH REPUBLIC',
  DE: 'GERMANY',
  DK: 'DENMARK',
  ES: 'SPAIN',
  FI: 'FINLAND',
  FR: 'FRANCE',
  GB: 'UNITED KINGDOM',
  IE: 'IRELAND',
  IT: 'ITALY',
  NL: 'NETHERLANDS',
  PL: 'POLAND',
  PT: 'PORTUGAL',
  SE: 'SWEDEN',
};

const EU_ARRIVAL_COUNTRIES = ['DE', 'FR', 'IT', 'ES', 'PL', 'CZ', 'AT', 'BE', 'NL', 'SE', 'IE', 'PT', 'DK', 'FI'];
const NON_EU_EXPORT_COUNTRIES = ['CH', 'NO', 'US'];

type Marketplace = { name: string; currency: string };
const MARKETPLACE_BY_COUNTRY: Record<string, Marketplace> = {
  DE: { name: 'amazon.de', currency: 'EUR' },
  FR: { name: 'amazon.fr', currency: 'EUR' },
  IT: { name: 'amazon.it', currency: 'EUR' },
  ES: { name: 'amazon.es', currency: 'EUR' },
  NL: { name: 'amazon.nl', currency: 'EUR' },
  BE: { name: 'amazon.com.be', currency: 'EUR' },
  PL: { name: 'amazon.pl', currency: 'PLN' },
  SE: { name: 'amazon.se', currency: 'SEK' },
  GB: { name: 'amazon.co.uk', currency: 'GBP' },
};
/** Buyers in countries without their own marketplace order on amazon.de. */
const FALLBACK_MARKETPLACE: Marketplace = { name: 'amazon.de', currency: 'EUR' };

/** Item prices per currency, VAT excluded, in cents: a plausible spread for small consumer goods. */
const ITEM_PRICE_CENTS: Record<string, readonly [number, number]> = {
  EUR: [499, 14_999],
  GBP: [449, 12_999],
  PLN: [1_999, 59_999],
  SEK: [4_900, 149_900],
};
const SHIPPING_CENTS: Record<string, readonly [number, number]> = {
  EUR: [299, 699],
  GBP: [249, 599],
  PLN: [999, 2_499],
  SEK: [2_900, 6_900],
};

type Place = { city: string; postcode: string; street: string };
const FULFILMENT_CENTRES: Record<string, Place> = {
  DE: { city: 'Leipzig', postcode: '04347', street: 'Amazonstraße 1' },
  PL: { city: 'Sady', postcode: '62-080', street: 'ul. Poznańska 1' },
  CZ: { city: 'Dobrovíz', postcode: '25261', street: 'Dobrovíz 1' },
  FR: { city: 'Saran', postcode: '45770', street: '1401 Rue du Champ Rouge' },
  IT: { city: 'Castel San Giovanni', postcode: '29015', street: 'Strada Dogana Po 2U' },
  ES: { city: 'San Fernando de Henares', postcode: '28830', street: 'Avenida de la Astronomía 24' },
  GB: { city: 'Dunfermline', postcode: 'KY11 8ST', street: 'Amazon Way' },
};
const BUYER_PLACES: Record<string, readonly Place[]> = {
  DE: [
    { city: 'Berlin', postcode: '10115', street: 'Hauptstraße' },
    { city: 'München', postcode: '80331', street: 'Schäfflerstraße' },
  ],
  FR: [
    { city: 'Paris', postcode: '75011', street: 'Rue de la Roquette' },
    { city: 'Besançon', postcode: '25000', street: 'Rue Mégevand' },
  ],
  IT: [{ city: 'Milano', postcode: '20121', street: 'Via Brera' }],
  ES: [{ city: 'Málaga', postcode: '29015', street: 'Calle Larios' }],
  PL: [{ city: 'Kraków', postcode: '31-042', street: 'ul. Floriańska' }],
  CZ: [{ city: 'Brno', postcode: '60200', street: 'Náměstí Svobody' }],
  AT: [{ city: 'Wien', postcode: '1010', street: 'Kärntner Straße' }],
  BE: [{ city: 'Liège', postcode: '4000', street: 'Rue Léopold' }],
  NL: [{ city: 'Utrecht', postcode: '3511 LX', street: 'Oudegracht' }],
  SE: [{ city: 'Göteborg', postcode: '411 38', street: 'Kungsgatan' }],
  IE: [{ city: 'Dublin', postcode: 'D02 X285', street: 'Grafton Street' }],
  PT: [{ city: 'Lisboa', postcode: '1100-148', street: 'Rua Augusta' }],
  DK: [{ city: 'Aarhus', postcode: '8000', street: 'Søndergade' }],
  FI: [{ city: 'Tampere', postcode: '33100', street: 'Hämeenkatu' }],
  GB: [{ city: 'Leeds', postcode: 'LS1 4DY', street: 'Briggate' }],
  CH: [{ city: 'Zürich', postcode: '8001', street: 'Bahnhofstrasse' }],
  NO: [{ city: 'Tromsø', postcode: '9008', street: 'Storgata' }],
  US: [{ city: 'Seattle', postcode: '98109', street: 'Terry Ave N' }],
};

const FIRST_NAMES = ['Jürgen', 'Zoë', 'Łukasz', 'Søren', 'Renée', 'María', 'Jiří', 'Åsa', 'Giulia', 'François'];
const LAST_NAMES = ['Müller', 'Nowak', 'Dvořák', 'Lefèvre', 'García', 'Rossi', 'Öberg', 'Schröder', 'Kowalczyk'];

const PRODUCT_NAMES = [
  'Kaffeebecher „Nordlicht“ 350 ml',
  'Thé vert bio – 100 g',
  'Żółta lampka biurkowa LED',
  'Strickmütze aus Merinowolle, grün',
  'Porzellanteller 27 cm (6er-Set)',
  'Bolígrafo de acero inoxidable',
  'Skånsk linneduk 140×240',
  'Cuscino in velluto, blu',
  'Wasserflasche Edelstahl 0,75 l',
  'Puzzle 1000 pièces – Côte d’Azur',
];
const COMMODITY_CODES = ['69120090', '09022000', '94052040', '65050090', '69111000', '96081010', '63025390'];

type Product = {
  sku: string;
  asin: string;
  description: string;
  weightGrams: number;
  commodityCode: string;
  madeIn: string;
  /** The seller's cost price of one unit in euro cents, VAT excluded (COST_PRICE_OF_ITEMS of its movements). */
  unitCostCents: number;
};

/** Unit cost prices span €1.99 to €59.98: below the item prices of `ITEM_PRICE_CENTS`, as a purchase price is. */
const UNIT_COST_CENTS_MIN = 199;
const UNIT_COST_CENTS_SPAN = 5_800;

function createCatalogue(random: Random): readonly Product[] {
  return PRODUCT_NAMES.map((description, index) => {
    // The draws in their original order; the cost comes from what the seed already drew, not from a new draw, so
    // every other cell of a seed's file stays as it was.
    const sku = `NL-${String(1000 + index * 37)}-${random.pick(['BL', 'GR', 'RT', 'SW'])}`;
    const asin = `B0${randomCharacters(random, 8, 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789')}`;
    const weightGrams = random.between(80, 2400);
    return {
      sku,
      asin,
      description,
      weightGrams,
      commodityCode: random.pick(COMMODITY_CODES),
      madeIn: random.pick(['CN', 'DE', 'PL', 'PT', 'IT']),
      unitCostCents: UNIT_COST_CENTS_MIN + ((weightGrams * 53 + index * 211) % UNIT_COST_CENTS_SPAN),
    };
  });
}

/** Digits after the country prefix of a plausible VAT number (format, not checksum). */
const VAT_NUMBER_SHAPES: Record<string, string> = {
  AT: 'U########',
  BE: '0#########',
  CZ: '########',
  DE: '#########',
  DK: '########',
  ES: 'B########',
  FI: '########',
  FR: '###########',
  GB: '#########',
  IE: '#######W',
  IT: '###########',
  NL: '#########B01',
  PL: '##########',
  PT: '#########',
  SE: '##########01',
};

function randomVatNumber(random: Random, country: string): string {
  const shape = VAT_NUMBER_SHAPES[country] ?? '#########';
  return country + shape.replace(/#/g, () => String(random.below(10)));
}

function randomCharacters(random: Random, length: number, alphabet: string): string {
  let text = '';
  for (let index = 0; index < length; index += 1) text += alphabet[random.below(alphabet.length)];
  return text;
}

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const MONTH_ABBREVIATIONS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];

// ---- scenarios ---------------------------------------------------------------------------------------------------

/**
 * What a sale (or the sale a refund reverses) is. Each maps to one bucket of the expectation:
 * domestic → local (VAT of the stock country), distance-oss → oss (VAT of the arrival country), b2b and export →
 * local of the departure country with VAT 0, uk-voec-domestic and deemed-reseller → none (the marketplace collects).
 */
type SaleScenario = 'domestic' | 'distance-oss' | 'b2b' | 'export' | 'uk-voec-domestic' | 'deemed-reseller';
type RowKind = { type: 'SALE' | 'REFUND'; scenario: SaleScenario } | { type: 'RETURN' | 'FC_TRANSFER' | 'INBOUND' };

const SALE_WEIGHTS: readonly (readonly [SaleScenario, number])[] = [
  ['domestic', 45],
  ['distance-oss', 28],
  ['b2b', 9],
  ['export', 5],
  ['uk-voec-domestic', 8],
  ['deemed-reseller', 5],
];
const MARKETPLACE_COLLECTED: ReadonlySet<SaleScenario> = new Set(['uk-voec-domestic', 'deemed-reseller']);

/** Shares of all rows, in percent: most rows are sales; refunds, returns and stock movements as a seller sees them. */
const SALE_SHARE = 76;
const REFUND_SHARE = 7;
const RETURN_SHARE = 3;
const FC_TRANSFER_SHARE = 8;

function pickWeighted<T>(random: Random, weights: readonly (readonly [T, number])[]): T {
  const total = weights.reduce((sum, [, weight]) => sum + weight, 0);
  let roll = random.next() * total;
  for (const [item, weight] of weights) {
    roll -= weight;
    if (roll < 0) return item;
  }
  const last = weights[weights.length - 1];
  if (last === undefined) throw new Error('no weights');
  return last[0];
}

// ---- dates -------------------------------------------------------------------------------------------------------

const DAY_MS = 86_400_000;

/** Day numbers and their texts repeat on every row of a day, so both conversions are looked up once per day. */
const dayNumberCache = new Map<string, number>();
const isoCache = new Map<number, string>();
const vtrDateCache = new Map<string, string>();

function isoDayNumber(iso: string): number {
  let day = dayNumberCache.get(iso);
  if (day === undefined) {
    const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
    if (match === null) throw new Error(`Not an ISO date: ${iso}`);
    day = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) / DAY_MS;
    dayNumberCache.set(iso, day);
  }
  return day;
}

function isoOfDayNumber(day: number): string {
  let iso = isoCache.get(day);
  if (iso === undefined) {
    iso = new Date(day * DAY_MS).toISOString().slice(0, 10);
    isoCache.set(day, iso);
  }
  return iso;
}

/** `DD-MM-YYYY`, the date format of the .txt report. */
function vtrDate(iso: string): string {
  let text = vtrDateCache.get(iso);
  if (text === undefined) {
    text = `${iso.slice(8, 10)}-${iso.slice(5, 7)}-${iso.slice(0, 4)}`;
    vtrDateCache.set(iso, text);
  }
  return text;
}

function activityPeriod(iso: string): string {
  return `${iso.slice(0, 4)}-${MONTH_ABBREVIATIONS[Number(iso.slice(5, 7)) - 1]}`;
}

// ---- amounts -----------------------------------------------------------------------------------------------------

/** Whole cents as a canonical decimal string, by moving the point in the digits (no float division). */
function centsToDecimal(cents: number): string {
  const digits = String(cents).padStart(3, '0');
  return `${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

type Rate = { percent: string; fraction: string };
const ZERO_RATE: Rate = { percent: '0', fraction: '0' };

type Amounts = {
  itemNet: Money;
  itemVat: Money;
  shipNet: Money;
  shipVat: Money;
  totalNet: Money;
  totalVat: Money;
};

/** VAT = net × rate, rounded half-up per row; the shipping VAT is the remainder, so the row's parts add up. */
function computeAmounts(itemNet: Money, shipNet: Money, rate: Rate): Amounts {
  const totalNet = itemNet.plus(shipNet);
  const totalVat = roundToCentsHalfUp(vatFromNet(totalNet, rate.percent));
  const itemVat = roundToCentsHalfUp(vatFromNet(itemNet, rate.percent));
  return { itemNet, itemVat, shipNet, shipVat: subtractMoney(totalVat, itemVat), totalNet, totalVat };
}

// ---- the generator -----------------------------------------------------------------------------------------------

type Row = string[];
/** The 95-layout columns of a row: TAX_REPORTING_SCHEME and TAX_COLLECTION_RESPONSIBILITY. */
type WrittenScheme = { scheme: string; collector: string };
const COLUMN_INDEX = Object.fromEntries(VTR_COLUMNS_92.map((name, index) => [name, index])) as Record<
  VtrColumn92,
  number
>;

/** Quotes a CSV field when it holds the delimiter, a quote or a line break (RFC 4180: quotes doubled). */
export function quoteCsvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/**
 * The report as text chunks: the header line first, then lines of `LINES_PER_CHUNK` rows. The generator's return
 * value (after the last chunk) is the expectation of totals for the rows it produced.
 */
export function* generateVtrChunks(options: SyntheticVtrOptions): Generator<string, ExpectedTotals, undefined> {
  const layout = options.layout ?? 95;
  const delimiter = options.delimiter ?? '\t';
  const sellerCountry = options.sellerCountry ?? 'DE';
  const stockCountries = [...new Set([sellerCountry, ...(options.stockCountries ?? DEFAULT_STOCK_COUNTRIES)])];
  if (!Number.isInteger(options.rows) || options.rows < 0) throw new Error(`rows must be a whole number ≥ 0`);
  const firstDay = isoDayNumber(options.from);
  const dayCount = isoDayNumber(options.to) - firstDay + 1;
  if (dayCount < 1) throw new Error(`to (${options.to}) is before from (${options.from})`);

  const random = createRandom(options.seed);
  const catalogue = createCatalogue(random);
  const accountId = `A${randomCharacters(random, 13, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789')}`;
  const sellerVatNumbers = new Map<string, string>(
    [...stockCountries, 'GB'].map((country) => [country, randomVatNumber(random, country)]),
  );
  const rates = new Map<string, Rate>();
  const expected = createExpectedTotalsAccumulator();

  const standardRate = (country: string, iso: string): Rate => {
    const key = `${country}${iso}`;
    let rate = rates.get(key);
    if (rate === undefined) {
      const found = findVatRate(country, iso, 'standard');
      if (!found.ok) throw new Error(`No standard VAT rate for ${country} on ${iso}: ${found.error.kind}`);
      rate = { percent: found.rate, fraction: rateFraction(found.rate).toFixed() };
      rates.set(key, rate);
    }
    return rate;
  };
  const sellerVatNumber = (country: string) => sellerVatNumbers.get(country) ?? '';

  const pickRowKind = (): RowKind => {
    const roll = random.below(100);
    if (roll < SALE_SHARE + REFUND_SHARE) {
      const sales = layout === 92 ? SALE_WEIGHTS.filter(([s]) => !MARKETPLACE_COLLECTED.has(s)) : SALE_WEIGHTS;
      return { type: roll < SALE_SHARE ? 'SALE' : 'REFUND', scenario: pickWeighted(random, sales) };
    }
    if (roll < SALE_SHARE + REFUND_SHARE + RETURN_SHARE) return { type: 'RETURN' };
    if (roll < SALE_SHARE + REFUND_SHARE + RETURN_SHARE + FC_TRANSFER_SHARE) return { type: 'FC_TRANSFER' };
    return { type: 'INBOUND' };
  };

  const orderId = (index: number, marketplace: string) =>
    `${marketplace === 'amazon.co.uk' ? random.between(202, 206) : random.between(302, 306)}-${String(
      random.below(10_000_000),
    ).padStart(7, '0')}-${String(index).padStart(7, '0')}`;
  const activityId = () => `amzn1:crow:${randomCharacters(random, 22, ID_ALPHABET)}`;

  const buyerPlace = (country: string) => random.pick(BUYER_PLACES[country] ?? BUYER_PLACES.DE ?? []);

  let row: Row = [];
  const set = (column: VtrColumn92, value: string) => {
    row[COLUMN_INDEX[column]] = value;
  };

  /** One data row, in the 92-column order (the 95 layout is spliced from it when written). */
  const buildRow = (index: number, kind: RowKind, iso: string): WrittenScheme & { row: Row } => {
    row = new Array<string>(VTR_COLUMNS_92.length).fill('');
    const product = random.pick(catalogue);
    const quantity = random.chance(0.85) ? 1 : random.between(2, 3);
    set('UNIQUE_ACCOUNT_IDENTIFIER', accountId);
    set('SELLER_SKU', product.sku);
    set('ASIN', product.asin);
    set('ITEM_DESCRIPTION', product.description);
    set('ITEM_MANUFACTURE_COUNTRY', product.madeIn);
    set('QTY', String(quantity));
    set('ITEM_WEIGHT', (product.weightGrams / 1000).toFixed(3));
    set('TOTAL_ACTIVITY_WEIGHT', ((product.weightGrams * quantity) / 1000).toFixed(3));
    set('COMMODITY_CODE', product.commodityCode);
    set('PRODUCT_TAX_CODE', 'A_GEN_STANDARD');
    set('TRANSPORTATION_MODE', 'BY_ROAD');
    set('DELIVERY_CONDITIONS', 'DAP');
    set('EXPORT_OUTSIDE_EU', 'NO');

    const written =
      kind.type === 'SALE' || kind.type === 'REFUND'
        ? buildSale(index, kind, iso, quantity)
        : buildMovement(index, kind.type, iso, product, quantity);
    return { row, ...written };
  };

  const writeLeg = (departure: string, arrival: string, departurePlace: Place, arrivalPlace: Place) => {
    set('DEPATURE_CITY', departurePlace.city);
    set('DEPARTURE_COUNTRY', departure);
    set('DEPARTURE_POST_CODE', departurePlace.postcode);
    set('ARRIVAL_CITY', arrivalPlace.city);
    set('ARRIVAL_COUNTRY', arrival);
    set('ARRIVAL_POST_CODE', arrivalPlace.postcode);
  };

  const writeValueColumns = (amounts: Amounts, rate: Rate) => {
    const itemNet = formatMoneyFixed2(amounts.itemNet);
    const itemVat = formatMoneyFixed2(amounts.itemVat);
    const itemGross = formatMoneyFixed2(amounts.itemNet.plus(amounts.itemVat));
    const shipNet = formatMoneyFixed2(amounts.shipNet);
    const shipVat = formatMoneyFixed2(amounts.shipVat);
    const shipGross = formatMoneyFixed2(amounts.shipNet.plus(amounts.shipVat));
    set('PRICE_OF_ITEMS_AMT_VAT_EXCL', itemNet);
    set('PROMO_PRICE_OF_ITEMS_AMT_VAT_EXCL', '0');
    set('TOTAL_PRICE_OF_ITEMS_AMT_VAT_EXCL', itemNet);
    set('SHIP_CHARGE_AMT_VAT_EXCL', shipNet);
    set('PROMO_SHIP_CHARGE_AMT_VAT_EXCL', '0');
    set('TOTAL_SHIP_CHARGE_AMT_VAT_EXCL', shipNet);
    set('GIFT_WRAP_AMT_VAT_EXCL', '0');
    set('PROMO_GIFT_WRAP_AMT_VAT_EXCL', '0');
    set('TOTAL_GIFT_WRAP_AMT_VAT_EXCL', '0');
    set('TOTAL_ACTIVITY_VALUE_AMT_VAT_EXCL', formatMoneyFixed2(amounts.totalNet));
    set('PRICE_OF_ITEMS_VAT_RATE_PERCENT', rate.fraction);
    set('PRICE_OF_ITEMS_VAT_AMT', itemVat);
    set('PROMO_PRICE_OF_ITEMS_VAT_AMT', '0');
    set('TOTAL_PRICE_OF_ITEMS_VAT_AMT', itemVat);
    set('SHIP_CHARGE_VAT_RATE_PERCENT', rate.fraction);
    set('SHIP_CHARGE_VAT_AMT', shipVat);
    set('PROMO_SHIP_CHARGE_VAT_AMT', '0');
    set('TOTAL_SHIP_CHARGE_VAT_AMT', shipVat);
    set('GIFT_WRAP_VAT_RATE_PERCENT', rate.fraction);
    set('GIFT_WRAP_VAT_AMT', '0');
    set('PROMO_GIFT_WRAP_VAT_AMT', '0');
    set('TOTAL_GIFT_WRAP_VAT_AMT', '0');
    set('TOTAL_ACTIVITY_VALUE_VAT_AMT', formatMoneyFixed2(amounts.totalVat));
    set('PRICE_OF_ITEMS_AMT_VAT_INCL', itemGross);
    set('PROMO_PRICE_OF_ITEMS_AMT_VAT_INCL', '0');
    set('TOTAL_PRICE_OF_ITEMS_AMT_VAT_INCL', itemGross);
    set('SHIP_CHARGE_AMT_VAT_INCL', shipGross);
    set('PROMO_SHIP_CHARGE_AMT_VAT_INCL', '0');
    set('TOTAL_SHIP_CHARGE_AMT_VAT_INCL', shipGross);
    set('GIFT_WRAP_AMT_VAT_INCL', '0');
    set('PROMO_GIFT_WRAP_AMT_VAT_INCL', '0');
    set('TOTAL_GIFT_WRAP_AMT_VAT_INCL', '0');
    set('TOTAL_ACTIVITY_VALUE_AMT_VAT_INCL', formatMoneyFixed2(amounts.totalNet.plus(amounts.totalVat)));
  };

  const buildSale = (
    index: number,
    kind: { type: 'SALE' | 'REFUND'; scenario: SaleScenario },
    iso: string,
    quantity: number,
  ): WrittenScheme => {
    const { scenario } = kind;
    let departure = random.pick(stockCountries);
    let arrival = departure;
    let scheme = 'REGULAR';
    let collector = 'SELLER';
    let buyerVatNumber = '';
    if (scenario === 'distance-oss') {
      arrival = random.pick(EU_ARRIVAL_COUNTRIES.filter((country) => country !== departure));
      scheme = 'UNION-OSS';
    } else if (scenario === 'b2b') {
      arrival = random.pick(EU_ARRIVAL_COUNTRIES.filter((country) => country !== departure));
      buyerVatNumber = randomVatNumber(random, arrival);
    } else if (scenario === 'export') {
      arrival = random.pick(NON_EU_EXPORT_COUNTRIES);
      set('EXPORT_OUTSIDE_EU', 'YES');
    } else if (scenario === 'uk-voec-domestic') {
      departure = 'GB';
      arrival = 'GB';
      scheme = 'UK_VOEC-DOMESTIC';
      collector = 'MARKETPLACE';
    } else if (scenario === 'deemed-reseller') {
      scheme = 'DEEMED_RESELLER';
      collector = 'MARKETPLACE';
    }
    const marketplace =
      scenario === 'export' ? FALLBACK_MARKETPLACE : (MARKETPLACE_BY_COUNTRY[arrival] ?? FALLBACK_MARKETPLACE);
    const isZeroRated = scenario === 'b2b' || scenario === 'export';
    const jurisdiction = scenario === 'distance-oss' ? arrival : departure;

    // A refund reverses a sale of up to 30 days earlier and keeps that sale's tax date (research §3a).
    const taxIso =
      kind.type === 'REFUND' ? isoOfDayNumber(Math.max(firstDay, isoDayNumber(iso) - random.between(1, 30))) : iso;
    const rate = isZeroRated ? ZERO_RATE : standardRate(jurisdiction, taxIso);
    const [minPrice, maxPrice] = ITEM_PRICE_CENTS[marketplace.currency] ?? [499, 14_999];
    const [minShip, maxShip] = SHIPPING_CENTS[marketplace.currency] ?? [299, 699];
    const salesChannel = random.chance(0.8) ? 'AFN' : 'MFN';
    const sign = kind.type === 'REFUND' ? '-' : '';
    const itemNet = money(`${sign}${centsToDecimal(random.between(minPrice, maxPrice) * quantity)}`);
    const shipNet = salesChannel === 'MFN' ? money(`${sign}${centsToDecimal(random.between(minShip, maxShip))}`) : ZERO;
    const amounts = computeAmounts(itemNet, shipNet, rate);

    set('ACTIVITY_PERIOD', activityPeriod(iso));
    set('SALES_CHANNEL', salesChannel);
    set('MARKETPLACE', marketplace.name);
    set('TRANSACTION_TYPE', kind.type);
    set('TRANSACTION_EVENT_ID', orderId(index, marketplace.name));
    set('ACTIVITY_TRANSACTION_ID', activityId());
    set('TAX_CALCULATION_DATE', vtrDate(taxIso));
    if (kind.type === 'SALE') {
      set('TRANSACTION_DEPART_DATE', vtrDate(iso));
      set('TRANSACTION_ARRIVAL_DATE', vtrDate(isoOfDayNumber(isoDayNumber(iso) + random.between(1, 3))));
    }
    set('TRANSACTION_COMPLETE_DATE', vtrDate(iso));
    writeValueColumns(amounts, rate);
    set('TRANSACTION_CURRENCY_CODE', marketplace.currency);

    const buyer = buyerPlace(arrival);
    writeLeg(departure, arrival, fulfilmentCentre(departure), buyer);
    set('SALE_DEPART_COUNTRY', departure);
    set('SALE_ARRIVAL_COUNTRY', arrival);
    set('SELLER_DEPART_VAT_NUMBER_COUNTRY', sellerVatNumber(departure) === '' ? '' : departure);
    set('SELLER_DEPART_COUNTRY_VAT_NUMBER', sellerVatNumber(departure));
    if (arrival !== departure && sellerVatNumbers.has(arrival)) {
      set('SELLER_ARRIVAL_VAT_NUMBER_COUNTRY', arrival);
      set('SELLER_ARRIVAL_COUNTRY_VAT_NUMBER', sellerVatNumber(arrival));
    }
    // OSS sales are invoiced under the number of the member state of identification, everything else under the
    // number of the country the goods leave; the marketplace invoices the sales it collects VAT on.
    const invoicingCountry = scenario === 'distance-oss' ? sellerCountry : departure;
    if (collector === 'SELLER') {
      set('TRANSACTION_SELLER_VAT_NUMBER_COUNTRY', invoicingCountry);
      set('TRANSACTION_SELLER_VAT_NUMBER', sellerVatNumber(invoicingCountry));
    }
    if (buyerVatNumber !== '') {
      set('BUYER_VAT_NUMBER_COUNTRY', arrival);
      set('BUYER_VAT_NUMBER', buyerVatNumber);
    }
    set('VAT_CALCULATION_IMPUTATION_COUNTRY', jurisdiction);
    set('TAXABLE_JURISDICTION', JURISDICTION_NAMES[jurisdiction] ?? '');
    set('TAXABLE_JURISDICTION_LEVEL', 'Country');
    set(
      'BUYER_NAME',
      buyerVatNumber === ''
        ? `${random.pick(FIRST_NAMES)} ${random.pick(LAST_NAMES)}`
        : `${random.pick(LAST_NAMES)} Handel`,
    );
    set('ARRIVAL_ADDRESS', `${buyer.street} ${random.between(1, 120)}, ${buyer.postcode} ${buyer.city}`);

    expected.countRow(kind.type);
    const expectedScheme: ExpectedScheme = MARKETPLACE_COLLECTED.has(scenario)
      ? 'none'
      : scenario === 'distance-oss'
        ? 'oss'
        : 'local';
    expected.addValue(
      {
        taxableJurisdiction: jurisdiction,
        scheme: expectedScheme,
        month: taxIso.slice(0, 7),
        currency: marketplace.currency,
      },
      amounts.totalNet,
      amounts.totalVat,
      amounts.totalNet.plus(amounts.totalVat),
    );
    return { scheme, collector };
  };

  /**
   * A movement of the seller's own goods. Transfers and inbound shipments carry their value as Amazon writes it: the
   * unit cost price in COST_PRICE_OF_ITEMS, the TOTAL_ACTIVITY_VALUE_* and currency columns empty; the import values
   * the row at cost × QTY in euro (`formats/amazon-vtr.ts`). A customer return carries no value (the refund does).
   */
  const buildMovement = (
    index: number,
    type: 'RETURN' | 'FC_TRANSFER' | 'INBOUND',
    iso: string,
    product: Product,
    quantity: number,
  ): WrittenScheme => {
    set('ACTIVITY_PERIOD', activityPeriod(iso));
    set('SALES_CHANNEL', 'AFN');
    set('TRANSACTION_TYPE', type);
    set('TAX_CALCULATION_DATE', vtrDate(iso));
    set('TRANSACTION_DEPART_DATE', vtrDate(iso));
    set('TRANSACTION_ARRIVAL_DATE', vtrDate(isoOfDayNumber(isoDayNumber(iso) + random.between(1, 4))));
    set('TRANSACTION_COMPLETE_DATE', vtrDate(iso));
    if (type === 'RETURN') {
      set('TOTAL_ACTIVITY_VALUE_AMT_VAT_EXCL', '0.00');
      set('TOTAL_ACTIVITY_VALUE_VAT_AMT', '0.00');
      set('TOTAL_ACTIVITY_VALUE_AMT_VAT_INCL', '0.00');
    } else {
      set('COST_PRICE_OF_ITEMS', centsToDecimal(product.unitCostCents));
    }
    const stock = random.pick(stockCountries);
    if (type === 'FC_TRANSFER') {
      const others = stockCountries.filter((country) => country !== stock);
      const arrival = others.length === 0 ? stock : random.pick(others);
      set('MARKETPLACE', 'N/A');
      set('TRANSACTION_EVENT_ID', String(40_000_000_000 + index));
      set('ACTIVITY_TRANSACTION_ID', activityId());
      writeLeg(stock, arrival, fulfilmentCentre(stock), fulfilmentCentre(arrival));
      writeOwnGoodsMove(stock, arrival, iso, product, quantity);
    } else if (type === 'INBOUND') {
      set('MARKETPLACE', 'N/A');
      // Random, not the row's index: an index repeats in every file, and one shipment must not appear in two months.
      const shipment = `FBA15${randomCharacters(random, 7, ID_ALPHABET).toUpperCase()}`;
      set('TRANSACTION_EVENT_ID', shipment);
      set('ACTIVITY_TRANSACTION_ID', `${shipment}U000001`);
      const sellerWarehouse: Place = { city: 'Hamburg', postcode: '20457', street: 'Am Sandtorkai 1' };
      writeLeg(sellerCountry, stock, sellerWarehouse, fulfilmentCentre(stock));
      // Shipped from the seller's own warehouse into another member state, it is a transfer of own goods too.
      writeOwnGoodsMove(sellerCountry, stock, iso, product, quantity);
    } else {
      // A customer return: the sale leg as sold (stock → buyer), the physical leg the other way (research §3a).
      const buyerCountry = random.pick(EU_ARRIVAL_COUNTRIES);
      const marketplace = MARKETPLACE_BY_COUNTRY[buyerCountry] ?? FALLBACK_MARKETPLACE;
      set('MARKETPLACE', marketplace.name);
      set('TRANSACTION_EVENT_ID', orderId(index, marketplace.name));
      set('ACTIVITY_TRANSACTION_ID', activityId());
      writeLeg(buyerCountry, stock, buyerPlace(buyerCountry), fulfilmentCentre(stock));
      set('SALE_DEPART_COUNTRY', stock);
      set('SALE_ARRIVAL_COUNTRY', buyerCountry);
    }
    expected.countRow(type);
    return { scheme: 'REGULAR', collector: 'SELLER' };
  };

  /**
   * The sale leg and the seller's VAT numbers at both ends of a move of its own goods (FC_TRANSFER, or its INBOUND
   * shipment), and what it declares: between two member states a zero-rated supply of the departure country (Art. 17),
   * at its cost; its acquisition in the arrival country adds no net to that country's supplies.
   */
  const writeOwnGoodsMove = (from: string, to: string, iso: string, product: Product, quantity: number) => {
    set('SALE_DEPART_COUNTRY', from);
    set('SALE_ARRIVAL_COUNTRY', to);
    set('SELLER_DEPART_VAT_NUMBER_COUNTRY', from);
    set('SELLER_DEPART_COUNTRY_VAT_NUMBER', sellerVatNumber(from));
    set('SELLER_ARRIVAL_VAT_NUMBER_COUNTRY', to);
    set('SELLER_ARRIVAL_COUNTRY_VAT_NUMBER', sellerVatNumber(to));
    if (from === to || !EU_ARRIVAL_COUNTRIES.includes(from) || !EU_ARRIVAL_COUNTRIES.includes(to)) return;
    const value = money(centsToDecimal(product.unitCostCents * quantity));
    expected.addValue(
      { taxableJurisdiction: from, scheme: 'local', month: iso.slice(0, 7), currency: 'EUR' },
      value,
      ZERO,
      value,
    );
  };

  const fulfilmentCentre = (country: string): Place =>
    FULFILMENT_CENTRES[country] ?? { city: 'Logistikzentrum', postcode: '00000', street: 'Lagerweg 1' };

  const encodeRow = (values: Row): string => {
    const fields = delimiter === ',' ? values.map(quoteCsvField) : values;
    return fields.join(delimiter) + VTR_LINE_ENDING;
  };

  yield encodeRow([...vtrColumns(layout)]);
  let chunk = '';
  let linesInChunk = 0;
  for (let index = 0; index < options.rows; index += 1) {
    const iso = isoOfDayNumber(firstDay + Math.floor((index * dayCount) / options.rows));
    const kind = pickRowKind();
    const built = buildRow(index, kind, iso);
    if (layout === 95) {
      built.row.splice(4, 0, 'REGULAR');
      built.row.push(built.scheme, built.collector);
    }
    chunk += encodeRow(built.row);
    linesInChunk += 1;
    if (linesInChunk === LINES_PER_CHUNK) {
      yield chunk;
      chunk = '';
      linesInChunk = 0;
    }
  }
  if (chunk !== '') yield chunk;
  return expected.result();
}

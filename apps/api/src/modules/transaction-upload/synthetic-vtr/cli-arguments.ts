import { type ParseArgsConfig, parseArgs } from 'node:util';
import { findVatRate, isIsoDate } from '@vatlas/domain';
import { DEFAULT_STOCK_COUNTRIES, type SyntheticVtrOptions } from './generate-vtr';

/** The generator's options with their defaults: what `parseArgs` reads and what the usage text shows. */
const OPTIONS = {
  out: { type: 'string' },
  rows: { type: 'string', default: '1000' },
  seed: { type: 'string', default: '1' },
  from: { type: 'string', default: '2024-01-01' },
  to: { type: 'string', default: '2024-12-31' },
  layout: { type: 'string', default: '95' },
  seller: { type: 'string', default: 'DE' },
  stock: { type: 'string' },
  csv: { type: 'boolean', default: false },
  help: { type: 'boolean', default: false },
} as const satisfies ParseArgsConfig['options'];

export const GENERATOR_USAGE = `Writes a synthetic Amazon VAT Transactions Report and its expected totals (<out>.expected.json).

Usage: node --import tsx apps/api/src/modules/transaction-upload/synthetic-vtr/cli.ts --out <file> [options]

  --out <file>        where the report goes (required)
  --rows <n>          data rows, header excluded (default ${OPTIONS.rows.default})
  --seed <n>          the same seed gives the same file (default ${OPTIONS.seed.default})
  --from <date>       first day, YYYY-MM-DD (default ${OPTIONS.from.default})
  --to <date>         last day, YYYY-MM-DD, included (default ${OPTIONS.to.default})
  --layout 92|95      Amazon's column layout (default ${OPTIONS.layout.default})
  --seller <country>  the seller's country of establishment, ISO-2 (default ${OPTIONS.seller.default})
  --stock <list>      countries of the seller's stock, comma-separated (default ${DEFAULT_STOCK_COUNTRIES.join(',')})
  --csv               comma-separated instead of tab-separated
  --help              this text`;

export type GeneratorArguments =
  | { kind: 'help' }
  | { kind: 'generate'; out: string; options: SyntheticVtrOptions }
  | { kind: 'invalid'; message: string };

const invalid = (message: string): GeneratorArguments => ({ kind: 'invalid', message });

/**
 * Reads the generator's command line (`process.argv.slice(2)`). Every value is checked before a byte is written: a
 * wrong one answers which option and why, instead of a stack trace or a file cut short.
 */
export function readGeneratorArguments(args: readonly string[]): GeneratorArguments {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({ args: [...args], options: OPTIONS }));
  } catch (error) {
    // parseArgs names the unknown option, the missing value or the stray argument.
    return invalid((error as Error).message);
  }
  if (values.help === true) return { kind: 'help' };
  const text = (name: string) => String(values[name] ?? '');

  const out = values.out;
  if (typeof out !== 'string' || out === '') return invalid('--out <file> is required');
  for (const name of ['rows', 'seed']) {
    if (!/^\d+$/.test(text(name))) return invalid(`--${name} must be a whole number, got "${text(name)}"`);
  }
  for (const name of ['from', 'to']) {
    if (!isIsoDate(text(name))) return invalid(`--${name} must be a date as YYYY-MM-DD, got "${text(name)}"`);
  }
  const from = text('from');
  const to = text('to');
  if (to < from) return invalid(`--to (${to}) is before --from (${from})`);
  const layout = text('layout');
  if (layout !== '92' && layout !== '95') return invalid(`--layout must be 92 or 95, got "${layout}"`);

  // The generator prices every row at its country's standard rate: a country must have one over the whole span.
  const countryProblem = (option: string, country: string) =>
    !/^[A-Z]{2}$/.test(country)
      ? `--${option} must be ISO-2 country codes, got "${country}"`
      : [from, to].some((day) => !findVatRate(country, day, 'standard').ok)
        ? `--${option}: ${country} has no standard VAT rate in the rate table between ${from} and ${to}`
        : undefined;
  const seller = text('seller').trim().toUpperCase();
  const stock =
    values.stock === undefined
      ? undefined
      : text('stock')
          .split(',')
          .map((country) => country.trim().toUpperCase());
  const problem =
    countryProblem('seller', seller) ?? stock?.map((country) => countryProblem('stock', country)).find(Boolean);
  if (problem) return invalid(problem);

  return {
    kind: 'generate',
    out,
    options: {
      rows: Number(text('rows')),
      seed: Number(text('seed')),
      from,
      to,
      sellerCountry: seller,
      ...(stock ? { stockCountries: stock } : {}),
      layout: layout === '92' ? 92 : 95,
      delimiter: values.csv === true ? ',' : '\t',
    },
  };
}

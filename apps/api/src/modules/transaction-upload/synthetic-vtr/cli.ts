/**
 * Writes a synthetic Amazon VTR to a file and its expected totals beside it (`<out>.expected.json`):
 *
 *   node --import tsx apps/api/src/modules/transaction-upload/synthetic-vtr/cli.ts --rows 1000000 --seed 1 \
 *     --out /tmp/vtr.txt [--from 2024-01-01] [--to 2024-12-31] [--layout 92|95] [--csv] [--seller DE] [--stock DE,FR]
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { writeVtrFile } from './write-vtr';

const { values } = parseArgs({
  options: {
    rows: { type: 'string', default: '1000' },
    seed: { type: 'string', default: '1' },
    from: { type: 'string', default: '2024-01-01' },
    to: { type: 'string', default: '2024-12-31' },
    layout: { type: 'string', default: '95' },
    seller: { type: 'string', default: 'DE' },
    /** Countries of the seller's stock, comma-separated (default: the generator's own spread). */
    stock: { type: 'string' },
    csv: { type: 'boolean', default: false },
    out: { type: 'string' },
  },
});

function wholeNumber(name: string, text: string): number {
  if (!/^\d+$/.test(text)) throw new Error(`--${name} must be a whole number, got ${text}`);
  return Number(text);
}

if (values.out === undefined) throw new Error('--out <file> is required');
const stockCountries = values.stock?.split(',').map((country) => country.trim().toUpperCase());
if (stockCountries?.some((country) => !/^[A-Z]{2}$/.test(country))) {
  throw new Error(`--stock must be comma-separated country codes, got ${values.stock}`);
}
if (values.layout !== '92' && values.layout !== '95') throw new Error('--layout must be 92 or 95');
const started = performance.now();
const { bytes, expected } = await writeVtrFile(
  {
    rows: wholeNumber('rows', values.rows),
    seed: wholeNumber('seed', values.seed),
    from: values.from,
    to: values.to,
    sellerCountry: values.seller,
    ...(stockCountries ? { stockCountries } : {}),
    layout: values.layout === '92' ? 92 : 95,
    delimiter: values.csv ? ',' : '\t',
  },
  values.out,
);
writeFileSync(`${values.out}.expected.json`, `${JSON.stringify(expected, null, 2)}\n`);
console.info(
  `${expected.rowCount} rows, ${bytes} bytes → ${values.out} (expected totals in ${values.out}.expected.json) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
);

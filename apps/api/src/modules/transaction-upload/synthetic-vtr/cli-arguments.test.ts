import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readGeneratorArguments } from './cli-arguments';

const message = (args: string[]) => {
  const read = readGeneratorArguments(args);
  return read.kind === 'invalid' ? read.message : `not refused: ${read.kind}`;
};

describe('the synthetic VTR generator command line', () => {
  it('gives the defaults with only --out', () => {
    expect(readGeneratorArguments(['--out', '/tmp/vtr.txt'])).toEqual({
      kind: 'generate',
      out: '/tmp/vtr.txt',
      options: {
        rows: 1000,
        seed: 1,
        from: '2024-01-01',
        to: '2024-12-31',
        sellerCountry: 'DE',
        layout: 95,
        delimiter: '\t',
      },
    });
  });

  it('reads every option, countries in any case and with spaces', () => {
    const read = readGeneratorArguments([
      ...['--out', 'x.csv', '--rows', '25', '--seed', '7', '--from', '2025-02-01', '--to', '2025-02-28'],
      ...['--layout', '92', '--seller', 'fr', '--stock', 'de, pl,CZ', '--csv'],
    ]);
    expect(read).toEqual({
      kind: 'generate',
      out: 'x.csv',
      options: {
        rows: 25,
        seed: 7,
        from: '2025-02-01',
        to: '2025-02-28',
        sellerCountry: 'FR',
        stockCountries: ['DE', 'PL', 'CZ'],
        layout: 92,
        delimiter: ',',
      },
    });
  });

  it('answers help for --help, whatever else is given', () => {
    expect(readGeneratorArguments(['--help'])).toEqual({ kind: 'help' });
    expect(readGeneratorArguments(['--rows', 'x', '--help'])).toEqual({ kind: 'help' });
  });

  it('names the option and the value it refuses', () => {
    expect(message([])).toBe('--out <file> is required');
    expect(message(['--out', 'x', '--rows', '1e6'])).toBe('--rows must be a whole number, got "1e6"');
    expect(message(['--out', 'x', '--seed', '-1'])).toMatch(/--seed/);
    expect(message(['--out', 'x', '--from', '2024-13-01'])).toBe(
      '--from must be a date as YYYY-MM-DD, got "2024-13-01"',
    );
    expect(message(['--out', 'x', '--to', '2023-02-29'])).toBe('--to must be a date as YYYY-MM-DD, got "2023-02-29"');
    expect(message(['--out', 'x', '--from', '2025-01-01', '--to', '2024-12-31'])).toBe(
      '--to (2024-12-31) is before --from (2025-01-01)',
    );
    expect(message(['--out', 'x', '--layout', '93'])).toBe('--layout must be 92 or 95, got "93"');
    expect(message(['--out', 'x', '--seller', 'DEU'])).toBe('--seller must be ISO-2 country codes, got "DEU"');
    expect(message(['--out', 'x', '--seller', 'US'])).toBe(
      '--seller: US has no standard VAT rate in the rate table between 2024-01-01 and 2024-12-31',
    );
    expect(message(['--out', 'x', '--stock', 'DE,,FR'])).toBe('--stock must be ISO-2 country codes, got ""');
    expect(message(['--out', 'x', '--colour', 'red'])).toMatch(/Unknown option '--colour'/);
  });

  it('as a command: a refused option exits with 2 and writes nothing; a good one writes the file and its totals', () => {
    const cli = fileURLToPath(new URL('./cli.ts', import.meta.url));
    const directory = mkdtempSync(join(tmpdir(), 'vatlas-vtr-cli-'));
    try {
      const out = join(directory, 'vtr.txt');
      const refused = spawnSync(process.execPath, ['--import', 'tsx', cli, '--out', out, '--from', '2024-02-30'], {
        encoding: 'utf8',
      });
      expect(refused.status).toBe(2);
      expect(refused.stderr).toContain('--from must be a date as YYYY-MM-DD, got "2024-02-30"');
      expect(refused.stderr).not.toMatch(/\n\s+at /); // no stack trace
      expect(existsSync(out)).toBe(false);

      const written = spawnSync(process.execPath, ['--import', 'tsx', cli, '--out', out, '--rows', '12'], {
        encoding: 'utf8',
      });
      expect(written.status).toBe(0);
      expect(readFileSync(out, 'utf8').split('\r\n')).toHaveLength(12 + 2); // header, rows, the last line's break
      expect(JSON.parse(readFileSync(`${out}.expected.json`, 'utf8'))).toMatchObject({ rowCount: 12 });
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  });
});

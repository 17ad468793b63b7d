/**
 * `npm run exchange-rates:import -- <eurofxref-hist.csv | eurofxref-hist.zip>`: adds the rates of an ECB history
 * download to the database of the environment (DATABASE_URL, else PGlite in DATA_DIR) and replaces corrected ones.
 * On PGlite it takes the DATA_DIR lock like the server, so it refuses to run while the server owns the directory
 * (two processes on one PGlite directory lose writes); stop the server, import, start it again.
 */
import { resolve } from 'node:path';
import { ConfigError, parseConfig } from '../../config';
import { openDatabase } from '../../db/client';
import { acquireDataDirLock, type DataDirLock } from '../../db/data-dir-lock';
import { runMigrations } from '../../db/migrate';
import { ExchangeRateFileError, ensureExchangeRates, importExchangeRatesFromFile } from './service';

async function main(): Promise<number> {
  const path = process.argv[2];
  if (!path) {
    console.error('Usage: npm run exchange-rates:import -- <eurofxref-hist.csv | eurofxref-hist.zip>');
    return 2;
  }
  let lock: DataDirLock | undefined;
  try {
    const config = parseConfig(process.env);
    if (!config.databaseUrl) lock = acquireDataDirLock(config.dataDir);
    const database = await openDatabase(config);
    try {
      await runMigrations(database);
      // A fresh database gets the vendored history first, as the server's start would, so the import only adds to it.
      await ensureExchangeRates(database);
      const result = await importExchangeRatesFromFile(database, resolve(path));
      console.info(
        `Imported ${result.days} publication days: ${result.inserted} new rates, ${result.updated} corrected, ` +
          `${result.unchanged} unchanged. The table now covers ${result.coverage?.from} to ${result.coverage?.to}.` +
          (result.recomputesRequested > 0
            ? ` ${result.recomputesRequested} companies missed a rate: their liabilities are recomputed by the ` +
              'import worker, at once in a running server or at its next start.'
            : ''),
      );
      return 0;
    } finally {
      await database.close();
    }
  } catch (error) {
    if (error instanceof ExchangeRateFileError || error instanceof ConfigError) {
      console.error(`${error.message}\nNothing was changed.`);
      return 1;
    }
    console.error(error instanceof Error ? error.message : error);
    return 1;
  } finally {
    lock?.release();
  }
}

process.exitCode = await main();

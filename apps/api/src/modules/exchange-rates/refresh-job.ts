import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { ECB_HISTORY_ZIP_URL, importExchangeRates } from './service';

/** Once a day: the ECB publishes around 16:00 CET on TARGET days, so a daily pull is never more than a day behind. */
export const REFRESH_INTERVAL_MS = 24 * 60 * 60 * 1000;
/** The first pull waits for the start to settle (migrations, seeding, the first requests). */
const FIRST_REFRESH_DELAY_MS = 60 * 1000;
const FETCH_TIMEOUT_MS = 60 * 1000;

export type ExchangeRateRefresh = { stop(): void };

/**
 * Pulls the ECB's full history zip and upserts it, once shortly after start and then daily. A failure (no internet,
 * the ECB down, a changed file) is logged and the next day tried again; it never stops the server, and the rates
 * already stored keep serving.
 */
export function startExchangeRateRefresh(deps: {
  database: Database;
  log: FastifyBaseLogger;
  fetchHistory?: () => Promise<Uint8Array>;
}): ExchangeRateRefresh {
  const fetchHistory =
    deps.fetchHistory ??
    (async () => {
      const response = await fetch(ECB_HISTORY_ZIP_URL, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
      if (!response.ok) throw new Error(`the ECB answered ${response.status} ${response.statusText}`);
      return new Uint8Array(await response.arrayBuffer());
    });
  const refresh = async () => {
    try {
      const result = await importExchangeRates(deps.database, await fetchHistory());
      deps.log.info(
        {
          inserted: result.inserted,
          updated: result.updated,
          coverage: result.coverage,
          recomputesRequested: result.recomputesRequested,
        },
        'ECB exchange rates refreshed',
      );
    } catch (error) {
      deps.log.warn({ err: error }, 'ECB exchange rates could not be refreshed; the stored rates stay in use');
    }
  };
  const first = setTimeout(() => void refresh(), FIRST_REFRESH_DELAY_MS);
  const daily = setInterval(() => void refresh(), REFRESH_INTERVAL_MS);
  // Timers must not keep a stopping process alive.
  first.unref();
  daily.unref();
  return {
    stop() {
      clearTimeout(first);
      clearInterval(daily);
    },
  };
}

import { type IdpKeys, identityProviderPlugin, loadOrCreateIdpKeys } from '@vatlas/idp';
import type { FastifyInstance } from 'fastify';
import { createLocalJWKSet, createRemoteJWKSet, type JSONWebKeySet, type JWTVerifyGetKey } from 'jose';
import { buildApp, createLoggerOptions } from './app';
import { type AppConfig, ConfigError, parseConfig } from './config';
import { type Database, openDatabase } from './db/client';
import { acquireDataDirLock, type DataDirLock } from './db/data-dir-lock';
import { runMigrations } from './db/migrate';
import { type ReminderJob, startReminderJob } from './modules/calendar/reminder-service';
import { seedDemoTransactions } from './modules/demo-data/demo-transactions';
import { startExchangeRateRefresh } from './modules/exchange-rates/refresh-job';
import { ensureExchangeRates } from './modules/exchange-rates/service';
import { createIdpAccountStore } from './modules/identity/account-store';
import { createOidcPayloadStore } from './modules/identity/payload-store';
import { ensureDefaultTenant, seedDemoData } from './modules/identity/seed';
import { createMailer, outboxDirectory } from './modules/mail/mailer';
import { createFileStorage } from './modules/storage/file-storage';
import { recomputeTaxPosition } from './modules/tax-position/service';
import { keysDirectory, loadOrCreateInternalTokenSecret } from './modules/token/internal-token-secret';
import { createImportWorker, type ImportWorker } from './modules/transaction-upload/import-worker';

const PRIVATE_JWK_MEMBERS = ['d', 'p', 'q', 'dp', 'dq', 'qi', 'oth', 'k'];

/** The public half of the provider's signing keys, as its JWKS endpoint publishes them. */
export function toPublicJwks(keys: IdpKeys): JSONWebKeySet {
  return {
    keys: keys.jwks.keys.map((key) =>
      Object.fromEntries(Object.entries(key).filter(([member]) => !PRIVATE_JWK_MEMBERS.includes(member))),
    ),
  } as JSONWebKeySet;
}

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

function readConfig(): AppConfig {
  try {
    return parseConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
}

async function prepareIdentityProvider(
  config: AppConfig,
  database: Database,
): Promise<{ providerJwks: JWTVerifyGetKey; mountIdentityProvider?: (app: FastifyInstance) => Promise<void> }> {
  if (config.auth.provider === 'b2c') {
    return { providerJwks: createRemoteJWKSet(new URL(config.auth.jwksUri)) };
  }
  const keys = await loadOrCreateIdpKeys(keysDirectory(config.dataDir));
  const indicator = config.auth.apiResourceIndicator ?? `${config.publicUrl}/api`;
  return {
    // Same process, same keys: verifying against them directly avoids fetching our own public URL,
    // which a reverse proxy or container network may not route back to us.
    providerJwks: createLocalJWKSet(toPublicJwks(keys)),
    mountIdentityProvider: async (app) => {
      await app.register(identityProviderPlugin, {
        issuer: config.auth.issuer,
        publicUrl: config.publicUrl,
        clientId: config.auth.clientId,
        redirectUris: [`${config.publicUrl}${config.auth.redirectPath}`],
        postLogoutRedirectUris: [`${config.publicUrl}${config.auth.postLogoutRedirectPath}`],
        apiResource: { indicator, audience: config.auth.audience },
        keys,
        accounts: createIdpAccountStore(database.db),
        store: createOidcPayloadStore(database.db),
        secureCookies: config.publicUrl.startsWith('https://'),
        productName: 'Vatlas',
      });
    },
  };
}

async function main(): Promise<void> {
  const config = readConfig();

  let lock: DataDirLock;
  try {
    // Taken with DATABASE_URL too: the keys (and later the outbox) live in DATA_DIR.
    lock = acquireDataDirLock(config.dataDir);
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error));
  }
  process.on('exit', () => lock.release());

  let database: Database | undefined;
  let app: FastifyInstance | undefined;
  let importWorker: ImportWorker | undefined;
  let reminderJob: ReminderJob | undefined;
  try {
    database = await openDatabase(config);
    await runMigrations(database);
    // The vendored ECB history, once, into an empty table (about 1.5 s on PGlite): liabilities need rates.
    await ensureExchangeRates(database);
    await ensureDefaultTenant(database.db);
    if (config.seedDemo) await seedDemoData(database.db, { issuer: config.auth.issuer });

    const internalTokenSecret = config.internalTokenSecret ?? loadOrCreateInternalTokenSecret(config.dataDir);
    const identityProvider = await prepareIdentityProvider(config, database);
    const fileStorage = createFileStorage(config);
    const mailer = createMailer(config);
    const startedApp = await buildApp({
      config,
      database,
      internalTokenSecret,
      providerJwks: identityProvider.providerJwks,
      mountIdentityProvider: identityProvider.mountIdentityProvider,
      mailer,
      fileStorage,
      logger: createLoggerOptions(config.logLevel),
      onUploadQueued: () => importWorker?.wake(),
      // PostgreSQL only (decision 023): PGlite's COPY runs on the thread that also receives the upload, and the two
      // together took longer, and more memory, than one after the other.
      importWhileReceiving:
        database.kind === 'postgres'
          ? (insert, file) => importWorker?.importWhileReceiving(insert, file) ?? Promise.resolve(undefined)
          : undefined,
    });
    app = startedApp;
    if (config.seedDemo) {
      // Before listening, so "running" means the seller's dashboard is filled (about 3 s once, on a fresh database).
      await seedDemoTransactions({
        database,
        storage: fileStorage,
        recomputeTaxPosition,
        log: startedApp.log.child({ component: 'demo-data' }),
        staleAfterSeconds: config.imports.staleAfterSeconds,
      });
    }
    if (config.imports.isWorkerEnabled) {
      importWorker = createImportWorker({
        database,
        storage: fileStorage,
        recomputeTaxPosition,
        log: startedApp.log.child({ component: 'import-worker' }),
        staleAfterSeconds: config.imports.staleAfterSeconds,
      });
    }
    const exchangeRateRefresh =
      config.exchangeRateRefresh === 'daily'
        ? startExchangeRateRefresh({ database, log: startedApp.log.child({ component: 'exchange-rates' }) })
        : undefined;
    // The mode only: SMTP_URL may carry the relay's password.
    startedApp.log.info(
      config.smtpUrl
        ? 'mail goes to the SMTP relay of SMTP_URL'
        : `mail is written to ${outboxDirectory(config.dataDir)}`,
    );

    let isShuttingDown = false;
    const shutDown = async (signal: string) => {
      if (isShuttingDown) return;
      isShuttingDown = true;
      startedApp.log.info({ signal }, 'shutting down');
      try {
        // The running import is given back between two batches; a restarted worker picks it up again.
        await importWorker?.stop();
        reminderJob?.stop();
        exchangeRateRefresh?.stop();
        await startedApp.close();
        await database?.close();
      } finally {
        lock.release();
        process.exit(0);
      }
    };
    process.once('SIGINT', () => void shutDown('SIGINT'));
    process.once('SIGTERM', () => void shutDown('SIGTERM'));

    await startedApp.listen({ host: config.host, port: config.port });
    importWorker?.start();
    if (config.imports.isWorkerEnabled) {
      // Deadline reminders: at once, then hourly; safe in several processes (each reminder is claimed before sending).
      reminderJob = startReminderJob({
        db: database.db,
        mailer,
        publicUrl: config.publicUrl,
        log: startedApp.log.child({ component: 'deadline-reminders' }),
      });
    }
    console.info(`Vatlas is running at ${config.publicUrl}`);
  } catch (error) {
    console.error('Vatlas could not start:', error instanceof Error ? error.message : error);
    if (app) app.log.error({ err: error }, 'start failed');
    await importWorker?.stop().catch(() => undefined);
    reminderJob?.stop();
    await app?.close().catch(() => undefined);
    await database?.close().catch(() => undefined);
    lock.release();
    process.exit(1);
  }
}

await main();

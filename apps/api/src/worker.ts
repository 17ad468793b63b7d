import { type AppConfig, ConfigError, parseConfig } from './config';
import { type Database, openDatabase } from './db/client';
import { startReminderJob } from './modules/calendar/reminder-service';
import { createMailer } from './modules/mail/mailer';
import { createFileStorage } from './modules/storage/file-storage';
import { recomputeTaxPosition } from './modules/tax-position/service';
import { createImportWorker, type ImportLog } from './modules/transaction-upload/import-worker';

/**
 * An import worker process for production: the same environment as the API processes (DATABASE_URL, S3_*), no
 * HTTP. Run as many as imports need (`node --import tsx apps/api/src/worker.ts`) and set IMPORT_WORKER=off on the API
 * processes if they should only queue. The API process runs the migrations; a worker only uses the schema.
 */

const LEVEL_ORDER = ['trace', 'debug', 'info', 'warn', 'error', 'fatal'];

function createConsoleLog(level: string): ImportLog {
  const threshold = level === 'silent' ? Number.POSITIVE_INFINITY : LEVEL_ORDER.indexOf(level);
  const write = (name: 'info' | 'warn' | 'error') => (details: Record<string, unknown>, message: string) => {
    if (LEVEL_ORDER.indexOf(name) < threshold) return;
    const line = JSON.stringify({ level: name, time: new Date().toISOString(), msg: message, ...details });
    (name === 'info' ? process.stdout : process.stderr).write(`${line}\n`);
  };
  return { info: write('info'), warn: write('warn'), error: write('error') };
}

function readConfig(): AppConfig {
  try {
    return parseConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

async function main(): Promise<void> {
  const config = readConfig();
  if (!config.databaseUrl) {
    // PGlite belongs to the one process that holds DATA_DIR: there the API process imports in-process.
    console.error('The import worker needs DATABASE_URL (PostgreSQL); with PGlite, `npm start` imports in-process.');
    process.exit(1);
  }
  const log = createConsoleLog(config.logLevel);
  const database: Database = await openDatabase(config);
  const worker = createImportWorker({
    database,
    storage: createFileStorage(config),
    recomputeTaxPosition,
    log,
    staleAfterSeconds: config.imports.staleAfterSeconds,
  });
  // Deadline reminders run here too: each is claimed in the database before sending, so no process sends one twice.
  const reminderJob = startReminderJob({
    db: database.db,
    mailer: createMailer(config),
    publicUrl: config.publicUrl,
    log,
  });
  const shutDown = async (signal: string) => {
    log.info({ signal, workerId: worker.workerId }, 'import worker stopping');
    reminderJob.stop();
    await worker.stop();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutDown('SIGINT'));
  process.once('SIGTERM', () => void shutDown('SIGTERM'));
  worker.start();
  log.info({ workerId: worker.workerId }, 'import worker started');
}

await main();

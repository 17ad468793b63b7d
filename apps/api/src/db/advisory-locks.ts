import { sql } from 'drizzle-orm';
import type { Db } from './client';

/**
 * The kinds of transaction-level advisory locks Vatlas takes, each with the first key of its locks: two ASCII letters,
 * written here together so no two kinds share one. The second key is the hash of what is locked (a company, a
 * company's file).
 */
const ADVISORY_LOCK_CLASSES = {
  /** "tp": a company's tax position, recomputed by one transaction at a time. */
  taxPosition: 0x7470,
  /** "uf": a company's uploads of one file, checked for a duplicate and written. */
  uploadsOfFile: 0x7566,
  /** "sb": a company's subscriptions, read and changed. */
  subscriptions: 0x7362,
  /** "dc": whether a company's document-center step is done. */
  documentCenter: 0x6463,
  /** "js": a company's jurisdiction selection. */
  jurisdictionSelection: 0x6a73,
  /** "ts": a company's OSS and IOSS registrations, read and replaced (a missing one has no row to lock). */
  taxSchemes: 0x7473,
  /** "bp": one record of a company's business profile, read and replaced (one not saved yet has no row to lock). */
  businessProfile: 0x6270,
} as const;

export type AdvisoryLockKind = keyof typeof ADVISORY_LOCK_CLASSES;

/**
 * Takes the lock of `kind` on `key` until the calling transaction ends; another transaction asking for the same waits
 * until then. It holds back no reader and no write of anything else.
 */
export async function lockUntilCommit(db: Db, kind: AdvisoryLockKind, key: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(${ADVISORY_LOCK_CLASSES[kind]}, hashtext(${key}::text))`);
}

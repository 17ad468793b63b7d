import type { ClientErrorReport } from '@vatlas/contract';
import type { Db } from '../../db/client';
import { insertClientError, type NewClientError } from './repository';
import { scrubText, scrubUrl, truncate } from './scrub';

/** Stored lengths; the contract's limits are the same or larger, so these only bite after scrubbing. */
export const STORED_LENGTHS = {
  message: 2000,
  stack: 8000,
  component: 200,
  action: 200,
  userId: 100,
  url: 2000,
  userAgent: 500,
} as const;

function clean(value: string | undefined, maxLength: number, scrub: (text: string) => string): string | null {
  if (value === undefined) return null;
  return truncate(scrub(value), maxLength);
}

const keep = (text: string) => text;

/** The row to store: personal data masked, every text bounded, the client's clock kept apart from ours. */
export function toClientErrorRecord(report: ClientErrorReport): NewClientError {
  return {
    message: truncate(scrubText(report.message), STORED_LENGTHS.message),
    stack: clean(report.stack, STORED_LENGTHS.stack, scrubText),
    component: clean(report.component, STORED_LENGTHS.component, scrubText),
    action: clean(report.action, STORED_LENGTHS.action, scrubText),
    // An id, not a name: kept so reports can be grouped per user; unverified, as anyone may post.
    reportedUserId: clean(report.userId, STORED_LENGTHS.userId, keep),
    url: clean(report.url, STORED_LENGTHS.url, scrubUrl),
    userAgent: clean(report.userAgent, STORED_LENGTHS.userAgent, keep),
    reportedAt: report.timestamp ? new Date(report.timestamp) : null,
  };
}

export async function recordClientError(db: Db, report: ClientErrorReport): Promise<void> {
  await insertClientError(db, toClientErrorRecord(report));
}

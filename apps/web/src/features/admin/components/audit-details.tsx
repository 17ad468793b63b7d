import type { AuditDetails as AuditEventDetails } from '@vatlas/contract';
import { Fragment } from 'react';

/**
 * An audit event's details (identifiers and codes), one a line, its name beside its value, in the order of their
 * names (the database keeps them in an order of its own). A value breaks inside a word only where it is wider than its
 * column, so a date or a reference stays whole where it fits.
 */
export function AuditDetails({ details }: { details: AuditEventDetails }) {
  const entries = Object.entries(details).sort(([a], [b]) => a.localeCompare(b, 'en'));
  if (entries.length === 0) return null;
  return (
    <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-0.5 text-xs">
      {entries.map(([key, value]) => (
        <Fragment key={key}>
          <dt className="text-fg-secondary">{key}</dt>
          <dd className="font-mono [overflow-wrap:anywhere]">{String(value)}</dd>
        </Fragment>
      ))}
    </dl>
  );
}

import { z } from 'zod';

/**
 * Optimistic concurrency of a form that replaces a stored record (docs/decisions/052): the record's answer carries its
 * revision, a save sends back the revision its form was filled from, and a save of a record written since is refused
 * 409 `edit_conflict` with nothing written. A save without one (an older client, a script) replaces what is stored.
 */
export const EDIT_CONFLICT = 'edit_conflict';

/** Opaque: compared whole, never ordered or parsed. */
export const revisionSchema = z
  .string()
  .max(100)
  .describe('The revision of the stored record; a save sending another one is refused 409 edit_conflict');

/** The revision a save's form was filled from; absent: the save replaces whatever is stored. */
export const expectedRevisionSchema = revisionSchema
  .optional()
  .describe(
    'The revision the form was filled from (from the GET or the last save). When the record was written since, the ' +
      'save is refused 409 edit_conflict and nothing is written. Absent: the save replaces whatever is stored.',
  );

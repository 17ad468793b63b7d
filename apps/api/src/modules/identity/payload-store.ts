import type { OidcPayloadRecord, OidcPayloadStore } from '@vatlas/idp';
import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { oidcPayloads } from '../../db/schema';

type OidcPayloadRow = typeof oidcPayloads.$inferSelect;

function toRecord(row: OidcPayloadRow): OidcPayloadRecord {
  return {
    model: row.model,
    id: row.id,
    payload: row.payload,
    grantId: row.grantId,
    userCode: row.userCode,
    uid: row.uid,
    expiresAt: row.expiresAt,
  };
}

const isLive = () => or(isNull(oidcPayloads.expiresAt), gt(oidcPayloads.expiresAt, sql`now()`));

/**
 * oidc-provider's sessions, grants, codes and tokens in the app database, so they survive restarts
 * and are shared by every API process. Expired rows are invisible; deleting them is a later sweep.
 */
export function createOidcPayloadStore(db: Db): OidcPayloadStore {
  const findOne = async (condition: ReturnType<typeof and>) => {
    const [row] = await db.select().from(oidcPayloads).where(and(condition, isLive())).limit(1);
    return row ? toRecord(row) : undefined;
  };

  return {
    async upsert(record) {
      const values = {
        model: record.model,
        id: record.id,
        payload: record.payload,
        grantId: record.grantId,
        userCode: record.userCode,
        uid: record.uid,
        expiresAt: record.expiresAt,
      };
      await db
        .insert(oidcPayloads)
        .values(values)
        .onConflictDoUpdate({
          target: [oidcPayloads.model, oidcPayloads.id],
          set: {
            payload: values.payload,
            grantId: values.grantId,
            userCode: values.userCode,
            uid: values.uid,
            expiresAt: values.expiresAt,
            consumedAt: null,
          },
        });
    },

    find: (model, id) => findOne(and(eq(oidcPayloads.model, model), eq(oidcPayloads.id, id))),
    findByUid: (model, uid) => findOne(and(eq(oidcPayloads.model, model), eq(oidcPayloads.uid, uid))),
    findByUserCode: (model, userCode) =>
      findOne(and(eq(oidcPayloads.model, model), eq(oidcPayloads.userCode, userCode))),

    async consume(model, id) {
      // Done in SQL so two concurrent redemptions of one code both see `consumed` afterwards.
      await db
        .update(oidcPayloads)
        .set({
          payload: sql`jsonb_set(${oidcPayloads.payload}, '{consumed}', to_jsonb(floor(extract(epoch from now()))::int))`,
          consumedAt: sql`now()`,
        })
        .where(and(eq(oidcPayloads.model, model), eq(oidcPayloads.id, id)));
    },

    async destroy(model, id) {
      await db.delete(oidcPayloads).where(and(eq(oidcPayloads.model, model), eq(oidcPayloads.id, id)));
    },

    async revokeByGrantId(grantId) {
      await db.delete(oidcPayloads).where(eq(oidcPayloads.grantId, grantId));
    },
  };
}

import { hashPassword, verifyPassword } from './password';
import type { IdpAccount, IdpAccountStore, OidcPayloadRecord, OidcPayloadStore } from './types';

/** Map-backed OidcPayloadStore with the same expiry semantics the database store must have. */
export function createInMemoryPayloadStore(): OidcPayloadStore & { records: Map<string, OidcPayloadRecord> } {
  const records = new Map<string, OidcPayloadRecord>();
  const keyOf = (model: string, id: string) => `${model}:${id}`;
  const isLive = (record: OidcPayloadRecord) => !record.expiresAt || record.expiresAt.getTime() > Date.now();
  const findWhere = (predicate: (record: OidcPayloadRecord) => boolean) =>
    [...records.values()].find((record) => isLive(record) && predicate(record));

  return {
    records,
    async upsert(record) {
      records.set(keyOf(record.model, record.id), structuredClone(record));
    },
    async find(model, id) {
      const record = records.get(keyOf(model, id));
      return record && isLive(record) ? structuredClone(record) : undefined;
    },
    async findByUid(model, uid) {
      return structuredClone(findWhere((record) => record.model === model && record.uid === uid));
    },
    async findByUserCode(model, userCode) {
      return structuredClone(findWhere((record) => record.model === model && record.userCode === userCode));
    },
    async consume(model, id) {
      const record = records.get(keyOf(model, id));
      if (record) record.payload = { ...record.payload, consumed: Math.floor(Date.now() / 1000) };
    },
    async destroy(model, id) {
      records.delete(keyOf(model, id));
    },
    async revokeByGrantId(grantId) {
      for (const [key, record] of records) {
        if (record.grantId === grantId) records.delete(key);
      }
    },
  };
}

export type TestAccount = IdpAccount & { password: string };

export async function createInMemoryAccountStore(accounts: TestAccount[]): Promise<IdpAccountStore> {
  const rows = await Promise.all(
    accounts.map(async ({ password, ...account }) => ({ account, passwordHash: await hashPassword(password) })),
  );
  return {
    async findAccountById(id) {
      return rows.find((row) => row.account.id === id)?.account;
    },
    async authenticate(email, password) {
      const row = rows.find((candidate) => candidate.account.email.toLowerCase() === email.toLowerCase());
      if (!row) return undefined;
      return (await verifyPassword(password, row.passwordHash)) ? row.account : undefined;
    },
  };
}

import { describe, expect, it } from 'vitest';
import { createInMemoryPayloadStore } from './in-memory-stores.test-helper';
import { OidcPayloadAdapter } from './payload-adapter';

describe('OidcPayloadAdapter', () => {
  it('stores the lookup columns and the expiry beside the payload', async () => {
    const store = createInMemoryPayloadStore();
    const adapter = new OidcPayloadAdapter('AuthorizationCode', store);
    const before = Date.now();

    await adapter.upsert('code-1', { grantId: 'grant-1', uid: 'uid-1', accountId: 'a' }, 60);

    const record = store.records.get('AuthorizationCode:code-1');
    expect(record).toMatchObject({ model: 'AuthorizationCode', id: 'code-1', grantId: 'grant-1', uid: 'uid-1' });
    expect(record?.userCode).toBeNull();
    expect(record?.expiresAt?.getTime()).toBeGreaterThanOrEqual(before + 60_000);
    expect(record?.expiresAt?.getTime()).toBeLessThanOrEqual(Date.now() + 60_000);
    expect(await adapter.find('code-1')).toEqual({ grantId: 'grant-1', uid: 'uid-1', accountId: 'a' });
    expect(await adapter.findByUid('uid-1')).toMatchObject({ accountId: 'a' });
    expect(await new OidcPayloadAdapter('Session', store).find('code-1')).toBeUndefined();
  });

  it('marks a payload consumed and forgets destroyed and revoked ones', async () => {
    const store = createInMemoryPayloadStore();
    const codes = new OidcPayloadAdapter('AuthorizationCode', store);
    const tokens = new OidcPayloadAdapter('RefreshToken', store);
    await codes.upsert('code-1', { grantId: 'grant-1' }, 60);
    await tokens.upsert('rt-1', { grantId: 'grant-1' }, 60);
    await tokens.upsert('rt-2', { grantId: 'grant-2' }, 60);

    await codes.consume('code-1');
    expect((await codes.find('code-1'))?.consumed).toEqual(expect.any(Number));

    await tokens.revokeByGrantId('grant-1');
    expect(await codes.find('code-1')).toBeUndefined();
    expect(await tokens.find('rt-1')).toBeUndefined();
    expect(await tokens.find('rt-2')).toBeDefined();

    await tokens.destroy('rt-2');
    expect(await tokens.find('rt-2')).toBeUndefined();
  });

  it('never returns an expired payload, even from a store that forgot to filter', async () => {
    const store = createInMemoryPayloadStore();
    const leakyStore = { ...store, find: async (model: string, id: string) => store.records.get(`${model}:${id}`) };
    const adapter = new OidcPayloadAdapter('Session', leakyStore);
    await store.upsert({
      model: 'Session',
      id: 's-1',
      payload: { accountId: 'a' },
      grantId: null,
      userCode: null,
      uid: null,
      expiresAt: new Date(Date.now() - 1000),
    });

    expect(await adapter.find('s-1')).toBeUndefined();
  });

  it('stores payloads without expiry with a null expiresAt', async () => {
    const store = createInMemoryPayloadStore();
    await new OidcPayloadAdapter('Client', store).upsert('c', { client_id: 'c' });

    expect(store.records.get('Client:c')?.expiresAt).toBeNull();
  });
});

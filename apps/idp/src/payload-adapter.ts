import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { OidcPayloadRecord, OidcPayloadStore } from './types';

/** oidc-provider creates one adapter per model name (Session, Grant, AccessToken, ...). */
export class OidcPayloadAdapter implements Adapter {
  readonly #model: string;
  readonly #store: OidcPayloadStore;

  constructor(model: string, store: OidcPayloadStore) {
    this.#model = model;
    this.#store = store;
  }

  async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
    await this.#store.upsert({
      model: this.#model,
      id,
      payload: { ...payload },
      grantId: payload.grantId ?? null,
      userCode: payload.userCode ?? null,
      uid: payload.uid ?? null,
      expiresAt: expiresIn ? new Date(Date.now() + expiresIn * 1000) : null,
    });
  }

  async find(id: string): Promise<AdapterPayload | undefined> {
    return toPayload(await this.#store.find(this.#model, id));
  }

  async findByUid(uid: string): Promise<AdapterPayload | undefined> {
    return toPayload(await this.#store.findByUid(this.#model, uid));
  }

  async findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
    return toPayload(await this.#store.findByUserCode(this.#model, userCode));
  }

  async consume(id: string): Promise<void> {
    await this.#store.consume(this.#model, id);
  }

  async destroy(id: string): Promise<void> {
    await this.#store.destroy(this.#model, id);
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    await this.#store.revokeByGrantId(grantId);
  }
}

// The store already skips expired rows; checking again keeps an expired session from reviving
// if a store implementation forgets to.
function toPayload(record: OidcPayloadRecord | undefined): AdapterPayload | undefined {
  if (!record) return undefined;
  if (record.expiresAt && record.expiresAt.getTime() <= Date.now()) return undefined;
  return record.payload as AdapterPayload;
}

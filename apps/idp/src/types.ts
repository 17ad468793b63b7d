import type { JWK } from 'jose';

export type IdpAccount = { id: string; email: string; givenName: string | null; familyName: string | null };

export type IdpAccountStore = {
  findAccountById(id: string): Promise<IdpAccount | undefined>;
  /** Returns the account when e-mail (case-insensitive) and password match, else undefined. */
  authenticate(email: string, password: string): Promise<IdpAccount | undefined>;
};

/** One row per oidc-provider model instance; the API stores it in the table `oidc_payloads`. */
export type OidcPayloadRecord = {
  model: string;
  id: string;
  payload: Record<string, unknown>;
  grantId: string | null;
  userCode: string | null;
  uid: string | null;
  expiresAt: Date | null;
};

export type OidcPayloadStore = {
  upsert(record: OidcPayloadRecord): Promise<void>;
  /** Must ignore expired rows. */
  find(model: string, id: string): Promise<OidcPayloadRecord | undefined>;
  findByUid(model: string, uid: string): Promise<OidcPayloadRecord | undefined>;
  findByUserCode(model: string, userCode: string): Promise<OidcPayloadRecord | undefined>;
  /** Sets payload.consumed = epoch seconds. */
  consume(model: string, id: string): Promise<void>;
  destroy(model: string, id: string): Promise<void>;
  revokeByGrantId(grantId: string): Promise<void>;
};

export type IdpSigningKey = JWK & { kid: string };

export type IdpKeys = { jwks: { keys: IdpSigningKey[] }; cookieKeys: string[] };

export type IdentityProviderOptions = {
  /** e.g. http://localhost:3000/idp; the URL path of the issuer is where the provider is mounted. */
  issuer: string;
  /** e.g. http://localhost:3000, the SPA origin. */
  publicUrl: string;
  clientId: string;
  redirectUris: string[];
  postLogoutRedirectUris: string[];
  apiResource: { indicator: string; audience: string };
  keys: IdpKeys;
  accounts: IdpAccountStore;
  store: OidcPayloadStore;
  /** False on http://localhost. */
  secureCookies: boolean;
  /** Shown on the sign-in page; 'Vatlas' by default. */
  productName?: string;
  /** Trust X-Forwarded-* headers (only behind a TLS-terminating reverse proxy); false by default. */
  trustProxy?: boolean;
};

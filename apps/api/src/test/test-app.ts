import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { type CryptoKey, createLocalJWKSet, exportJWK, generateKeyPair, type JWK, SignJWT } from 'jose';
import { type AppDeps, buildApp, createLoggerOptions } from '../app';
import { type AppConfig, parseConfig } from '../config';
import type { Database } from '../db/client';

export const TEST_PUBLIC_URL = 'http://vatlas.test:3000';
export const TEST_INTERNAL_SECRET = 'test-internal-token-secret-0123456789abcdef';

export function createTestConfig(env: Record<string, string> = {}): AppConfig {
  return parseConfig({
    NODE_ENV: 'test',
    PUBLIC_URL: TEST_PUBLIC_URL,
    DATA_DIR: '/tmp/vatlas-test-unused',
    WEB_DIST_DIR: '/tmp/vatlas-test-no-web-build',
    INTERNAL_TOKEN_SECRET: TEST_INTERNAL_SECRET,
    ...env,
  });
}

export type TestProvider = {
  issuer: string;
  audience: string;
  privateKey: CryptoKey;
  publicJwk: JWK;
  jwks: AppDeps['providerJwks'];
  /** Signs an access token with sensible defaults; every claim can be overridden or removed (undefined). */
  signAccessToken(
    claims?: Record<string, unknown>,
    options?: { expiresIn?: string | number; alg?: string },
  ): Promise<string>;
};

/** A stand-in identity provider: a real RSA key whose public half the app trusts, as it would the provider's JWKS. */
export async function createTestProvider(config: AppConfig): Promise<TestProvider> {
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  const publicJwk = { ...(await exportJWK(publicKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
  const issuer = config.auth.issuer;
  const audience = config.auth.audience;
  return {
    issuer,
    audience,
    privateKey,
    publicJwk,
    jwks: createLocalJWKSet({ keys: [publicJwk] }),
    async signAccessToken(claims = {}, options = {}) {
      const payload: Record<string, unknown> = {
        iss: issuer,
        aud: audience,
        sub: 'subject-1',
        scope: 'openid profile email offline_access',
        client_id: 'vatlas-web',
        email: 'person@example.test',
        given_name: 'Pat',
        family_name: 'Person',
        ...claims,
      };
      for (const [key, value] of Object.entries(payload)) if (value === undefined) delete payload[key];
      return new SignJWT(payload)
        .setProtectedHeader({ alg: options.alg ?? 'RS256', kid: 'test-key', typ: 'at+jwt' })
        .setIssuedAt()
        .setExpirationTime(options.expiresIn ?? '10m')
        .sign(privateKey);
    },
  };
}

export async function buildTestApp(
  database: Database,
  options: {
    config?: AppConfig;
    provider: TestProvider;
    registerExtraRoutes?: AppDeps['registerExtraRoutes'];
    fileStorage?: AppDeps['fileStorage'];
    recomputeTaxPosition?: AppDeps['recomputeTaxPosition'];
    onUploadQueued?: AppDeps['onUploadQueued'];
    importWhileReceiving?: AppDeps['importWhileReceiving'];
    /** The app's logger (none by default). */
    logger?: AppDeps['logger'];
  },
): Promise<FastifyInstance> {
  const config = options.config ?? createTestConfig();
  const app = await buildApp({
    config,
    database,
    internalTokenSecret: config.internalTokenSecret ?? TEST_INTERNAL_SECRET,
    providerJwks: options.provider.jwks,
    registerExtraRoutes: options.registerExtraRoutes,
    fileStorage: options.fileStorage,
    recomputeTaxPosition: options.recomputeTaxPosition,
    onUploadQueued: options.onUploadQueued,
    importWhileReceiving: options.importWhileReceiving,
    logger: options.logger,
  });
  await app.ready();
  return app;
}

/**
 * The server's own logger options at `level`, writing each line into `lines` instead of stdout: for tests that read
 * what the app logs (and what it must not).
 */
export function loggerInto(lines: string[], level: string): NonNullable<AppDeps['logger']> {
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { ...(createLoggerOptions(level) as object), stream };
}

/** base64url of a JSON value, for hand-made (forged) tokens. */
export function encodeSegment(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

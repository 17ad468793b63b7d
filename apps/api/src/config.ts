import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { COUNTRY_CODES } from '@vatlas/domain';
import { z } from 'zod';

export type NodeEnv = 'development' | 'test' | 'production';
export type AppEnvironment = 'development' | 'test' | 'staging' | 'production';
export type AuthProvider = 'embedded' | 'b2c';

export type B2cSettings = {
  tenantName: string;
  tenantId: string;
  policy: string;
  clientId: string;
  apiClientId: string;
  apiScope: string;
};

/** Everything the server and the browser need to know about the identity provider, derived in one place. */
export type AuthSettings = {
  provider: AuthProvider;
  /** Exact `iss` of provider access tokens (B2C issuers end with `/`). */
  issuer: string;
  jwksUri: string;
  /** Expected `aud` of provider access tokens: the API, never the SPA. */
  audience: string;
  /** What the browser's OIDC client uses as authority (discovery base). */
  authority: string;
  clientId: string;
  scope: string;
  redirectPath: string;
  postLogoutRedirectPath: string;
  extraQueryParams: Record<string, string>;
  /** Embedded provider only: the resource indicator of the API. */
  apiResourceIndicator: string | null;
};

export type AppConfig = {
  nodeEnv: NodeEnv;
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | null;
  authProvider: AuthProvider;
  b2c: B2cSettings | null;
  auth: AuthSettings;
  /** When null the server generates one and persists it under DATA_DIR/keys. */
  internalTokenSecret: string | null;
  internalTokenTtlSeconds: number;
  seedDemo: boolean;
  logLevel: string;
  /** Google Places API (New) key; the API calls Places with it server-side. Null: no address autocomplete. */
  mapsApiKey: string | null;
  /** Origin of the Places API (a stand-in server in tests); never a path, no trailing slash. */
  mapsApiBaseUrl: string;
  webDistDir: string;
  appEnvironment: AppEnvironment;
  /** smtp:// or smtps:// URL of the relay; null keeps mail in the embedded outbox (DATA_DIR/outbox). */
  smtpUrl: string | null;
  /** The From header of every message Vatlas sends. */
  mailFrom: string;
  /** Folder of uploaded and generated files when S3 is not configured (default DATA_DIR/files). */
  fileStorageDir: string;
  /** S3-compatible object storage; when set, files go there instead of fileStorageDir. */
  s3: S3Settings | null;
  /** Transaction imports (issue 5): whether this process runs the import worker, and the job's limits. */
  imports: ImportSettings;
  /** 'daily': fetch the ECB's rate history once a day (needs internet); 'off': only the vendored file and imports. */
  exchangeRateRefresh: 'off' | 'daily';
  /** Subscriptions per country: through Stripe when STRIPE_SECRET_KEY is set, else activated by an administrator. */
  payments: PaymentSettings;
};

export type StripeSettings = {
  secretKey: string;
  /** The signing secret (whsec_…) of the webhook endpoint; every event's Stripe-Signature is verified with it. */
  webhookSecret: string;
  /** Origin of Stripe's API (a stand-in server in tests); never a path, no trailing slash. */
  apiBase: string;
  /** A recurring (monthly) price id per country code; a country without one cannot be bought through Stripe. */
  priceIds: Readonly<Record<string, string>>;
};

/** `manual`: no payment provider is configured, so an administrator activates subscriptions by hand. */
export type PaymentSettings = { provider: 'manual' } | { provider: 'stripe'; stripe: StripeSettings };

export type ImportSettings = {
  /** `npm start` imports in-process; production may turn it off and run `src/worker.ts` processes instead. */
  isWorkerEnabled: boolean;
  /** A running import whose heartbeat is older than this is taken over by another worker (crash recovery). */
  staleAfterSeconds: number;
  maxFileBytes: number;
};

export type S3Settings = {
  bucket: string;
  /** Null: the AWS endpoint of the region. */
  endpoint: string | null;
  region: string;
  /** Null: the SDK's default credential chain (instance role, environment, profile). */
  credentials: { accessKeyId: string; secretAccessKey: string } | null;
  /** MinIO and most self-hosted stores need path-style URLs (endpoint/bucket/key). */
  forcePathStyle: boolean;
};

export type Env = Record<string, string | undefined>;

export const EMBEDDED_CLIENT_ID = 'vatlas-web';
export const EMBEDDED_API_AUDIENCE = 'vatlas-api';
export const EMBEDDED_SCOPE = 'openid profile email offline_access';
export const IDP_MOUNT_PATH = '/idp';
const SPA_LOGIN_PATH = '/login';
export const DEFAULT_MAPS_API_BASE_URL = 'https://places.googleapis.com';
/** 2 GiB: a year of a busy seller's Amazon VTR; larger files are split by month. */
export const DEFAULT_IMPORT_MAX_FILE_BYTES = 2 * 1024 ** 3;
export const DEFAULT_MAIL_FROM = 'Vatlas <no-reply@vatlas.localhost>';
export const DEFAULT_STRIPE_API_BASE = 'https://api.stripe.com';

const packageDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const defaultWebDistDir = resolve(packageDir, '../web/dist');

export class ConfigError extends Error {
  readonly problems: string[];

  constructor(problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

// Empty strings in .env files mean "not set": treating them as values would make defaults unreachable.
const optionalText = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === '' ? undefined : value.trim()));

const booleanText = z
  .string()
  .optional()
  .transform((value, ctx) => {
    if (value === undefined || value.trim() === '') return undefined;
    const normalised = value.trim().toLowerCase();
    if (['true', '1', 'yes'].includes(normalised)) return true;
    if (['false', '0', 'no'].includes(normalised)) return false;
    ctx.addIssue({ code: 'custom', message: 'must be true or false' });
    return z.NEVER;
  });

const integerText = (min: number, max: number) =>
  z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value.trim() === '') return undefined;
      const parsed = Number(value.trim());
      if (!Number.isInteger(parsed) || parsed < min || parsed > max) {
        ctx.addIssue({ code: 'custom', message: `must be an integer between ${min} and ${max}` });
        return z.NEVER;
      }
      return parsed;
    });

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).optional(),
  PORT: integerText(0, 65_535),
  HOST: optionalText,
  PUBLIC_URL: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
  DATA_DIR: optionalText,
  DATABASE_URL: optionalText.pipe(z.url({ protocol: /^postgres(ql)?$/ }).optional()),
  AUTH_PROVIDER: z.enum(['embedded', 'b2c']).optional(),
  B2C_TENANT_NAME: optionalText,
  B2C_TENANT_ID: optionalText,
  B2C_POLICY: optionalText,
  B2C_CLIENT_ID: optionalText,
  B2C_API_CLIENT_ID: optionalText,
  B2C_API_SCOPE: optionalText,
  INTERNAL_TOKEN_SECRET: optionalText.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  INTERNAL_TOKEN_TTL_SECONDS: integerText(60, 86_400),
  SEED_DEMO: booleanText,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  MAPS_API_KEY: optionalText,
  MAPS_API_BASE_URL: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
  WEB_DIST_DIR: optionalText,
  APP_ENVIRONMENT: z.enum(['development', 'test', 'staging', 'production']).optional(),
  SMTP_URL: optionalText.pipe(z.url({ protocol: /^smtps?$/ }).optional()),
  MAIL_FROM: optionalText.pipe(
    z
      .string()
      .regex(/^(?:[^<>\r\n]*<[^\s@<>]+@[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+)$/, 'must be an address or "Name <address>"')
      .optional(),
  ),
  FILE_STORAGE_DIR: optionalText,
  S3_ENDPOINT: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
  S3_BUCKET: optionalText,
  S3_REGION: optionalText,
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  S3_FORCE_PATH_STYLE: booleanText,
  IMPORT_WORKER: z.enum(['on', 'off']).optional(),
  EXCHANGE_RATE_REFRESH: z.enum(['off', 'daily']).optional(),
  IMPORT_STALE_AFTER_SECONDS: integerText(5, 3600),
  IMPORT_MAX_FILE_BYTES: integerText(1024, 16 * 1024 ** 3),
  STRIPE_SECRET_KEY: optionalText.pipe(
    z
      .string()
      .regex(/^(sk|rk)_(test|live)_[A-Za-z0-9]+$/, 'must be a Stripe secret or restricted key (sk_… or rk_…)')
      .optional(),
  ),
  STRIPE_WEBHOOK_SECRET: optionalText.pipe(
    z
      .string()
      .regex(/^whsec_[A-Za-z0-9]+$/, 'must be a webhook signing secret (whsec_…)')
      .optional(),
  ),
  STRIPE_API_BASE: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
  STRIPE_PRICE_ID: optionalText.pipe(
    z
      .string()
      .regex(/^price_[A-Za-z0-9]+$/, 'must be a Stripe price id (price_…)')
      .optional(),
  ),
  STRIPE_PRICE_IDS: optionalText,
});

type ParsedEnv = z.infer<typeof envSchema>;

/** Every environment variable the server reads; `.env.example` documents each (a test holds it to that). */
export const CONFIG_VARIABLES = Object.keys(envSchema.shape) as (keyof ParsedEnv)[];

/** Derives the provider settings; pure so both modes are unit-tested without a network. */
export function deriveAuthSettings(
  input: { provider: 'embedded'; publicUrl: string } | { provider: 'b2c'; publicUrl: string; b2c: B2cSettings },
): AuthSettings {
  const common = { redirectPath: SPA_LOGIN_PATH, postLogoutRedirectPath: SPA_LOGIN_PATH };
  if (input.provider === 'embedded') {
    const issuer = `${input.publicUrl}${IDP_MOUNT_PATH}`;
    const apiResourceIndicator = `${input.publicUrl}/api`;
    return {
      ...common,
      provider: 'embedded',
      issuer,
      jwksUri: `${issuer}/jwks`,
      audience: EMBEDDED_API_AUDIENCE,
      authority: issuer,
      clientId: EMBEDDED_CLIENT_ID,
      scope: EMBEDDED_SCOPE,
      extraQueryParams: { resource: apiResourceIndicator },
      apiResourceIndicator,
    };
  }
  const { tenantName, tenantId, policy, clientId, apiClientId, apiScope } = input.b2c;
  const host = `https://${tenantName}.b2clogin.com`;
  return {
    ...common,
    provider: 'b2c',
    authority: `${host}/${tenantName}.onmicrosoft.com/${policy}/v2.0/`,
    issuer: `${host}/${tenantId}/v2.0/`,
    jwksUri: `${host}/${tenantName}.onmicrosoft.com/${policy}/discovery/v2.0/keys`,
    audience: apiClientId,
    clientId,
    scope: `openid offline_access ${apiScope}`,
    extraQueryParams: {},
    apiResourceIndicator: null,
  };
}

function formatIssuePath(path: PropertyKey[]): string {
  return path.length > 0 ? path.map(String).join('.') : '(environment)';
}

function readB2cSettings(env: ParsedEnv, problems: string[]): B2cSettings | null {
  const required = {
    tenantName: 'B2C_TENANT_NAME',
    tenantId: 'B2C_TENANT_ID',
    policy: 'B2C_POLICY',
    clientId: 'B2C_CLIENT_ID',
    apiClientId: 'B2C_API_CLIENT_ID',
    apiScope: 'B2C_API_SCOPE',
  } as const;
  const values: Partial<B2cSettings> = {};
  for (const [field, variable] of Object.entries(required) as [keyof B2cSettings, keyof ParsedEnv][]) {
    const value = env[variable];
    if (typeof value !== 'string') problems.push(`${variable}: required when AUTH_PROVIDER=b2c`);
    else values[field] = value;
  }
  if (values.tenantName !== undefined && !/^[a-z0-9-]+$/i.test(values.tenantName)) {
    problems.push('B2C_TENANT_NAME: must be the bare tenant name (letters, digits, hyphens), e.g. contoso');
  }
  return problems.length === 0 ? (values as B2cSettings) : null;
}

function readS3Settings(env: ParsedEnv, problems: string[]): S3Settings | null {
  if (env.S3_BUCKET === undefined) {
    const stray = (['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const).filter(
      (variable) => env[variable] !== undefined,
    );
    // Without a bucket the files would silently stay on local disk: say so rather than ignore the operator.
    if (stray.length > 0) problems.push(`S3_BUCKET: required when ${stray.join(', ')} is set`);
    return null;
  }
  const hasKeyId = env.S3_ACCESS_KEY_ID !== undefined;
  const hasSecret = env.S3_SECRET_ACCESS_KEY !== undefined;
  if (hasKeyId !== hasSecret) {
    problems.push('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: set both or neither');
    return null;
  }
  return {
    bucket: env.S3_BUCKET,
    endpoint: env.S3_ENDPOINT ?? null,
    region: env.S3_REGION ?? 'us-east-1',
    credentials:
      env.S3_ACCESS_KEY_ID !== undefined && env.S3_SECRET_ACCESS_KEY !== undefined
        ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY }
        : null,
    forcePathStyle: env.S3_FORCE_PATH_STYLE ?? env.S3_ENDPOINT !== undefined,
  };
}

const STRIPE_PRICE_PAIR = /^([A-Z]{2})=(price_[A-Za-z0-9]+)$/;

/** `DE=price_1,FR=price_2` → { DE: 'price_1', FR: 'price_2' }; every malformed pair or unknown country is a problem. */
export function parseStripePriceIds(text: string, knownCountryCodes: readonly string[], problems: string[]) {
  const prices: Record<string, string> = {};
  for (const pair of text.split(',').map((part) => part.trim())) {
    if (pair === '') continue;
    const match = STRIPE_PRICE_PAIR.exec(pair);
    if (!match?.[1] || !match[2]) {
      problems.push(`STRIPE_PRICE_IDS: "${pair}" is not COUNTRY=price_id (e.g. DE=price_1Abc)`);
      continue;
    }
    if (!knownCountryCodes.includes(match[1])) {
      problems.push(`STRIPE_PRICE_IDS: ${match[1]} is not one of the countries Vatlas covers`);
      continue;
    }
    prices[match[1]] = match[2];
  }
  return prices;
}

function readPaymentSettings(env: ParsedEnv, problems: string[]): PaymentSettings {
  if (env.STRIPE_SECRET_KEY === undefined) {
    const stray = (['STRIPE_WEBHOOK_SECRET', 'STRIPE_PRICE_ID', 'STRIPE_PRICE_IDS', 'STRIPE_API_BASE'] as const).filter(
      (variable) => env[variable] !== undefined,
    );
    // Without the key every payment would silently fall back to manual activation: say so instead.
    if (stray.length > 0) problems.push(`STRIPE_SECRET_KEY: required when ${stray.join(', ')} is set`);
    return { provider: 'manual' };
  }
  const before = problems.length;
  if (env.STRIPE_WEBHOOK_SECRET === undefined) {
    problems.push('STRIPE_WEBHOOK_SECRET: required when STRIPE_SECRET_KEY is set (payments are activated by webhook)');
  }
  if (env.STRIPE_PRICE_ID === undefined && env.STRIPE_PRICE_IDS === undefined) {
    problems.push('STRIPE_PRICE_ID or STRIPE_PRICE_IDS: required when STRIPE_SECRET_KEY is set');
  }
  const perCountry = env.STRIPE_PRICE_IDS ? parseStripePriceIds(env.STRIPE_PRICE_IDS, COUNTRY_CODES, problems) : {};
  if (problems.length > before || env.STRIPE_WEBHOOK_SECRET === undefined) return { provider: 'manual' };
  const priceIds: Record<string, string> = {};
  for (const code of COUNTRY_CODES) {
    const price = perCountry[code] ?? env.STRIPE_PRICE_ID;
    if (price !== undefined) priceIds[code] = price;
  }
  return {
    provider: 'stripe',
    stripe: {
      secretKey: env.STRIPE_SECRET_KEY,
      webhookSecret: env.STRIPE_WEBHOOK_SECRET,
      apiBase: (env.STRIPE_API_BASE ?? DEFAULT_STRIPE_API_BASE).replace(/\/+$/, ''),
      priceIds,
    },
  };
}

function defaultAppEnvironment(nodeEnv: NodeEnv): AppEnvironment {
  return nodeEnv;
}

/**
 * Parses the environment once. Every problem is collected so an operator fixes them in one go
 * instead of restarting once per mistake.
 */
export function parseConfig(env: Env, options: { cwd?: string } = {}): AppConfig {
  const cwd = options.cwd ?? process.cwd();
  const result = envSchema.safeParse(env);
  if (!result.success) {
    throw new ConfigError(result.error.issues.map((issue) => `${formatIssuePath(issue.path)}: ${issue.message}`));
  }
  const parsed = result.data;
  const problems: string[] = [];
  const nodeEnv = parsed.NODE_ENV ?? 'development';
  const isProduction = nodeEnv === 'production';
  const port = parsed.PORT ?? 3000;
  const publicUrl = (parsed.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, '');
  const authProvider = parsed.AUTH_PROVIDER ?? 'embedded';

  const b2c = authProvider === 'b2c' ? readB2cSettings(parsed, problems) : null;
  const s3 = readS3Settings(parsed, problems);
  const payments = readPaymentSettings(parsed, problems);

  if (isProduction && parsed.INTERNAL_TOKEN_SECRET === undefined) {
    problems.push(
      'INTERNAL_TOKEN_SECRET: required when NODE_ENV=production (all API processes must share it; at least 32 characters)',
    );
  }
  if (parsed.SEED_DEMO === true && isProduction) {
    problems.push('SEED_DEMO: demo accounts are never seeded when NODE_ENV=production; remove SEED_DEMO=true');
  }
  if (parsed.SEED_DEMO === true && authProvider === 'b2c') {
    problems.push('SEED_DEMO: demo accounts exist only for the embedded provider; remove SEED_DEMO=true with b2c');
  }

  if (problems.length > 0) throw new ConfigError(problems);

  const auth =
    authProvider === 'b2c' && b2c
      ? deriveAuthSettings({ provider: 'b2c', publicUrl, b2c })
      : deriveAuthSettings({ provider: 'embedded', publicUrl });

  return {
    nodeEnv,
    port,
    host: parsed.HOST ?? '0.0.0.0',
    publicUrl,
    dataDir: resolve(cwd, parsed.DATA_DIR ?? './data'),
    databaseUrl: parsed.DATABASE_URL ?? null,
    authProvider,
    b2c,
    auth,
    internalTokenSecret: parsed.INTERNAL_TOKEN_SECRET ?? null,
    internalTokenTtlSeconds: parsed.INTERNAL_TOKEN_TTL_SECONDS ?? 3600,
    seedDemo: parsed.SEED_DEMO ?? (!isProduction && authProvider === 'embedded'),
    logLevel: parsed.LOG_LEVEL ?? 'info',
    mapsApiKey: parsed.MAPS_API_KEY ?? null,
    mapsApiBaseUrl: (parsed.MAPS_API_BASE_URL ?? DEFAULT_MAPS_API_BASE_URL).replace(/\/+$/, ''),
    webDistDir: parsed.WEB_DIST_DIR ? resolve(cwd, parsed.WEB_DIST_DIR) : defaultWebDistDir,
    appEnvironment: parsed.APP_ENVIRONMENT ?? defaultAppEnvironment(nodeEnv),
    smtpUrl: parsed.SMTP_URL ?? null,
    mailFrom: parsed.MAIL_FROM ?? DEFAULT_MAIL_FROM,
    fileStorageDir: resolve(cwd, parsed.FILE_STORAGE_DIR ?? join(parsed.DATA_DIR ?? './data', 'files')),
    s3,
    imports: {
      isWorkerEnabled: (parsed.IMPORT_WORKER ?? 'on') === 'on',
      staleAfterSeconds: parsed.IMPORT_STALE_AFTER_SECONDS ?? 30,
      maxFileBytes: parsed.IMPORT_MAX_FILE_BYTES ?? DEFAULT_IMPORT_MAX_FILE_BYTES,
    },
    exchangeRateRefresh: parsed.EXCHANGE_RATE_REFRESH ?? 'off',
    payments,
  };
}

export function hasWebBuild(config: Pick<AppConfig, 'webDistDir'>): boolean {
  return existsSync(resolve(config.webDistDir, 'index.html'));
}

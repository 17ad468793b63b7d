import { describe, expect, it } from 'vitest';
import { ConfigError, deriveAuthSettings, parseConfig } from './config';

const b2cEnv = {
  AUTH_PROVIDER: 'b2c',
  B2C_TENANT_NAME: 'contoso',
  B2C_TENANT_ID: '11111111-2222-3333-4444-555555555555',
  B2C_POLICY: 'B2C_1_signin',
  B2C_CLIENT_ID: 'spa-client-id',
  B2C_API_CLIENT_ID: 'api-client-id',
  B2C_API_SCOPE: 'https://contoso.onmicrosoft.com/api/access',
};

function catchConfigError(run: () => unknown): ConfigError {
  try {
    run();
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('parseConfig', () => {
  it('has working defaults for a newcomer', () => {
    const config = parseConfig({}, { cwd: '/srv/vatlas' });
    expect(config).toMatchObject({
      nodeEnv: 'development',
      port: 3000,
      host: '0.0.0.0',
      publicUrl: 'http://localhost:3000',
      dataDir: '/srv/vatlas/data',
      databaseUrl: null,
      authProvider: 'embedded',
      internalTokenSecret: null,
      internalTokenTtlSeconds: 3600,
      seedDemo: true,
      logLevel: 'info',
      mapsApiKey: null,
      appEnvironment: 'development',
    });
    expect(config.webDistDir).toMatch(/apps\/web\/dist$/);
  });

  it('derives PUBLIC_URL from PORT and strips a trailing slash from an explicit one', () => {
    expect(parseConfig({ PORT: '4100' }).publicUrl).toBe('http://localhost:4100');
    expect(parseConfig({ PUBLIC_URL: 'https://app.vatlas.example/' }).publicUrl).toBe('https://app.vatlas.example');
  });

  it('treats empty values as unset', () => {
    expect(parseConfig({ PORT: '', DATABASE_URL: '', SEED_DEMO: '' }).port).toBe(3000);
  });

  it('lists every problem at once', () => {
    const error = catchConfigError(() =>
      parseConfig({ PORT: 'eighty', PUBLIC_URL: 'not a url', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud' }),
    );
    const joined = error.problems.join('\n');
    expect(error.problems).toHaveLength(4);
    for (const variable of ['PORT', 'PUBLIC_URL', 'DATABASE_URL', 'LOG_LEVEL']) expect(joined).toContain(variable);
  });

  it('requires INTERNAL_TOKEN_SECRET in production and refuses a short one', () => {
    expect(catchConfigError(() => parseConfig({ NODE_ENV: 'production' })).message).toContain('INTERNAL_TOKEN_SECRET');
    expect(catchConfigError(() => parseConfig({ INTERNAL_TOKEN_SECRET: 'short' })).message).toContain('at least 32');
    const production = parseConfig({ NODE_ENV: 'production', INTERNAL_TOKEN_SECRET: 'x'.repeat(32) });
    expect(production.seedDemo).toBe(false);
    expect(production.appEnvironment).toBe('production');
  });

  it('never seeds demo accounts in production or with B2C', () => {
    expect(
      catchConfigError(() =>
        parseConfig({ NODE_ENV: 'production', INTERNAL_TOKEN_SECRET: 'x'.repeat(32), SEED_DEMO: 'true' }),
      ).message,
    ).toContain('SEED_DEMO');
    expect(catchConfigError(() => parseConfig({ ...b2cEnv, SEED_DEMO: 'true' })).message).toContain('SEED_DEMO');
    expect(parseConfig(b2cEnv).seedDemo).toBe(false);
    expect(parseConfig({ SEED_DEMO: 'false' }).seedDemo).toBe(false);
  });

  it('requires every B2C variable when AUTH_PROVIDER=b2c, naming each missing one', () => {
    const error = catchConfigError(() => parseConfig({ AUTH_PROVIDER: 'b2c', B2C_TENANT_NAME: 'contoso' }));
    expect(error.problems).toHaveLength(5);
    for (const variable of ['B2C_TENANT_ID', 'B2C_POLICY', 'B2C_CLIENT_ID', 'B2C_API_CLIENT_ID', 'B2C_API_SCOPE']) {
      expect(error.message).toContain(variable);
    }
  });
});

describe('deriveAuthSettings', () => {
  it('points the embedded provider at /idp of the public URL', () => {
    expect(deriveAuthSettings({ provider: 'embedded', publicUrl: 'http://localhost:3000' })).toEqual({
      provider: 'embedded',
      issuer: 'http://localhost:3000/idp',
      jwksUri: 'http://localhost:3000/idp/jwks',
      audience: 'vatlas-api',
      authority: 'http://localhost:3000/idp',
      clientId: 'vatlas-web',
      scope: 'openid profile email offline_access',
      redirectPath: '/login',
      postLogoutRedirectPath: '/login',
      extraQueryParams: { resource: 'http://localhost:3000/api' },
      apiResourceIndicator: 'http://localhost:3000/api',
    });
  });

  it('builds the B2C authority, issuer (trailing slash), JWKS and API audience', () => {
    const config = parseConfig(b2cEnv);
    expect(config.auth).toMatchObject({
      provider: 'b2c',
      authority: 'https://contoso.b2clogin.com/contoso.onmicrosoft.com/B2C_1_signin/v2.0/',
      issuer: 'https://contoso.b2clogin.com/11111111-2222-3333-4444-555555555555/v2.0/',
      jwksUri: 'https://contoso.b2clogin.com/contoso.onmicrosoft.com/B2C_1_signin/discovery/v2.0/keys',
      audience: 'api-client-id',
      clientId: 'spa-client-id',
      scope: 'openid offline_access https://contoso.onmicrosoft.com/api/access',
      extraQueryParams: {},
    });
  });
});

describe('payment settings', () => {
  const stripeEnv = {
    STRIPE_SECRET_KEY: 'sk_test_abc123',
    STRIPE_WEBHOOK_SECRET: 'whsec_abc123',
  };

  it('is manual without STRIPE_SECRET_KEY', () => {
    expect(parseConfig({}).payments).toEqual({ provider: 'manual' });
  });

  it('prices every country with STRIPE_PRICE_ID, and STRIPE_PRICE_IDS overrides per country', () => {
    const config = parseConfig({
      ...stripeEnv,
      STRIPE_PRICE_ID: 'price_default1',
      STRIPE_PRICE_IDS: 'DE=price_de1, FR=price_fr1',
      STRIPE_API_BASE: 'http://127.0.0.1:12111/',
    });
    if (config.payments.provider !== 'stripe') throw new Error('expected stripe');
    expect(config.payments.stripe.apiBase).toBe('http://127.0.0.1:12111');
    expect(config.payments.stripe.priceIds.DE).toBe('price_de1');
    expect(config.payments.stripe.priceIds.FR).toBe('price_fr1');
    expect(config.payments.stripe.priceIds.IT).toBe('price_default1');
    expect(Object.keys(config.payments.stripe.priceIds)).toHaveLength(30);
  });

  it('sells only the named countries with STRIPE_PRICE_IDS alone, on Stripe’s own host by default', () => {
    const config = parseConfig({ ...stripeEnv, STRIPE_PRICE_IDS: 'AT=price_at1' });
    if (config.payments.provider !== 'stripe') throw new Error('expected stripe');
    expect(config.payments.stripe.priceIds).toEqual({ AT: 'price_at1' });
    expect(config.payments.stripe.apiBase).toBe('https://api.stripe.com');
  });

  it('lists every problem of an incomplete or malformed Stripe configuration', () => {
    expect(catchConfigError(() => parseConfig({ STRIPE_SECRET_KEY: 'sk_test_abc123' })).problems).toEqual([
      'STRIPE_WEBHOOK_SECRET: required when STRIPE_SECRET_KEY is set (payments are activated by webhook)',
      'STRIPE_PRICE_ID or STRIPE_PRICE_IDS: required when STRIPE_SECRET_KEY is set',
    ]);
    expect(
      catchConfigError(() => parseConfig({ ...stripeEnv, STRIPE_PRICE_IDS: 'DE=price_de1,US=price_us1,FR:price_x' }))
        .problems,
    ).toEqual([
      'STRIPE_PRICE_IDS: US is not one of the countries Vatlas covers',
      'STRIPE_PRICE_IDS: "FR:price_x" is not COUNTRY=price_id (e.g. DE=price_1Abc)',
    ]);
    expect(catchConfigError(() => parseConfig({ STRIPE_WEBHOOK_SECRET: 'whsec_abc123' })).problems).toEqual([
      'STRIPE_SECRET_KEY: required when STRIPE_WEBHOOK_SECRET is set',
    ]);
    expect(catchConfigError(() => parseConfig({ STRIPE_SECRET_KEY: 'pk_test_abc' })).problems[0]).toMatch(
      /^STRIPE_SECRET_KEY: must be a Stripe secret or restricted key/,
    );
  });
});

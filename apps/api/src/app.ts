import helmet from '@fastify/helmet';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { JWTVerifyGetKey } from 'jose';
import { type AppConfig, IDP_MOUNT_PATH } from './config';
import type { Database } from './db/client';
import { registerCompanyRoutes } from './modules/company/routes';
import { registerSystemRoutes } from './modules/system/routes';
import { createAccessTokenVerifier } from './modules/token/access-token-verifier';
import { createInternalTokens } from './modules/token/internal-token';
import { registerTokenRoutes } from './modules/token/routes';
import { registerUserRoutes } from './modules/user/routes';
import { registerAuth } from './plugins/auth';
import { registerErrorHandling } from './plugins/errors';
import { enforceRouteGuards, guard } from './plugins/route-guard';
import { registerWebApp } from './plugins/web-app';

export type AppDeps = {
  config: AppConfig;
  database: Database;
  internalTokenSecret: string;
  /** Keys of the identity provider: a remote JWKS in production, a local set in tests. */
  providerJwks: JWTVerifyGetKey;
  logger?: FastifyServerOptions['logger'];
  /** Mounts the embedded identity provider (server mode); its routes live under /idp and bring their own security. */
  mountIdentityProvider?: (app: FastifyInstance) => Promise<void>;
  /** Test seam: lets a test register extra routes inside the app before it is ready. */
  registerExtraRoutes?: (app: FastifyInstance) => void | Promise<void>;
};

/** pino options: secrets and personal data never reach the log. */
export function createLoggerOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]', '*.email', '*.password'],
      censor: '[redacted]',
    },
  };
}

function buildContentSecurityPolicy(config: AppConfig) {
  const isHttps = config.publicUrl.startsWith('https://');
  // The B2C browser client fetches discovery and tokens from the tenant's host.
  const providerOrigins = config.auth.provider === 'b2c' ? [new URL(config.auth.authority).origin] : [];
  return {
    useDefaults: true,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'", ...providerOrigins],
      formAction: ["'self'", ...providerOrigins],
      frameAncestors: ["'none'"],
      // On http://localhost an upgrade would point the browser at an https port nobody listens on.
      upgradeInsecureRequests: isHttps ? [] : null,
    },
  };
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const app = Fastify({
    logger: deps.logger ?? false,
    // Error messages and ids only; the client never needs to see who we are.
    return503OnClosing: true,
    bodyLimit: 1024 * 1024,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // An empty JSON body (Token/Exchange has none, some clients still send the header) is no error.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '') return done(null, undefined);
    return parseJson(request, String(body), done);
  });

  const internalTokens = createInternalTokens({
    secret: deps.internalTokenSecret,
    ttlSeconds: config.internalTokenTtlSeconds,
  });
  const accessTokenVerifier = createAccessTokenVerifier({
    issuer: config.auth.issuer,
    audience: config.auth.audience,
    jwks: deps.providerJwks,
  });

  registerErrorHandling(app);
  enforceRouteGuards(app, { exemptPrefixes: [IDP_MOUNT_PATH] });

  await app.register(helmet, {
    contentSecurityPolicy: buildContentSecurityPolicy(config),
    hsts: config.publicUrl.startsWith('https://'),
  });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Vatlas API', version: '0.1.0', description: 'VAT compliance workspace API' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  });

  registerAuth(app, { db: database.db, internalTokens });

  registerSystemRoutes(app, { config, database });
  registerTokenRoutes(app, { db: database.db, accessTokenVerifier, internalTokens });
  registerUserRoutes(app, { db: database.db });
  registerCompanyRoutes(app, { db: database.db });
  app.get('/api/docs/json', { config: guard('public'), schema: { hide: true } }, async () => app.swagger());

  if (deps.mountIdentityProvider) await deps.mountIdentityProvider(app);
  if (deps.registerExtraRoutes) await deps.registerExtraRoutes(app);

  await registerWebApp(app, { webDistDir: config.webDistDir, reservedPrefixes: ['/api', IDP_MOUNT_PATH] });

  return app;
}

import helmet from '@fastify/helmet';
import Fastify, {
  type FastifyInstance,
  type FastifyRequest,
  type FastifyServerOptions,
  type RouteOptions,
} from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { JWTVerifyGetKey } from 'jose';
import { type AppConfig, IDP_MOUNT_PATH } from './config';
import type { Database } from './db/client';
import { redactAddressQuery, registerAddressSuggestionRoutes } from './modules/address-suggestions/routes';
import { registerAdminRoutes } from './modules/admin/routes';
import { registerAnalyticsRoutes } from './modules/analytics/routes';
import { registerBusinessProfileRoutes } from './modules/business-profile/routes';
import { registerCalendarRoutes } from './modules/calendar/routes';
import { registerClientErrorRoutes } from './modules/client-errors/routes';
import { registerCompanyRoutes } from './modules/company/routes';
import { registerDataHealthRoutes } from './modules/data-health/routes';
import { registerDocumentRoutes } from './modules/documents/routes';
import { registerFilingRoutes } from './modules/filings/routes';
import { registerIntegrationRoutes } from './modules/integrations/routes';
import { registerLiabilityRoutes } from './modules/liabilities/routes';
import { createMailer, type Mailer } from './modules/mail/mailer';
import { registerOnboardingRoutes } from './modules/onboarding/routes';
import { registerPaymentRoutes } from './modules/payments/routes';
import { registerPeriodManagerRoutes } from './modules/period-manager/routes';
import { registerRegistrationRoutes } from './modules/registration/routes';
import { registerSigningRoutes } from './modules/signing/routes';
import { createFileStorage, type FileStorage } from './modules/storage/file-storage';
import { registerSystemRoutes } from './modules/system/routes';
import { recomputeTaxPosition } from './modules/tax-position/service';
import { registerTaxSchemeRoutes } from './modules/tax-schemes/routes';
import { registerTenantRoutes } from './modules/tenant/routes';
import { createAccessTokenVerifier } from './modules/token/access-token-verifier';
import { createInternalTokens } from './modules/token/internal-token';
import { registerTokenRoutes } from './modules/token/routes';
import type { TaxPositionRecomputer } from './modules/transaction-upload/import-job';
import type { ImportWorker } from './modules/transaction-upload/import-worker';
import { registerTransactionUploadRoutes } from './modules/transaction-upload/routes';
import { registerTransactionRoutes } from './modules/transactions/routes';
import { registerUserRoutes } from './modules/user/routes';
import { registerAuth } from './plugins/auth';
import { registerCompression } from './plugins/compression';
import { registerErrorHandling } from './plugins/errors';
import { registerOpenApi } from './plugins/openapi';
import { enforceRouteGuards } from './plugins/route-guard';
import { refuseNulCharacters } from './plugins/text-input';
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
  /** Sends invitations and other mail; default: SMTP when SMTP_URL is set, else .eml files in DATA_DIR/outbox. */
  mailer?: Mailer;
  /** Where uploaded and signed files live; default: S3 when S3_BUCKET is set, else the folder FILE_STORAGE_DIR. */
  fileStorage?: FileStorage;
  /** Recomputes a company's tax position when its data changes; default: the tax-position module's. Tests record. */
  recomputeTaxPosition?: TaxPositionRecomputer;
  /** Called after an upload is queued: the in-process worker starts it at once instead of at its next poll. */
  onUploadQueued?: () => void;
  /** The in-process worker's start of an import while its file arrives (decision 023); none without such a worker. */
  importWhileReceiving?: ImportWorker['importWhileReceiving'];
  /** Test seam: sees every route as it is registered (the OpenAPI test lists the app's routes with it). */
  onRoute?: (route: RouteOptions) => void;
};

/** pino options: secrets and personal data never reach the log. */
export function createLoggerOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]', '*.email', '*.password'],
      censor: '[redacted]',
    },
    serializers: {
      // Fastify's own request serializer, except that an address typed for suggestions stays out of the URL.
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: redactAddressQuery(request.url),
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
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
      // A white-label tenant's logo is an https image URL (decision 008); images cannot run script.
      imgSrc: ["'self'", 'data:', 'https:'],
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
  if (deps.onRoute) app.addHook('onRoute', deps.onRoute);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // An empty JSON body (Token/Exchange has none, some clients still send the header) is no error.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '') return done(null, undefined);
    return parseJson(request, String(body), done);
  });

  const mailer = deps.mailer ?? createMailer(config);
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
  refuseNulCharacters(app, { exemptPrefixes: [IDP_MOUNT_PATH] });

  await app.register(helmet, {
    contentSecurityPolicy: buildContentSecurityPolicy(config),
    hsts: config.publicUrl.startsWith('https://'),
  });
  await registerCompression(app);
  await registerOpenApi(app, { hiddenPrefixes: [IDP_MOUNT_PATH] });

  registerAuth(app, { db: database.db, internalTokens });

  registerSystemRoutes(app, { config, database });
  registerTokenRoutes(app, { db: database.db, accessTokenVerifier, internalTokens });
  registerUserRoutes(app, { db: database.db });
  registerTenantRoutes(app, { db: database.db });
  registerCompanyRoutes(app, { db: database.db, mailer, publicUrl: config.publicUrl });
  registerOnboardingRoutes(app, { db: database.db });
  registerBusinessProfileRoutes(app, { db: database.db });
  registerRegistrationRoutes(app, { db: database.db });
  const fileStorage = deps.fileStorage ?? createFileStorage(config);
  await registerDocumentRoutes(app, { db: database.db, storage: fileStorage });
  registerSigningRoutes(app, { db: database.db, storage: fileStorage });
  registerIntegrationRoutes(app, { db: database.db });
  await registerTransactionUploadRoutes(app, {
    db: database.db,
    storage: fileStorage,
    recomputeTaxPosition: deps.recomputeTaxPosition ?? recomputeTaxPosition,
    maxFileBytes: config.imports.maxFileBytes,
    onUploadQueued: deps.onUploadQueued,
    importWhileReceiving: deps.importWhileReceiving,
    staleAfterSeconds: config.imports.staleAfterSeconds,
  });
  registerPeriodManagerRoutes(app, { db: database.db });
  registerTaxSchemeRoutes(app, { db: database.db });
  registerTransactionRoutes(app, { db: database.db });
  registerLiabilityRoutes(app, { db: database.db });
  registerFilingRoutes(app, { db: database.db });
  registerDataHealthRoutes(app, { db: database.db });
  registerAnalyticsRoutes(app, { db: database.db });
  registerAddressSuggestionRoutes(app, { config });
  await registerClientErrorRoutes(app, { db: database.db });
  await registerCalendarRoutes(app, {
    db: database.db,
    publicUrl: config.publicUrl,
    serverSecret: deps.internalTokenSecret,
  });

  await registerPaymentRoutes(app, { db: database.db, payments: config.payments, publicUrl: config.publicUrl });
  registerAdminRoutes(app, { db: database.db, staleAfterSeconds: config.imports.staleAfterSeconds });

  if (deps.mountIdentityProvider) await deps.mountIdentityProvider(app);
  if (deps.registerExtraRoutes) await deps.registerExtraRoutes(app);

  await registerWebApp(app, { webDistDir: config.webDistDir, reservedPrefixes: ['/api', IDP_MOUNT_PATH] });

  return app;
}

import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errors, type default as Provider } from 'oidc-provider';
import { createProvider, deriveProviderSettings, type ProviderSettings } from './create-provider';
import { type RenderedPage, renderErrorPage, renderSignInPage } from './pages';
import { type Locale, resolveLocale } from './texts';
import type { IdentityProviderOptions } from './types';

type InteractionParams = { uid: string };
type LoginBody = { email?: unknown; password?: unknown };

const LOGIN_BODY_LIMIT = 8 * 1024;

/**
 * Mounts the OpenID Connect provider at the URL path of `options.issuer` (register it without a
 * prefix). The provider's own routes bypass Fastify's body parsing; the sign-in routes are Fastify
 * routes of their own.
 */
export async function identityProviderPlugin(app: FastifyInstance, options: IdentityProviderOptions): Promise<void> {
  const mountPath = new URL(options.issuer).pathname.replace(/\/$/, '');
  if (mountPath === '') {
    throw new Error('The issuer needs a path (e.g. /idp): the provider is mounted there next to the app.');
  }
  const settings = deriveProviderSettings(options);
  const provider = createProvider(options, settings);
  provider.on('server_error', (_ctx, error) => {
    app.log.error({ err: error }, 'identity provider error');
  });

  await app.register(async (scope) => {
    await registerProviderRoutes(scope, provider, mountPath);
  });
  await app.register(async (scope) => {
    await registerInteractionRoutes(scope, provider, mountPath, options, settings);
  });
}

async function registerProviderRoutes(scope: FastifyInstance, provider: Provider, mountPath: string): Promise<void> {
  // oidc-provider reads request bodies itself; Fastify must leave the stream untouched.
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser('*', (_request, _payload, done) => done(null));

  const handleRequest = provider.callback();
  const forwardToProvider = async (request: FastifyRequest, reply: FastifyReply) => {
    reply.hijack();
    const raw = request.raw as IncomingMessage & { originalUrl?: string };
    const url = raw.url ?? '/';
    // Like Express's mounting: oidc-provider derives its mount path from originalUrl minus url.
    raw.originalUrl = url;
    raw.url = url.slice(mountPath.length) || '/';
    await handleRequest(raw, reply.raw);
  };
  scope.all(`${mountPath}/*`, forwardToProvider);
}

async function registerInteractionRoutes(
  scope: FastifyInstance,
  provider: Provider,
  mountPath: string,
  options: IdentityProviderOptions,
  settings: ProviderSettings,
): Promise<void> {
  if (!scope.hasContentTypeParser('application/x-www-form-urlencoded')) {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: LOGIN_BODY_LIMIT },
      (_request, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(String(body))));
      },
    );
  }

  // These routes answer browsers, so even Fastify's own errors (413, 415) become the error page.
  scope.setErrorHandler(async (error: { statusCode?: number }, _request, reply) => {
    const statusCode = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (statusCode === 500) reply.log.error({ err: error }, 'sign-in interaction failed');
    const errorCode = statusCode === 500 ? 'server_error' : 'invalid_request';
    return sendPage(reply, statusCode, errorPage(settings, 'en', errorCode));
  });

  const loginAction = (uid: string) => `${mountPath}/interaction/${encodeURIComponent(uid)}/login`;

  scope.get<{ Params: InteractionParams }>(`${mountPath}/interaction/:uid`, async (request, reply) => {
    const details = await findInteraction(provider, request, reply);
    if (!details) return sendPage(reply, 400, errorPage(settings, 'en', 'session_not_found'));
    const locale = resolveLocale(details.params.ui_locales);

    if (details.prompt.name === 'login') {
      return sendPage(reply, 200, signInPage(settings, locale, loginAction(details.uid)));
    }
    if (details.prompt.name === 'consent' && details.params.client_id === options.clientId) {
      const returnTo = await grantConsent(provider, request, reply, details);
      return reply.header('cache-control', 'no-store').redirect(returnTo, 303);
    }
    return sendPage(reply, 400, errorPage(settings, locale, 'interaction_required'));
  });

  scope.post<{ Params: InteractionParams; Body: LoginBody }>(
    `${mountPath}/interaction/:uid/login`,
    async (request, reply) => {
      const details = await findInteraction(provider, request, reply);
      if (!details) return sendPage(reply, 400, errorPage(settings, 'en', 'session_not_found'));
      const locale = resolveLocale(details.params.ui_locales);
      if (details.prompt.name !== 'login') {
        return sendPage(reply, 400, errorPage(settings, locale, 'invalid_request'));
      }

      const email = typeof request.body?.email === 'string' ? request.body.email.trim() : '';
      const password = typeof request.body?.password === 'string' ? request.body.password : '';
      const account = email && password ? await options.accounts.authenticate(email, password) : undefined;
      if (!account) {
        const page = signInPage(settings, locale, loginAction(details.uid), { email, hasError: true });
        return sendPage(reply, 401, page);
      }

      const returnTo = await provider.interactionResult(
        request.raw,
        reply.raw,
        { login: { accountId: account.id } },
        { mergeWithLastSubmission: false },
      );
      return reply.header('cache-control', 'no-store').redirect(returnTo, 303);
    },
  );
}

type InteractionDetails = Awaited<ReturnType<Provider['interactionDetails']>>;

/** The interaction of the cookie, provided it is the one named in the URL. */
async function findInteraction(
  provider: Provider,
  request: FastifyRequest<{ Params: InteractionParams }>,
  reply: FastifyReply,
): Promise<InteractionDetails | undefined> {
  try {
    const details = await provider.interactionDetails(request.raw, reply.raw);
    return details.uid === request.params.uid ? details : undefined;
  } catch (error) {
    if (error instanceof errors.SessionNotFound) return undefined;
    throw error;
  }
}

/** Vatlas's own client is never asked for consent; the grant covers whatever it requested. */
async function grantConsent(
  provider: Provider,
  request: FastifyRequest,
  reply: FastifyReply,
  details: InteractionDetails,
): Promise<string> {
  const { missingOIDCScope, missingOIDCClaims, missingResourceScopes } = details.prompt.details as {
    missingOIDCScope?: string[];
    missingOIDCClaims?: string[];
    missingResourceScopes?: Record<string, string[]>;
  };
  const accountId = details.session?.accountId;
  if (!accountId) throw new errors.SessionNotFound('no signed-in session for the consent interaction');
  const grant = details.grantId
    ? await provider.Grant.find(details.grantId)
    : new provider.Grant({ accountId, clientId: String(details.params.client_id) });
  if (!grant) throw new errors.SessionNotFound('grant of the interaction not found');
  if (missingOIDCScope) grant.addOIDCScope(missingOIDCScope.join(' '));
  if (missingOIDCClaims) grant.addOIDCClaims(missingOIDCClaims);
  for (const [indicator, scopes] of Object.entries(missingResourceScopes ?? {})) {
    grant.addResourceScope(indicator, scopes.join(' '));
  }
  const grantId = await grant.save();
  return provider.interactionResult(
    request.raw,
    reply.raw,
    { consent: { grantId } },
    { mergeWithLastSubmission: true },
  );
}

function signInPage(
  settings: ProviderSettings,
  locale: Locale,
  action: string,
  attempt: { email: string; hasError: boolean } = { email: '', hasError: false },
): RenderedPage {
  return renderSignInPage({
    locale,
    productName: settings.productName,
    formActionSources: settings.formActionSources,
    action,
    ...attempt,
  });
}

function errorPage(settings: ProviderSettings, locale: Locale, errorCode: string): RenderedPage {
  return renderErrorPage({
    locale,
    productName: settings.productName,
    formActionSources: settings.formActionSources,
    homeUrl: settings.homeUrl,
    errorCode,
    isSessionExpired: errorCode === 'session_not_found',
  });
}

function sendPage(reply: FastifyReply, statusCode: number, page: RenderedPage): FastifyReply {
  return reply
    .code(statusCode)
    .header('content-type', 'text/html; charset=utf-8')
    .header('content-security-policy', page.contentSecurityPolicy)
    .header('cache-control', 'no-store')
    .send(page.html);
}

import { apiErrorSchema, apiPaths, tokenExchangeResponseSchema } from '@vatlas/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { readBearerToken, requireAuth } from '../../plugins/auth';
import { HttpError, toPath } from '../../plugins/errors';
import { guard } from '../../plugins/route-guard';
import { languageFromAcceptLanguage } from './accept-language';
import type { AccessTokenVerifier } from './access-token-verifier';
import type { InternalTokens } from './internal-token';
import { changeCompany, changeTenant, exchangeProviderIdentity, recordFailedTokenExchange } from './service';

export function registerTokenRoutes(
  app: FastifyInstance,
  deps: { db: Db; accessTokenVerifier: AccessTokenVerifier; internalTokens: InternalTokens },
): void {
  app.withTypeProvider<ZodTypeProvider>().post(
    apiPaths.tokenExchange,
    {
      // Public: the caller proves itself with the provider's access token, not with ours.
      config: guard('public'),
      schema: {
        tags: ['Token'],
        summary: "Exchange the identity provider's access token (Bearer) for a Vatlas session token",
        description:
          'A user signing in for the first time is created with the first of en, de, fr, it, es, pl in the ' +
          'Accept-Language header (else en); an existing user keeps their language.',
        response: { 200: tokenExchangeResponseSchema, 401: apiErrorSchema, 409: apiErrorSchema },
      },
    },
    async (request) => {
      try {
        const token = readBearerToken(request);
        if (!token) {
          throw new HttpError(
            401,
            'token_missing',
            'Send the identity provider access token as "Authorization: Bearer".',
          );
        }
        const identity = await deps.accessTokenVerifier.verify(token);
        return await exchangeProviderIdentity(
          { db: deps.db, internalTokens: deps.internalTokens, log: request.log },
          identity,
          languageFromAcceptLanguage(request.headers['accept-language']),
        );
      } catch (error) {
        // Refusals (401/409) are audited by their code; a 5xx is an outage, logged by the error handler instead.
        if (error instanceof HttpError && error.statusCode < 500) await recordFailedTokenExchange(deps.db, error.code);
        throw error;
      }
    },
  );

  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get(
    apiPaths.changeCompany(),
    {
      // Authenticated rather than company-guarded: companyId is optional here, and a company the caller does
      // not belong to is refused by the service with the same 403 the company guard gives.
      config: guard('authenticated'),
      schema: {
        tags: ['Token'],
        summary: 'A new session token with another company selected',
        description:
          'With companyId: the caller must be a member (else 403 company_access_denied); the token selects the ' +
          "company and its tenant, and the choice is saved as the user's selected company. Without companyId: a " +
          'token that selects no company.',
        querystring: z.object({ companyId: z.uuid('must be a company id (uuid)').optional() }),
        response: {
          200: tokenExchangeResponseSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
        },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      return changeCompany(deps, auth.user, { companyId: request.query.companyId, tenantId: auth.tokenTenantId });
    },
  );

  typed.get(
    toPath(apiPaths.changeTenant('')),
    {
      config: guard('authenticated'),
      schema: {
        tags: ['Token'],
        summary: 'A new session token in another tenant',
        description:
          "tenantId must be one of the tenants GET /api/v1/User/Me lists (else 403 tenant_access_denied). The token's " +
          'company stays selected when it belongs to that tenant, else the first company of the user there, else none.',
        querystring: z.object({ tenantId: z.uuid('must be a tenant id (uuid)') }),
        response: {
          200: tokenExchangeResponseSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
        },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      return changeTenant(deps, auth.user, {
        tenantId: request.query.tenantId,
        currentCompanyId: auth.tokenCompanyId,
      });
    },
  );
}

import { apiErrorSchema, apiPaths, tokenExchangeResponseSchema } from '@vatlas/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { readBearerToken } from '../../plugins/auth';
import { HttpError } from '../../plugins/errors';
import { guard } from '../../plugins/route-guard';
import type { AccessTokenVerifier } from './access-token-verifier';
import type { InternalTokens } from './internal-token';
import { exchangeProviderIdentity } from './service';

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
        response: { 200: tokenExchangeResponseSchema, 401: apiErrorSchema },
      },
    },
    async (request) => {
      const token = readBearerToken(request);
      if (!token) {
        throw new HttpError(
          401,
          'token_missing',
          'Send the identity provider access token as "Authorization: Bearer".',
        );
      }
      const identity = await deps.accessTokenVerifier.verify(token);
      return exchangeProviderIdentity({ db: deps.db, internalTokens: deps.internalTokens, log: request.log }, identity);
    },
  );
}

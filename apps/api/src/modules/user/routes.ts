import { apiPaths, userSchema } from '@vatlas/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { requireAuth } from '../../plugins/auth';
import { guard } from '../../plugins/route-guard';
import { getCurrentUser } from './service';

export function registerUserRoutes(app: FastifyInstance, deps: { db: Db }): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    apiPaths.userMe,
    {
      config: guard('authenticated'),
      schema: { tags: ['User'], summary: 'The signed-in user with their companies', response: { 200: userSchema } },
    },
    async (request) => {
      const auth = requireAuth(request);
      return getCurrentUser(deps.db, auth.user, auth.tokenCompanyId);
    },
  );
}

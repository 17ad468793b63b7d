import { apiPaths, clientConfigSchema, healthResponseSchema } from '@vatlas/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppConfig } from '../../config';
import type { Database } from '../../db/client';
import { guard } from '../../plugins/route-guard';
import { buildClientConfig, checkHealth } from './service';

export function registerSystemRoutes(app: FastifyInstance, deps: { config: AppConfig; database: Database }): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get(
    apiPaths.health,
    {
      config: guard('public'),
      schema: {
        tags: ['System'],
        summary: 'Liveness and database status',
        response: { 200: healthResponseSchema, 503: healthResponseSchema },
      },
    },
    async (_request, reply) => {
      const health = await checkHealth(deps.database);
      reply.header('cache-control', 'no-store');
      return reply.status(health.status === 'ok' ? 200 : 503).send(health);
    },
  );

  const clientConfig = buildClientConfig(deps.config);
  typed.get(
    apiPaths.clientConfig,
    {
      config: guard('public'),
      schema: { tags: ['System'], summary: 'Configuration the SPA may know', response: { 200: clientConfigSchema } },
    },
    async (_request, reply) => {
      // no-store: one SPA build serves every environment, so a cached copy could point at the wrong provider.
      reply.header('cache-control', 'no-store');
      return clientConfig;
    },
  );
}

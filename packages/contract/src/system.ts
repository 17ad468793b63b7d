import { z } from 'zod';

export const healthResponseSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.object({
    kind: z.enum(['pglite', 'postgres']),
    status: z.enum(['up', 'down']),
    latencyMs: z.number().optional(),
    migrations: z.number().int().optional(),
  }),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;

/**
 * What the browser is allowed to know of the server's configuration (served as /config.json),
 * so that one SPA build runs in every environment.
 */
export const clientConfigSchema = z.object({
  environment: z.enum(['development', 'test', 'staging', 'production']),
  auth: z.object({
    provider: z.enum(['embedded', 'b2c']),
    authority: z.url(),
    clientId: z.string(),
    scope: z.string(),
    /** Path of the SPA the provider redirects back to. */
    redirectPath: z.string(),
    postLogoutRedirectPath: z.string(),
    /** Extra authorize parameters, e.g. the API resource indicator of the embedded provider. */
    extraQueryParams: z.record(z.string(), z.string()),
  }),
  features: z.object({
    useB2CAuth: z.boolean(),
    questionnaireV2: z.boolean(),
    /** The maps/places key is configured on the server, which asks the places service on the browser's behalf. */
    addressSuggestions: z.boolean(),
  }),
});
export type ClientConfig = z.infer<typeof clientConfigSchema>;

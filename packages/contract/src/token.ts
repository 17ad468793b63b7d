import { z } from 'zod';

/** Spec §3 "Token exchange response". expiration is an ISO 8601 instant (the token's exp). */
export const tokenExchangeResponseSchema = z.object({
  token: z.string(),
  expiration: z.iso.datetime(),
});
export type TokenExchangeResponse = z.infer<typeof tokenExchangeResponseSchema>;

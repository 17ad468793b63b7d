import { apiPaths, checkEmailAddressResponseSchema } from '@vatlas/contract';
import type { HttpClient } from '../../../lib/http/http-client';

/**
 * POST /api/v1/User/CheckEmailAddress: resolves when no Vatlas user has the address; rejects with 409
 * email_already_registered when one does (spec §5 "the check fails").
 */
export function checkEmailAddress(http: HttpClient, email: string) {
  return http.request(apiPaths.checkEmailAddress, {
    method: 'POST',
    body: { email },
    schema: checkEmailAddressResponseSchema,
  });
}

import { apiPaths, checkEmailAddressResponseSchema } from '@vatlas/contract';
import type { HttpClient } from '../../../lib/http/http-client';

/**
 * POST /api/v1/User/CheckEmailAddress: resolves when a Vatlas user has the address (spec §5 "the check succeeds":
 * add them with userCreationType 1); rejects with 404 email_not_registered when nobody has it ("the check fails":
 * invite the address, userCreationType 2). See decision 010.
 */
export function checkEmailAddress(http: HttpClient, email: string) {
  return http.request(apiPaths.checkEmailAddress, {
    method: 'POST',
    body: { email },
    schema: checkEmailAddressResponseSchema,
  });
}

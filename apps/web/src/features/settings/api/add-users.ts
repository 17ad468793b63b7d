import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type AddUserRequest, addUsersResponseSchema, apiPaths, type CompanyUser } from '@vatlas/contract';
import { useAuthServices } from '../../../lib/auth/auth-services';
import type { HttpClient } from '../../../lib/http/http-client';
import { checkEmailAddress } from './check-email-address';
import { companyUsersQueryKey } from './list-company-users';

/**
 * POST /api/v2/Company/{companyId}/AddUsers: all or nothing; an existing user (type 1) gets a notice e-mail, a new
 * address (type 2) an invitation.
 */
export function addUsers(http: HttpClient, companyId: string, requests: AddUserRequest[]): Promise<CompanyUser[]> {
  return http.request(apiPaths.addUsers(companyId), {
    method: 'POST',
    body: requests,
    schema: addUsersResponseSchema,
  });
}

/** The two calls of the add-user dialog: the e-mail check (spec §5, first) and the add itself. */
export function useAddUserCalls(companyId: string) {
  const { http } = useAuthServices();
  const queryClient = useQueryClient();
  const check = useMutation({ mutationFn: (email: string) => checkEmailAddress(http, email) });
  const add = useMutation({
    mutationFn: (request: AddUserRequest) => addUsers(http, companyId, [request]),
    // After a timeout too: the person may have been added although no answer came (spec §8).
    onSettled: () => queryClient.invalidateQueries({ queryKey: companyUsersQueryKey(companyId) }),
  });
  return { check, add };
}

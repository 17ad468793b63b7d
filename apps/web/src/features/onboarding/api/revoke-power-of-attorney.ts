import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths, type PowerOfAttorney, powerOfAttorneySchema } from '@vatlas/contract';
import { useAuthServices } from '../../../lib/auth/auth-services';
import { useAuthStore } from '../../../lib/auth/auth-store';
import type { HttpClient } from '../../../lib/http/http-client';
import { documentChecklistQueryKey } from './get-document-checklist';
import { powersOfAttorneyQueryKey } from './list-powers-of-attorney';

export function revokePowerOfAttorney(
  http: HttpClient,
  companyId: string,
  countryCode: string,
): Promise<PowerOfAttorney> {
  return http.request(apiPaths.revokePowerOfAttorney(companyId, countryCode), {
    method: 'POST',
    schema: powerOfAttorneySchema,
  });
}

export function useRevokePowerOfAttorney() {
  const { http } = useAuthServices();
  const queryClient = useQueryClient();
  const companyId = useAuthStore((state) => state.selectedCompanyId);
  return useMutation({
    mutationFn: async (countryCode: string) => {
      if (!companyId) throw new Error('No company selected');
      const revoked = await revokePowerOfAttorney(http, companyId, countryCode);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: powersOfAttorneyQueryKey(companyId) }),
        queryClient.invalidateQueries({ queryKey: documentChecklistQueryKey(companyId) }),
      ]);
      return revoked;
    },
  });
}

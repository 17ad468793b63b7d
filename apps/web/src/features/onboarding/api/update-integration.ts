import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths, type Integration, type IntegrationProvider, integrationSchema } from '@vatlas/contract';
import { useAuthServices } from '../../../lib/auth/auth-services';
import { useAuthStore } from '../../../lib/auth/auth-store';
import type { HttpClient } from '../../../lib/http/http-client';
import { integrationsQueryKey } from './list-integrations';

export function updateIntegration(
  http: HttpClient,
  companyId: string,
  provider: IntegrationProvider,
  status: Integration['status'],
): Promise<Integration> {
  return http.request(apiPaths.integration(companyId, provider), {
    method: 'PUT',
    body: { status },
    schema: integrationSchema,
  });
}

export function useUpdateIntegration() {
  const { http } = useAuthServices();
  const queryClient = useQueryClient();
  const companyId = useAuthStore((state) => state.selectedCompanyId);
  return useMutation({
    mutationFn: async (input: { provider: IntegrationProvider; status: Integration['status'] }) => {
      if (!companyId) throw new Error('No company selected');
      const saved = await updateIntegration(http, companyId, input.provider, input.status);
      await queryClient.invalidateQueries({ queryKey: integrationsQueryKey(companyId) });
      return saved;
    },
  });
}

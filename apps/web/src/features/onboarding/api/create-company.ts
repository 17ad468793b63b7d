import { useMutation } from '@tanstack/react-query';
import {
  apiPaths,
  type CreateCompanyRequest,
  companyDetailsSchema,
  createCompanyRequestSchema,
} from '@vatlas/contract';
import { useAuthServices } from '../../../lib/auth/auth-services';
import type { HttpClient } from '../../../lib/http/http-client';

export { createCompanyRequestSchema };

export const createCompany = (http: HttpClient, body: CreateCompanyRequest) =>
  http.request(apiPaths.createCompany, { method: 'POST', body, schema: companyDetailsSchema });

/** Creates the company, then switches the session to it (Token/ChangeCompany and reload of the auth state). */
export function useCreateCompany() {
  const { http, switchCompany } = useAuthServices();
  return useMutation({
    mutationFn: async (body: CreateCompanyRequest) => {
      const company = await createCompany(http, body);
      const problem = await switchCompany(company.companyId);
      if (problem) throw new Error(problem.key);
      return company;
    },
  });
}

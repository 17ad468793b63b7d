import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths, type QuestionnaireResponse, questionnaireResponseSchema } from '@vatlas/contract';
import { useAuthServices } from '../../../lib/auth/auth-services';
import { useAuthStore } from '../../../lib/auth/auth-store';
import type { HttpClient } from '../../../lib/http/http-client';

export type { QuestionnaireResponse };

export const questionnaireQueryKey = (companyId: string) => ['questionnaire', companyId] as const;

export function getQuestionnaire(http: HttpClient, companyId: string): Promise<QuestionnaireResponse> {
  return http.request(apiPaths.questionnaire(companyId), { schema: questionnaireResponseSchema });
}

export function getQuestionnaireQueryOptions(http: HttpClient, companyId: string) {
  return queryOptions({
    queryKey: questionnaireQueryKey(companyId),
    queryFn: () => getQuestionnaire(http, companyId),
  });
}

/** The saved tax-assessment answers and their assessment (both null before the first save). */
export function useQuestionnaire() {
  const { http } = useAuthServices();
  const companyId = useAuthStore((state) => state.selectedCompanyId);
  return useQuery({ ...getQuestionnaireQueryOptions(http, companyId ?? ''), enabled: companyId !== null });
}

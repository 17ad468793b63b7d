import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  apiPaths,
  type QuestionnaireAnswersBody,
  type QuestionnaireResponse,
  questionnaireAnswersSchema,
  questionnaireResponseSchema,
} from '@vatlas/contract';
import { useAuthServices } from '../../../lib/auth/auth-services';
import { useAuthStore } from '../../../lib/auth/auth-store';
import type { HttpClient } from '../../../lib/http/http-client';
import { jurisdictionsQueryKey } from './get-jurisdictions';
import { questionnaireQueryKey } from './get-questionnaire';

export { questionnaireAnswersSchema };

export function saveQuestionnaire(
  http: HttpClient,
  companyId: string,
  body: QuestionnaireAnswersBody,
): Promise<QuestionnaireResponse> {
  return http.request(apiPaths.questionnaire(companyId), { method: 'PUT', body, schema: questionnaireResponseSchema });
}

/** Saves the answers; the answer holds the fresh assessment, and the jurisdiction pre-selection follows from it. */
export function useSaveQuestionnaire() {
  const { http } = useAuthServices();
  const queryClient = useQueryClient();
  const companyId = useAuthStore((state) => state.selectedCompanyId);
  return useMutation({
    mutationFn: async (body: QuestionnaireAnswersBody) => {
      if (!companyId) throw new Error('No company selected');
      const saved = await saveQuestionnaire(http, companyId, body);
      queryClient.setQueryData(questionnaireQueryKey(companyId), saved);
      await queryClient.invalidateQueries({ queryKey: jurisdictionsQueryKey(companyId) });
      return saved;
    },
  });
}

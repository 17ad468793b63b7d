import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths, type TransactionDetail, transactionDetailSchema } from '@vatlas/contract';
import { useTranslation } from 'react-i18next';
import { useAuthServices } from '../../../lib/auth/auth-services';
import { useAuthStore } from '../../../lib/auth/auth-store';
import type { HttpClient } from '../../../lib/http/http-client';

export type { TransactionDetail };

/** The explanation is in the user's language: the language is part of the key. */
export const transactionQueryKey = (companyId: string, transactionId: string, language: string) =>
  ['transaction', companyId, transactionId, language] as const;

export function getTransaction(http: HttpClient, companyId: string, transactionId: string): Promise<TransactionDetail> {
  return http.request(apiPaths.transaction(companyId, transactionId), { schema: transactionDetailSchema });
}

export function getTransactionQueryOptions(
  http: HttpClient,
  companyId: string,
  transactionId: string,
  language: string,
) {
  return queryOptions({
    queryKey: transactionQueryKey(companyId, transactionId, language),
    queryFn: () => getTransaction(http, companyId, transactionId),
    staleTime: 60_000,
  });
}

/** One transaction with every field, why it has its treatment and its cross-check; idle without an id. */
export function useTransaction(transactionId: string | null) {
  const { http } = useAuthServices();
  const { i18n } = useTranslation();
  const companyId = useAuthStore((state) => state.selectedCompanyId);
  return useQuery({
    ...getTransactionQueryOptions(http, companyId ?? '', transactionId ?? '', i18n.language),
    enabled: companyId !== null && transactionId !== null,
  });
}

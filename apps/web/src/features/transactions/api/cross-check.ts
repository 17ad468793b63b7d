import { type InfiniteData, infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiPaths, type CrossCheckPage, crossCheckPageSchema } from '@vatlas/contract';
import { calendarMonthOf } from '@vatlas/domain';
import { useAuthServices } from '../../../lib/auth/auth-services';
import { useAuthStore } from '../../../lib/auth/auth-store';
import type { HttpClient } from '../../../lib/http/http-client';

/** Differences per request: a page of the cross-check is a screenful, more come on request. */
export const CROSS_CHECK_PAGE_SIZE = 100;

export const crossCheckQueryKey = (companyId: string, month: string | undefined) =>
  ['cross-check', companyId, month ?? null] as const;

/** The tax-point days of `month` (YYYY-MM), or every day without one. */
export function crossCheckPeriod(month: string | undefined): { from?: string; to?: string } {
  if (month === undefined) return {};
  const { periodStart, periodEnd } = calendarMonthOf(`${month}-01`);
  return { from: periodStart, to: periodEnd };
}

export function crossCheckQueryOptions(http: HttpClient, companyId: string, month: string | undefined) {
  return infiniteQueryOptions<
    CrossCheckPage,
    Error,
    InfiniteData<CrossCheckPage, string | undefined>,
    ReturnType<typeof crossCheckQueryKey>,
    string | undefined
  >({
    queryKey: crossCheckQueryKey(companyId, month),
    queryFn: ({ pageParam }) =>
      http.request(
        apiPaths.crossCheck(companyId, {
          ...crossCheckPeriod(month),
          cursor: pageParam,
          limit: CROSS_CHECK_PAGE_SIZE,
        }),
        { schema: crossCheckPageSchema },
      ),
    initialPageParam: undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    staleTime: 5 * 60_000,
  });
}

/** The rows of the company whose VAT differs from what the file gave (Liabilities/CrossCheck), page after page. */
export function useCrossCheck(month: string | undefined) {
  const { http } = useAuthServices();
  const companyId = useAuthStore((state) => state.selectedCompanyId);
  return useInfiniteQuery({ ...crossCheckQueryOptions(http, companyId ?? '', month), enabled: companyId !== null });
}

import { useMutation } from '@tanstack/react-query';
import { type AnalyticsExportFormat, apiPaths, type Language } from '@vatlas/contract';
import { useTranslation } from 'react-i18next';
import { useAuthServices } from '../../../lib/auth/auth-services';
import { useAuthStore } from '../../../lib/auth/auth-store';
import { fetchFile, saveBlob } from '../../../lib/http/download';
import type { HttpClient } from '../../../lib/http/http-client';
import { toSupportedLanguage } from '../../../lib/i18n/i18n';
import type { MonthRange } from '../hooks/period';

/** The analytics of `range` as a CSV or XLSX file, headers and sheet names in `lang`. */
export function fetchAnalyticsExport(
  http: HttpClient,
  companyId: string,
  format: AnalyticsExportFormat,
  range: MonthRange,
  lang?: Language,
): Promise<Blob> {
  return fetchFile(http, apiPaths.analyticsExport(companyId, { format, ...range, lang }));
}

export const exportFileName = (format: AnalyticsExportFormat, range: MonthRange) =>
  `vatlas-analytics-${range.from}-${range.to}.${format}`;

/**
 * Downloads the analytics of `range` as CSV or XLSX, headers and sheet names in the UI's language; `isPending` and
 * `variables` tell which one is running.
 */
export function useExportAnalytics() {
  const { http } = useAuthServices();
  const { i18n } = useTranslation();
  const lang = toSupportedLanguage(i18n.language) ?? 'en';
  const companyId = useAuthStore((state) => state.selectedCompanyId);
  return useMutation({
    mutationFn: async ({ format, range }: { format: AnalyticsExportFormat; range: MonthRange }) => {
      if (companyId === null) throw new Error('No company selected');
      const blob = await fetchAnalyticsExport(http, companyId, format, range, lang);
      saveBlob(blob, exportFileName(format, range));
      return format;
    },
  });
}

import { useMutation } from '@tanstack/react-query';
import { type AnalyticsExportFormat, apiPaths } from '@vatlas/contract';
import { useTranslation } from 'react-i18next';
import { useAuthServices } from '../../../lib/auth/auth-services';
import { useAuthStore } from '../../../lib/auth/auth-store';
import type { HttpClient } from '../../../lib/http/http-client';
import { HttpError } from '../../../lib/http/http-error';
import { readInternalToken } from '../../../lib/storage/token-storage';
import type { MonthRange } from '../hooks/period';

/**
 * The export is a file, not JSON, so it is fetched here with the same bearer token as the JSON client. On a 401 a
 * cheap JSON call through the client lets it renew the session once, then this retries.
 */
export async function fetchAnalyticsExport(
  http: HttpClient,
  companyId: string,
  format: AnalyticsExportFormat,
  range: MonthRange,
  lang?: 'en' | 'de',
): Promise<Blob> {
  const path = apiPaths.analyticsExport(companyId, { format, ...range, lang });
  const send = () =>
    fetch(path, { headers: { Authorization: `Bearer ${readInternalToken() ?? ''}` }, cache: 'no-store' });
  let response = await send();
  if (response.status === 401) {
    await http.request(apiPaths.userMe);
    response = await send();
  }
  if (!response.ok) {
    let body: { code?: string; message?: string } = {};
    try {
      body = (await response.json()) as typeof body;
    } catch {
      // Not JSON: the status says enough.
    }
    throw new HttpError({
      kind: 'http',
      status: response.status,
      code: body.code ?? `http_${response.status}`,
      message: body.message ?? response.statusText,
    });
  }
  return response.blob();
}

export const exportFileName = (format: AnalyticsExportFormat, range: MonthRange) =>
  `vatlas-analytics-${range.from}-${range.to}.${format}`;

/** Saves a blob under a name through a temporary link; the object URL is released right after. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * Downloads the analytics of `range` as CSV or XLSX, headers and sheet names in the UI's language; `isPending` and
 * `variables` tell which one is running.
 */
export function useExportAnalytics() {
  const { http } = useAuthServices();
  const { i18n } = useTranslation();
  const lang = i18n.language.startsWith('de') ? 'de' : 'en';
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

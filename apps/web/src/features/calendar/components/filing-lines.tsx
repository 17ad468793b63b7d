import { useQueries, useQuery } from '@tanstack/react-query';
import { apiPaths, ecSalesListSchema, type Filing, ossReturnSchema } from '@vatlas/contract';
import { sumToFixed2 } from '@vatlas/domain';
import { useTranslation } from 'react-i18next';
import { ScrollTable } from '../../../components/ui/scroll-region';
import { useAuthServices } from '../../../lib/auth/auth-services';
import { useAuthStore } from '../../../lib/auth/auth-store';
import { useFormatters } from '../../../lib/format/format';
import { useCountryName } from '../../../lib/format/use-country-name';

const cellClass = 'px-2 py-1.5 text-left align-top';
const numberClass = 'px-2 py-1.5 text-right align-top tabular-nums';
const headBase = 'px-2 py-1.5 text-xs font-semibold uppercase tracking-wide text-fg-secondary';
const headClass = `${headBase} text-left`;
const numberHeadClass = `${headBase} text-right`;

/** The months of a period, as the EC Sales List API asks for them: '2026-07', '2026-08', … */
function monthsOf(periodStart: string, periodEnd: string): string[] {
  const months: string[] = [];
  let [year, month] = periodStart.slice(0, 7).split('-').map(Number) as [number, number];
  const last = periodEnd.slice(0, 7);
  for (;;) {
    const current = `${year}-${String(month).padStart(2, '0')}`;
    months.push(current);
    if (current >= last) return months;
    month += 1;
    if (month > 12) {
      month = 1;
      year += 1;
    }
  }
}

/** The OSS quarter of a period start, as the OSS lines API asks for it: '2026-Q3'. */
const quarterOf = (periodStart: string) =>
  `${periodStart.slice(0, 4)}-Q${Math.floor((Number(periodStart.slice(5, 7)) - 1) / 3) + 1}`;

/**
 * What a filing declares, line by line, from the stored tax position: an OSS return's lines per member state of
 * consumption, of dispatch and rate; an EC Sales List's lines per customer VAT number. Other filings have no lines
 * here (a VAT return's figures are the liabilities of its country).
 */
export function FilingLines({ filing }: { filing: Filing }) {
  if (filing.filingType === 'oss-return') return <OssReturnLines filing={filing} />;
  if (filing.filingType === 'ec-sales-list') return <EcSalesListLines filing={filing} />;
  return null;
}

function useCompanyId(): string {
  return useAuthStore((state) => state.selectedCompanyId) ?? '';
}

function LinesState({ isPending, error }: { isPending: boolean; error: Error | null }) {
  const { t } = useTranslation();
  if (isPending) {
    return (
      <p role="status" className="text-sm text-fg-secondary">
        {t('calendar.lines.loading')}
      </p>
    );
  }
  return error ? (
    <p role="alert" className="text-sm text-danger">
      {t('calendar.lines.loadFailed', { message: error.message })}
    </p>
  ) : null;
}

function OssReturnLines({ filing }: { filing: Filing }) {
  const { t } = useTranslation();
  const { http } = useAuthServices();
  const companyId = useCompanyId();
  const format = useFormatters();
  const countryName = useCountryName();
  const period = quarterOf(filing.periodStart);
  const query = useQuery({
    queryKey: ['filings', companyId, 'oss-lines', period],
    queryFn: () => http.request(apiPaths.ossLines(companyId, period), { schema: ossReturnSchema }),
  });
  if (!query.data) return <LinesState isPending={query.isPending} error={query.error} />;
  const { lines } = query.data;
  return (
    <section className="flex flex-col gap-2 border-t border-border pt-4">
      <h3 className="text-base font-semibold text-fg">{t('calendar.lines.oss.title')}</h3>
      {lines.length === 0 ? (
        <p className="text-sm text-fg-secondary">{t('calendar.lines.none')}</p>
      ) : (
        <ScrollTable caption={t('calendar.lines.oss.title')} className="w-full text-sm text-fg">
          <thead>
            <tr className="border-b border-border">
              <th scope="col" className={headClass}>
                {t('calendar.lines.oss.consumption')}
              </th>
              <th scope="col" className={headClass}>
                {t('calendar.lines.oss.dispatch')}
              </th>
              <th scope="col" className={numberHeadClass}>
                {t('calendar.lines.oss.rate')}
              </th>
              <th scope="col" className={numberHeadClass}>
                {t('calendar.lines.net')}
              </th>
              <th scope="col" className={numberHeadClass}>
                {t('calendar.lines.oss.vat')}
              </th>
            </tr>
          </thead>
          <tbody>
            {lines.map((line) => (
              <tr
                key={`${line.memberStateOfConsumption}-${line.memberStateOfDispatch}-${line.vatRate}`}
                className="border-b border-border last:border-0"
              >
                <th scope="row" className={`${cellClass} font-medium`}>
                  {countryName(line.memberStateOfConsumption)}
                </th>
                <td className={cellClass}>{countryName(line.memberStateOfDispatch)}</td>
                <td className={numberClass}>
                  {line.vatRate === null ? t('calendar.lines.oss.noRate') : format.percentOfFraction(line.vatRate)}
                </td>
                <td className={numberClass}>{format.money(line.netEur, 'EUR')}</td>
                <td className={numberClass}>
                  {format.money(line.vatEur, 'EUR')}
                  {line.isIncomplete ? (
                    <span className="block text-xs text-fg-secondary">{t('calendar.lines.incomplete')}</span>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr className="border-t border-border font-semibold">
              <th scope="row" colSpan={3} className={cellClass}>
                {t('calendar.lines.total')}
              </th>
              <td className={numberClass}>{format.money(sumToFixed2(lines.map((line) => line.netEur)), 'EUR')}</td>
              <td className={numberClass}>{format.money(sumToFixed2(lines.map((line) => line.vatEur)), 'EUR')}</td>
            </tr>
          </tfoot>
        </ScrollTable>
      )}
    </section>
  );
}

function EcSalesListLines({ filing }: { filing: Filing }) {
  const { t } = useTranslation();
  const { http } = useAuthServices();
  const companyId = useCompanyId();
  const format = useFormatters();
  const months = monthsOf(filing.periodStart, filing.periodEnd);
  const queries = useQueries({
    queries: months.map((month) => ({
      queryKey: ['filings', companyId, 'ec-sales-list', month],
      queryFn: () => http.request(apiPaths.ecSalesList(companyId, month), { schema: ecSalesListSchema }),
    })),
  });
  const failed = queries.find((query) => query.error)?.error ?? null;
  if (failed || queries.some((query) => !query.data)) return <LinesState isPending={!failed} error={failed} />;
  const lines = queries
    .flatMap((query) => (query.data ? query.data.lines.map((line) => ({ ...line, month: query.data.month })) : []))
    .filter((line) => line.reportingCountry === filing.jurisdiction);
  return (
    <section className="flex flex-col gap-2 border-t border-border pt-4">
      <h3 className="text-base font-semibold text-fg">{t('calendar.lines.esl.title')}</h3>
      {lines.length === 0 ? (
        <p className="text-sm text-fg-secondary">{t('calendar.lines.none')}</p>
      ) : (
        <ScrollTable caption={t('calendar.lines.esl.title')} className="w-full text-sm text-fg">
          <thead>
            <tr className="border-b border-border">
              {months.length > 1 ? (
                <th scope="col" className={headClass}>
                  {t('calendar.lines.esl.month')}
                </th>
              ) : null}
              <th scope="col" className={headClass}>
                {t('calendar.lines.esl.customer')}
              </th>
              <th scope="col" className={headClass}>
                {t('calendar.lines.esl.kind')}
              </th>
              <th scope="col" className={numberHeadClass}>
                {t('calendar.lines.net')}
              </th>
            </tr>
          </thead>
          <tbody>
            {lines.map((line) => (
              <tr
                key={`${line.month}-${line.customerVatNumber}-${line.kind}`}
                className="border-b border-border last:border-0"
              >
                {months.length > 1 ? <td className={cellClass}>{format.month(line.month)}</td> : null}
                <th scope="row" className={`${cellClass} font-medium`}>
                  {line.customerVatNumber ?? (
                    <span className="text-danger">{t('calendar.lines.esl.numberMissing')}</span>
                  )}
                </th>
                <td className={cellClass}>{t(`calendar.lines.esl.kinds.${line.kind}`)}</td>
                <td className={numberClass}>
                  {format.money(line.netEur, 'EUR')}
                  {line.isIncomplete ? (
                    <span className="block text-xs text-fg-secondary">{t('calendar.lines.incomplete')}</span>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </ScrollTable>
      )}
    </section>
  );
}

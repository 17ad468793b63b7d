import { useQueries, useQuery } from '@tanstack/react-query';
import { apiPaths, ecSalesListSchema, type Filing, ossReturnSchema } from '@vatlas/contract';
import { monthsBetween, sumToFixed2 } from '@vatlas/domain';
import type { ReactNode } from 'react';
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

/**
 * One filing's lines under their heading: a table whose header row is `columns` (numbers right-aligned), `children`
 * its body and footer; a sentence instead when there is no line.
 */
function LinesTable({
  title,
  columns,
  isEmpty,
  children,
}: {
  title: string;
  columns: readonly { label: string; isNumber?: boolean }[];
  isEmpty: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <section className="flex flex-col gap-2 border-t border-border pt-4">
      <h3 className="text-base font-semibold text-fg">{title}</h3>
      {isEmpty ? (
        <p className="text-sm text-fg-secondary">{t('calendar.lines.none')}</p>
      ) : (
        <ScrollTable caption={title} className="w-full text-sm text-fg">
          <thead>
            <tr className="border-b border-border">
              {columns.map((column) => (
                <th key={column.label} scope="col" className={column.isNumber ? numberHeadClass : headClass}>
                  {column.label}
                </th>
              ))}
            </tr>
          </thead>
          {children}
        </ScrollTable>
      )}
    </section>
  );
}

/** An amount in euro, marked when a missing exchange rate left some of it out. */
function EurCell({ amount, isIncomplete }: { amount: string; isIncomplete: boolean }) {
  const { t } = useTranslation();
  const format = useFormatters();
  return (
    <td className={numberClass}>
      {format.money(amount, 'EUR')}
      {isIncomplete ? <span className="block text-xs text-fg-secondary">{t('calendar.lines.incomplete')}</span> : null}
    </td>
  );
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
    <LinesTable
      title={t('calendar.lines.oss.title')}
      isEmpty={lines.length === 0}
      columns={[
        { label: t('calendar.lines.oss.consumption') },
        { label: t('calendar.lines.oss.dispatch') },
        { label: t('calendar.lines.oss.rate'), isNumber: true },
        { label: t('calendar.lines.net'), isNumber: true },
        { label: t('calendar.lines.oss.vat'), isNumber: true },
      ]}
    >
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
            <EurCell amount={line.vatEur} isIncomplete={line.isIncomplete} />
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
    </LinesTable>
  );
}

function EcSalesListLines({ filing }: { filing: Filing }) {
  const { t } = useTranslation();
  const { http } = useAuthServices();
  const companyId = useCompanyId();
  const format = useFormatters();
  const months = monthsBetween(filing.periodStart.slice(0, 7), filing.periodEnd.slice(0, 7));
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
    <LinesTable
      title={t('calendar.lines.esl.title')}
      isEmpty={lines.length === 0}
      columns={[
        ...(months.length > 1 ? [{ label: t('calendar.lines.esl.month') }] : []),
        { label: t('calendar.lines.esl.customer') },
        { label: t('calendar.lines.esl.kind') },
        { label: t('calendar.lines.net'), isNumber: true },
      ]}
    >
      <tbody>
        {lines.map((line) => (
          <tr
            key={`${line.month}-${line.customerVatNumber}-${line.kind}`}
            className="border-b border-border last:border-0"
          >
            {months.length > 1 ? <td className={cellClass}>{format.month(line.month)}</td> : null}
            <th scope="row" className={`${cellClass} font-medium`}>
              {line.customerVatNumber ?? <span className="text-danger">{t('calendar.lines.esl.numberMissing')}</span>}
            </th>
            <td className={cellClass}>{t(`calendar.lines.esl.kinds.${line.kind}`)}</td>
            <EurCell amount={line.netEur} isIncomplete={line.isIncomplete} />
          </tr>
        ))}
      </tbody>
    </LinesTable>
  );
}

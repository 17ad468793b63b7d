import type { TransactionDetail } from '@vatlas/contract';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { useFormatters } from '../../../lib/format/format';
import { useCountryName } from '../../../lib/format/use-country-name';
import { useTransaction } from '../api/get-transaction';

/**
 * One transaction in a modal side panel (a native <dialog> opened with showModal: the rest of the page is inert,
 * focus moves in, Escape closes, and focus returns to the row that opened it).
 */
export function TransactionDetailDialog({
  transactionId,
  onClose,
  returnFocusTo,
}: {
  transactionId: string | null;
  onClose: () => void;
  returnFocusTo: HTMLElement | null;
}) {
  const { t } = useTranslation();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const query = useTransaction(transactionId);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (transactionId !== null && !dialog.open) {
      // showModal moves focus to the first focusable element: the close button.
      dialog.showModal();
    } else if (transactionId === null && dialog.open) {
      dialog.close();
    }
  }, [transactionId]);

  return (
    <dialog
      ref={dialogRef}
      aria-labelledby="transaction-detail-title"
      onClose={() => {
        onClose();
        returnFocusTo?.focus({ preventScroll: true });
      }}
      className="m-0 ml-auto h-dvh max-h-none w-full max-w-xl overflow-y-auto bg-surface p-0 text-fg shadow-2xl backdrop:bg-gray-900/50"
    >
      <div className="sticky top-0 z-10 flex items-center justify-between gap-4 border-b border-border bg-surface px-5 py-4">
        <h2 id="transaction-detail-title" className="text-lg font-semibold text-fg">
          {t('transactions.detail.title')}
        </h2>
        <Button variant="secondary" onClick={() => dialogRef.current?.close()}>
          {t('transactions.detail.close')}
        </Button>
      </div>
      <div className="px-5 py-4" aria-busy={query.isPending && transactionId !== null}>
        {query.data ? (
          <DetailBody detail={query.data} />
        ) : query.isError ? (
          <p role="alert" className="text-sm text-danger">
            {t('transactions.detail.error')}
          </p>
        ) : (
          <div className="flex flex-col gap-3">
            <span className="sr-only" role="status">
              {t('transactions.detail.loading')}
            </span>
            <Skeleton className="h-5 w-1/2" />
            <Skeleton className="h-16 w-full" />
            {Array.from({ length: 10 }, (_, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders.
              <Skeleton key={index} className="h-4 w-full" />
            ))}
          </div>
        )}
      </div>
    </dialog>
  );
}

function DetailBody({ detail }: { detail: TransactionDetail }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const countryName = useCountryName();
  const none = t('transactions.detail.none');
  const money = (amount: string) => (detail.currency ? format.money(amount, detail.currency) : format.number(amount));
  const country = (code: string | null) => (code ? `${countryName(code)} (${code})` : none);
  const yesNo = (value: boolean) => (value ? t('transactions.detail.yes') : t('transactions.detail.no'));

  const fields: [string, string][] = [
    ['taxPointDate', format.date(detail.taxPointDate)],
    ['completeDate', format.date(detail.completeDate)],
    ['type', t(`transactions.types.${detail.type}`, { defaultValue: detail.type })],
    ['treatment', detail.treatmentLabel],
    ['eventId', detail.eventId],
    ['activityId', detail.activityId],
    ['source', t(`transactions.sources.${detail.source}`, { defaultValue: detail.source })],
    ['lineNumber', format.number(detail.lineNumber)],
    ['marketplace', detail.marketplace ?? none],
    ['salesChannel', detail.salesChannel ?? none],
    ['departureCountry', country(detail.departureCountry)],
    ['arrivalCountry', country(detail.arrivalCountry)],
    ['taxableJurisdiction', country(detail.taxableJurisdiction)],
    ['currency', detail.currency ?? none],
    ['netAmount', money(detail.netAmount)],
    ['vatRate', detail.vatRate === null ? none : format.percentOfFraction(detail.vatRate)],
    ['vatAmount', money(detail.vatAmount)],
    ['computedVatAmount', money(detail.computedVatAmount)],
    ['grossAmount', money(detail.grossAmount)],
    ['buyerIsBusiness', yesNo(detail.buyerIsBusiness)],
    ['buyerVatNumber', detail.buyerVatNumber ?? none],
    ['isExport', yesNo(detail.isExport)],
    ['taxReportingScheme', detail.taxReportingScheme ?? none],
    ['taxCollectionResponsibility', detail.taxCollectionResponsibility ?? none],
    ['sku', detail.sku ?? none],
    ['quantity', format.number(detail.quantity)],
  ];

  const describe = (difference: TransactionDetail['crossCheck']['differences'][number]) => {
    const value = (key: string) => {
      const raw = (difference as Record<string, unknown>)[key];
      return typeof raw === 'string' ? raw : '';
    };
    switch (difference.code) {
      case 'jurisdiction-differs':
        return t('transactions.detail.difference.jurisdiction-differs', {
          actual: country(value('actual')),
          expected: country(value('expected')),
        });
      case 'rate-not-in-force':
        return t('transactions.detail.difference.rate-not-in-force', {
          rate: format.percentOfFraction(value('rate')),
          jurisdiction: country(value('jurisdiction')),
          date: format.date(value('date')),
        });
      case 'zero-rate-expected':
        return t('transactions.detail.difference.zero-rate-expected', {
          rate: format.percentOfFraction(value('rate')),
        });
      case 'vat-differs':
        return t('transactions.detail.difference.vat-differs', {
          actual: money(value('actual')),
          expected: money(value('expected')),
          difference: money(value('difference')),
        });
      case 'rate-missing':
        return t('transactions.detail.difference.rate-missing');
      case 'no-rate-data':
        return t('transactions.detail.difference.no-rate-data', {
          jurisdiction: country(value('jurisdiction')),
          date: format.date(value('date')),
        });
      default:
        return t('transactions.detail.difference.other', { code: difference.code });
    }
  };

  return (
    <div className="flex flex-col gap-6">
      <section aria-labelledby="transaction-why">
        <h3 id="transaction-why" className="text-base font-semibold text-fg">
          {t('transactions.detail.why')}
        </h3>
        <p className="mt-1 text-sm font-semibold text-fg">{detail.treatmentLabel}</p>
        <p className="mt-2 text-sm text-fg" data-testid="transaction-explanation">
          {detail.explanation}
        </p>
      </section>
      <section aria-labelledby="transaction-cross-check">
        <h3 id="transaction-cross-check" className="text-base font-semibold text-fg">
          {t('transactions.detail.crossCheck')}
        </h3>
        {detail.crossCheck.differences.length === 0 ? (
          <p className="mt-2 text-sm text-fg-secondary">{t('transactions.detail.noDifferences')}</p>
        ) : (
          <ul className="mt-2 flex list-disc flex-col gap-1 pl-5 text-sm text-fg">
            {detail.crossCheck.differences.map((difference, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: differences have no id and never reorder.
              <li key={index}>{describe(difference)}</li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="transaction-fields">
        <h3 id="transaction-fields" className="text-base font-semibold text-fg">
          {t('transactions.detail.fields')}
        </h3>
        <dl className="mt-2 grid grid-cols-[minmax(0,2fr)_minmax(0,3fr)] gap-x-4 text-sm">
          {fields.map(([key, value]) => (
            <div key={key} className="col-span-2 grid grid-cols-subgrid border-b border-border py-2">
              <dt className="text-fg-secondary">{t(`transactions.detail.field.${key}`)}</dt>
              <dd className="break-words text-fg">{value}</dd>
            </div>
          ))}
        </dl>
      </section>
    </div>
  );
}

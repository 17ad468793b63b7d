import type { DeadlineRuleDto, Filing } from '@vatlas/contract';
import { calendarMonthOf, type FilingAmountKind, filingAmountKind, todayIsoDate } from '@vatlas/domain';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { SourcesText } from '../../../components/ui/source-keys';
import { TextField } from '../../../components/ui/text-field';
import { paths } from '../../../config/paths';
import { cn } from '../../../lib/cn';
import { useFormatters } from '../../../lib/format/format';
import { useCountryName } from '../../../lib/format/use-country-name';
import { useMarkFilingFiled } from '../api/mark-filing-filed';
import { useSetFilingPaid } from '../api/mark-filing-paid';
import { useReopenFiling } from '../api/reopen-filing';
import { FilingLines } from './filing-lines';
import { FilingStatusBadge } from './filing-status';
import { useDeadlineRuleText } from './use-deadline-rule-text';
import { useFilingTitle, usePeriodText } from './use-filing-text';

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid grid-cols-[8.5rem_1fr] gap-2 py-1.5 text-sm">
      <dt className="text-fg-secondary">{label}</dt>
      <dd className="text-fg">{children}</dd>
    </div>
  );
}

/** A deadline rule in words, with its sources and whether the research confirmed it. */
function RuleText({ rule }: { rule: DeadlineRuleDto }) {
  const { t } = useTranslation();
  const deadlineRuleText = useDeadlineRuleText();
  return (
    <>
      {deadlineRuleText(rule)}
      <span className="mt-1 block text-sm text-fg-secondary">
        <SourcesText textKey="calendar.rule.sources" sources={rule.sources} />
        {rule.isVerified ? null : <> · {t('calendar.rule.unverified')}</>}
      </span>
    </>
  );
}

/**
 * The transactions a filing declares, on the transactions screen: a VAT return's (periodic or annual) are its
 * country's local liability lines, an OSS or IOSS return's the scheme's lines (decision 041), an EC Sales List's the
 * supplies and transfers it lists; over the filing's period (its month, or its days).
 */
export function filingTransactionsHref(
  filing: Pick<Filing, 'filingType' | 'jurisdiction' | 'periodStart' | 'periodEnd'>,
): string {
  const params = new URLSearchParams();
  if (filing.filingType === 'vat-return' || filing.filingType === 'annual-return') {
    params.set('taxedIn', filing.jurisdiction);
    params.set('scheme', 'local');
  } else if (filing.filingType === 'oss-return') {
    params.set('scheme', 'oss');
  } else if (filing.filingType === 'ioss-return') {
    params.set('scheme', 'ioss');
  } else {
    params.set('ecSalesList', filing.jurisdiction);
  }
  const month = calendarMonthOf(filing.periodStart);
  if (month.periodStart === filing.periodStart && month.periodEnd === filing.periodEnd) {
    params.set('month', filing.periodStart.slice(0, 7));
  } else {
    params.set('from', filing.periodStart);
    params.set('to', filing.periodEnd);
  }
  return `${paths.transactions.getHref()}?${params.toString()}`;
}

const AMOUNT_LABEL: Record<FilingAmountKind, string> = {
  'vat-payable': 'calendar.filing.amount',
  balance: 'calendar.filing.balance',
  'net-listed': 'calendar.filing.netListed',
};

/**
 * How an annual return's balance follows (decision 045): the year's VAT less what the periodic returns declared, while
 * it is open; what it is in any case.
 */
function AnnualSettlementNote({ filing }: { filing: Filing }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const settlement = filing.annualSettlement;
  return (
    <span className="mt-1 block text-sm text-fg-secondary">
      {settlement ? (
        <span className="block">
          {t('calendar.filing.settlement', {
            year: filing.periodStart.slice(0, 4),
            total: format.money(settlement.vatForYearLocal, filing.currency),
            declared: format.money(settlement.declaredLocal, filing.currency),
          })}
        </span>
      ) : null}
      <span className="block">{t('calendar.filing.balanceHint')}</span>
    </span>
  );
}

/** A form that records something done ("Mark as filed", "Mark as paid"): its fields, then a button named like it. */
function MarkForm({
  title,
  hint,
  isPending,
  onSubmit,
  children,
}: {
  title: string;
  hint: string;
  isPending: boolean;
  onSubmit: (event: FormEvent) => void;
  children: React.ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-3 border-t border-border pt-4">
      <h3 className="text-base font-semibold text-fg">{title}</h3>
      <p className="text-sm text-fg-secondary">{hint}</p>
      <div className="grid gap-3 sm:grid-cols-2">{children}</div>
      <div>
        <Button type="submit" disabled={isPending}>
          {isPending ? t('calendar.filing.saving') : title}
        </Button>
      </div>
    </form>
  );
}

/** The undo of a mark entered by mistake ("Reopen", "Mark as not paid"), with what it does. */
function UndoSection({
  hint,
  label,
  isPending,
  onUndo,
}: {
  hint: string;
  label: string;
  isPending: boolean;
  onUndo: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-2 border-t border-border pt-4">
      <p className="text-sm text-fg-secondary">{hint}</p>
      <div>
        <Button variant="secondary" onClick={onUndo} disabled={isPending}>
          {isPending ? t('calendar.filing.saving') : label}
        </Button>
      </div>
    </div>
  );
}

/**
 * The payment of a filing whose VAT is paid apart from it (decision 051), filed or not: "Mark as paid" with the day,
 * or, once marked, the undo. The reminders leave a paid payment out.
 */
function PaymentSection({
  filing,
  onChanged,
  onError,
}: {
  filing: Filing;
  onChanged: (updated: Filing, notice: string) => void;
  onError: (message: string | null) => void;
}) {
  const { t } = useTranslation();
  const setPaid = useSetFilingPaid();
  const today = todayIsoDate();
  const [paidOn, setPaidOn] = useState(today);

  const save = (value: string | null, notice: string) =>
    setPaid.mutate(
      { filingId: filing.id, paidOn: value },
      {
        onSuccess: (updated) => onChanged(updated, notice),
        onError: (error) => onError(t('calendar.filing.errors.failed', { message: error.message })),
      },
    );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!paidOn) return onError(t('calendar.filing.errors.paidDateRequired'));
    if (paidOn > today) return onError(t('calendar.filing.errors.dateInFuture'));
    onError(null);
    save(paidOn, t('calendar.filing.markedPaid'));
  };

  if (filing.paidOn) {
    return (
      <UndoSection
        hint={t('calendar.filing.markUnpaidHint')}
        label={t('calendar.filing.markUnpaid')}
        isPending={setPaid.isPending}
        onUndo={() => save(null, t('calendar.filing.markedUnpaid'))}
      />
    );
  }
  return (
    <MarkForm
      title={t('calendar.filing.markPaid')}
      hint={t('calendar.filing.markPaidHint')}
      isPending={setPaid.isPending}
      onSubmit={submit}
    >
      <TextField
        type="date"
        isRequired
        max={today}
        label={t('calendar.filing.paidOnLabel')}
        value={paidOn}
        onChange={setPaidOn}
      />
    </MarkForm>
  );
}

/**
 * A filing's detail in a modal dialog (focus moves in, Escape closes, focus returns to the deadline): what, where,
 * which period, when due, how much; "Mark as filed" with the day and reference, or "Reopen" once filed; and where
 * the VAT is paid on a day of its own, "Mark as paid" or its undo.
 */
export function FilingDetail({ filing, onClose }: { filing: Filing; onClose: () => void }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const countryName = useCountryName();
  const filingTitle = useFilingTitle();
  const periodText = usePeriodText();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const markFiled = useMarkFilingFiled();
  const reopen = useReopenFiling();
  const [current, setCurrent] = useState(filing);
  const today = todayIsoDate();
  const [filedOn, setFiledOn] = useState(today);
  const [reference, setReference] = useState('');
  const [formError, setFormError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal?.();
    return () => dialog?.close?.();
  }, []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setNotice(null);
    if (!filedOn) return setFormError(t('calendar.filing.errors.dateRequired'));
    if (filedOn > today) return setFormError(t('calendar.filing.errors.dateInFuture'));
    if (reference.trim() === '') return setFormError(t('calendar.filing.errors.referenceRequired'));
    setFormError(null);
    markFiled.mutate(
      { filingId: current.id, filedOn, reference: reference.trim() },
      {
        onSuccess: (updated) => {
          setCurrent(updated);
          setNotice(t('calendar.filing.markedFiled'));
        },
        onError: (error) => setFormError(t('calendar.filing.errors.failed', { message: error.message })),
      },
    );
  };

  const doReopen = () => {
    setNotice(null);
    reopen.mutate(current.id, {
      onSuccess: (updated) => {
        setCurrent(updated);
        setReference('');
        setNotice(t('calendar.filing.reopened'));
      },
      onError: (error) => setFormError(t('calendar.filing.errors.failed', { message: error.message })),
    });
  };

  const isFiled = current.status === 'filed';
  const amount = format.money(current.amountLocal, current.currency);
  const amountKind = filingAmountKind(current.filingType);
  const transactionsHref = filingTransactionsHref(current);

  return (
    <dialog
      ref={dialogRef}
      aria-labelledby={titleId}
      onClose={onClose}
      className="m-auto w-[min(36rem,calc(100vw-2rem))] rounded-xl border border-border bg-surface p-0 text-fg shadow-xl backdrop:bg-overlay"
    >
      <div className="flex flex-col gap-4 p-5 sm:p-6">
        <div className="flex items-start justify-between gap-3">
          <h2 id={titleId} className="text-lg font-semibold text-fg">
            {filingTitle(current)}
          </h2>
          <Button variant="secondary" className="px-3 py-1.5" onClick={() => dialogRef.current?.close()}>
            {t('calendar.filing.close')}
          </Button>
        </div>
        <dl className="divide-y divide-border">
          <Field label={t('calendar.filing.country')}>
            {countryName(current.jurisdiction)} ({current.jurisdiction})
          </Field>
          <Field label={t('calendar.filing.type')}>{t(`calendar.types.${current.filingType}`)}</Field>
          <Field label={t('calendar.filing.periodLabel')}>
            {periodText(current)}{' '}
            <span className="text-fg-secondary">
              ({format.date(current.periodStart)} – {format.date(current.periodEnd)})
            </span>
          </Field>
          <Field label={t('calendar.filing.dueDate')}>
            {format.dateLong(current.dueDate)}
            {current.deadlineExtension ? (
              <span className="mt-1 block text-sm text-fg-secondary">
                {t('calendar.filing.extended', {
                  count: current.deadlineExtension.months,
                  name: current.deadlineExtension.name,
                })}
              </span>
            ) : null}
          </Field>
          {current.deadlineRule ? (
            <Field label={t('calendar.rule.label')}>
              <RuleText rule={current.deadlineRule} />
            </Field>
          ) : null}
          {current.paymentDue ? (
            <>
              <Field label={t('calendar.filing.paymentDue')}>{format.dateLong(current.paymentDue.date)}</Field>
              <Field label={t('calendar.rule.paymentLabel')}>
                <RuleText rule={current.paymentDue.rule} />
              </Field>
              {current.paidOn ? <Field label={t('calendar.filing.paidOn')}>{format.date(current.paidOn)}</Field> : null}
            </>
          ) : null}
          <Field label={t(AMOUNT_LABEL[amountKind])}>
            {current.currency === 'EUR'
              ? amount
              : t('calendar.filing.amountEur', { amount, eur: format.money(current.amountEur, 'EUR') })}
            {amountKind === 'net-listed' ? (
              <span className="mt-1 block text-sm text-fg-secondary">{t('calendar.filing.nothingToPay')}</span>
            ) : null}
            {amountKind === 'balance' ? <AnnualSettlementNote filing={current} /> : null}
          </Field>
          <Field label={t('calendar.filing.status')}>
            <FilingStatusBadge status={current.status} />
          </Field>
          {current.filedOn ? (
            <>
              <Field label={t('calendar.filing.filedOn')}>{format.date(current.filedOn)}</Field>
              <Field label={t('calendar.filing.reference')}>{current.filingReference}</Field>
            </>
          ) : null}
        </dl>
        <Link
          to={transactionsHref}
          className="self-start rounded-sm text-sm font-semibold text-primary-strong underline-offset-2 hover:underline focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-primary"
        >
          {t(
            current.filingType === 'ec-sales-list'
              ? 'calendar.filing.listedTransactions'
              : 'calendar.filing.transactions',
          )}
        </Link>
        <FilingLines filing={current} />
        <p role="status" className={cn('text-sm text-success', !notice && 'sr-only')}>
          {notice}
        </p>
        {isFiled ? (
          <UndoSection
            hint={t('calendar.filing.reopenHint')}
            label={t('calendar.filing.reopen')}
            isPending={reopen.isPending}
            onUndo={doReopen}
          />
        ) : (
          <MarkForm
            title={t('calendar.filing.markFiled')}
            hint={t('calendar.filing.markFiledHint')}
            isPending={markFiled.isPending}
            onSubmit={submit}
          >
            <TextField
              type="date"
              isRequired
              max={today}
              label={t('calendar.filing.filedOnLabel')}
              value={filedOn}
              onChange={setFiledOn}
            />
            <TextField
              isRequired
              maxLength={200}
              label={t('calendar.filing.referenceLabel')}
              value={reference}
              onChange={setReference}
            />
          </MarkForm>
        )}
        {current.paymentDue ? (
          <PaymentSection
            filing={current}
            onChanged={(updated, message) => {
              setCurrent(updated);
              setNotice(message);
            }}
            onError={setFormError}
          />
        ) : null}
        {formError ? (
          <p role="alert" className="text-sm font-medium text-danger">
            {formError}
          </p>
        ) : null}
      </div>
    </dialog>
  );
}

import { AUDIT_ACTIONS } from '@vatlas/contract';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { EmailAddress } from '../../../components/ui/email-address';
import { PageHeader, WorkspacePage } from '../../../components/ui/page-header';
import { useAdminAuditEvents } from '../api/list-admin-audit-events';
import { AdminTable, cellClass } from '../components/admin-table';
import { AuditDetails } from '../components/audit-details';
import { inputClass } from '../components/search-form';
import { SelectField } from '../components/select-field';
import { useDateTime } from '../hooks/use-date-time';
import { toQuery, useTableParams } from '../hooks/use-table-params';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function TextFilter({
  label,
  value,
  onApply,
  validate,
  type = 'text',
}: {
  label: string;
  value: string;
  onApply: (value: string) => void;
  validate?: (value: string) => string | null;
  type?: 'text' | 'email';
}) {
  const { t } = useTranslation();
  const id = useId();
  const [text, setText] = useState(value);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => setText(value), [value]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = text.trim();
    const found = trimmed && validate ? validate(trimmed) : null;
    setProblem(found);
    if (!found) onApply(trimmed);
  };
  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-2">
      <div className="flex flex-col gap-1">
        <label htmlFor={id} className="text-sm font-medium text-fg">
          {label}
        </label>
        <input
          id={id}
          type={type}
          value={text}
          onChange={(event) => setText(event.target.value)}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-problem` : undefined}
          className={`${inputClass} w-72 max-w-full`}
        />
        {problem ? (
          <p id={`${id}-problem`} className="text-sm text-danger">
            {problem}
          </p>
        ) : null}
      </div>
      <Button type="submit" variant="secondary">
        {t('adminArea.common.apply')}
      </Button>
    </form>
  );
}

export function AuditLogPage() {
  const { t } = useTranslation();
  const dateTime = useDateTime();
  const { filters, setFilter } = useTableParams(['action', 'companyId', 'actorEmail']);
  const query = useAdminAuditEvents(toQuery(filters));
  const events = query.data?.pages.flatMap((page) => page.items) ?? [];
  const none = t('adminArea.common.none');
  return (
    <WorkspacePage wide>
      <PageHeader title={t('adminArea.audit.title')} description={t('adminArea.audit.description')} />
      <div className="flex flex-wrap items-end gap-4">
        <SelectField
          label={t('adminArea.audit.action')}
          value={filters.action}
          onChange={(value) => setFilter('action', value)}
          options={[
            { value: '', label: t('adminArea.common.all') },
            ...AUDIT_ACTIONS.map((action) => ({ value: action, label: t(`adminArea.audit.actions.${action}`) })),
          ]}
        />
        <TextFilter
          label={t('adminArea.audit.actor')}
          type="email"
          value={filters.actorEmail}
          onApply={(value) => setFilter('actorEmail', value)}
        />
        <TextFilter
          label={t('adminArea.audit.company')}
          value={filters.companyId}
          onApply={(value) => setFilter('companyId', value)}
          validate={(value) => (UUID.test(value) ? null : t('adminArea.audit.invalidCompany'))}
        />
      </div>
      <AdminTable
        caption={t('adminArea.audit.caption')}
        columns={['time', 'action', 'actor', 'company', 'target', 'details'].map((key) => t(`adminArea.audit.${key}`))}
        query={query}
        isEmpty={events.length === 0}
        empty={{ title: t('adminArea.audit.empty'), text: t('adminArea.audit.emptyText') }}
      >
        {events.map((event) => (
          <tr key={event.id}>
            <td className={`${cellClass} whitespace-nowrap`}>{dateTime(event.occurredAt)}</td>
            <td className={`${cellClass} font-medium text-fg`}>{t(`adminArea.audit.actions.${event.action}`)}</td>
            <td className={cellClass}>
              {event.actorEmail ? <EmailAddress email={event.actorEmail} /> : t('adminArea.audit.anonymous')}
            </td>
            <td className={`${cellClass} font-mono text-xs break-all`}>{event.companyId ?? none}</td>
            <td className={`${cellClass} font-mono text-xs break-all`}>
              {event.targetType ? `${event.targetType} ${event.targetId ?? ''}` : none}
            </td>
            <td className={cellClass}>
              <AuditDetails details={event.details} />
            </td>
          </tr>
        ))}
      </AdminTable>
      {events.length > 0 ? (
        <div className="flex items-center gap-3" aria-live="polite">
          {query.hasNextPage ? (
            <Button variant="secondary" disabled={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
              {query.isFetchingNextPage ? t('adminArea.common.loading') : t('adminArea.audit.loadMore')}
            </Button>
          ) : (
            <p className="text-sm text-fg-secondary">{t('adminArea.audit.end')}</p>
          )}
        </div>
      ) : null}
    </WorkspacePage>
  );
}

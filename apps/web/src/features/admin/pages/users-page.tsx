import type { AdminUser } from '@vatlas/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { EmailAddress } from '../../../components/ui/email-address';
import { PageHeader, WorkspacePage } from '../../../components/ui/page-header';
import { useAuthStore } from '../../../lib/auth/auth-store';
import { useFormatters } from '../../../lib/format/format';
import { isHttpError } from '../../../lib/http/http-error';
import { useChangeUser } from '../api/change-user';
import { useAdminUsers } from '../api/list-admin-users';
import { AdminTable, cellClass, Pager } from '../components/admin-table';
import { ConfirmDialog } from '../components/confirm-dialog';
import { SearchForm } from '../components/search-form';
import { ADMIN_PAGE_SIZE, toQuery, useTableParams } from '../hooks/use-table-params';

type Kind = 'makeAdmin' | 'removeAdmin' | 'disable' | 'enable';
type Pending = { user: AdminUser; kind: Kind };

const CONFIRM: Record<Kind, { title: string; text: string; done: string }> = {
  makeAdmin: { title: 'confirmMakeAdminTitle', text: 'confirmMakeAdminText', done: 'madeAdmin' },
  removeAdmin: { title: 'confirmRemoveAdminTitle', text: 'confirmRemoveAdminText', done: 'removedAdmin' },
  disable: { title: 'confirmDisableTitle', text: 'confirmDisableText', done: 'disabledDone' },
  enable: { title: 'confirmEnableTitle', text: 'confirmEnableText', done: 'enabledDone' },
};

const KNOWN_REFUSALS: Record<string, string> = {
  cannot_remove_own_admin: 'adminArea.users.cannotRemoveOwnAdmin',
  cannot_disable_self: 'adminArea.users.cannotDisableSelf',
};

export function UsersPage() {
  const { t } = useTranslation();
  const format = useFormatters();
  const me = useAuthStore((state) => state.user);
  const { offset, filters, setFilter, setOffset } = useTableParams(['search']);
  const query = useAdminUsers(toQuery({ search: filters.search, offset, limit: ADMIN_PAGE_SIZE }));
  const change = useChangeUser();
  const [pending, setPending] = useState<Pending | null>(null);
  const [result, setResult] = useState<{ text: string; isError: boolean } | null>(null);
  const items = query.data?.items ?? [];

  const confirm = () => {
    if (!pending) return;
    const { user, kind } = pending;
    const body =
      kind === 'makeAdmin' || kind === 'removeAdmin'
        ? { isAdmin: kind === 'makeAdmin' }
        : { isDisabled: kind === 'disable' };
    change.mutate(
      { userId: user.id, ...body },
      {
        onSuccess: () =>
          setResult({ text: t(`adminArea.users.${CONFIRM[kind].done}`, { email: user.email }), isError: false }),
        onError: (error) => {
          const known = isHttpError(error) ? KNOWN_REFUSALS[error.code] : undefined;
          setResult({
            text: known ? t(known) : t('adminArea.users.changeFailed', { message: error.message }),
            isError: true,
          });
        },
        onSettled: () => setPending(null),
      },
    );
  };

  const actionButton = (user: AdminUser, kind: Kind) => (
    <Button
      variant="secondary"
      className="px-3 py-1.5"
      aria-label={t('adminArea.users.actionFor', { action: t(`adminArea.users.${kind}`), email: user.email })}
      onClick={() => {
        setResult(null);
        setPending({ user, kind });
      }}
    >
      {t(`adminArea.users.${kind}`)}
    </Button>
  );

  return (
    <WorkspacePage wide>
      <PageHeader title={t('adminArea.users.title')} description={t('adminArea.users.description')} />
      <SearchForm
        label={t('adminArea.users.searchLabel')}
        value={filters.search}
        onSearch={(value) => setFilter('search', value)}
      />
      <p
        role="status"
        aria-live="polite"
        className={
          result
            ? `rounded-md border p-3 text-sm ${result.isError ? 'border-danger text-danger' : 'border-success text-fg'}`
            : 'sr-only'
        }
      >
        {result?.text ?? ''}
      </p>
      <AdminTable
        caption={t('adminArea.users.caption')}
        columns={['email', 'name', 'role', 'status', 'companies', 'actions'].map((key) => t(`adminArea.users.${key}`))}
        query={query}
        isEmpty={items.length === 0}
        empty={{ title: t('adminArea.users.empty'), text: t('adminArea.users.emptyText') }}
      >
        {items.map((user) => {
          const isMe = user.id === me?.userId;
          return (
            <tr key={user.id}>
              <td className={`${cellClass} font-medium text-fg`}>
                <EmailAddress email={user.email} />{' '}
                {isMe ? <span className="whitespace-nowrap text-fg-secondary">{t('adminArea.users.you')}</span> : null}
              </td>
              <td className={cellClass}>
                {[user.firstName, user.lastName].filter(Boolean).join(' ') || t('adminArea.common.none')}
              </td>
              <td className={cellClass}>
                {t(user.isAdmin ? 'adminArea.users.administrator' : 'adminArea.users.user')}
              </td>
              <td className={cellClass}>
                <span className={user.isDisabled ? 'font-semibold text-danger' : 'text-fg'}>
                  {t(user.isDisabled ? 'adminArea.users.disabled' : 'adminArea.users.active')}
                </span>
                {user.hasSignedIn ? null : (
                  <span className="block text-xs text-fg-secondary">{t('adminArea.users.invited')}</span>
                )}
              </td>
              <td className={cellClass}>{format.number(user.companyCount)}</td>
              <td className={cellClass}>
                <div className="flex flex-wrap gap-2">
                  {user.isAdmin ? (isMe ? null : actionButton(user, 'removeAdmin')) : actionButton(user, 'makeAdmin')}
                  {user.isDisabled ? actionButton(user, 'enable') : isMe ? null : actionButton(user, 'disable')}
                </div>
              </td>
            </tr>
          );
        })}
      </AdminTable>
      {query.data ? (
        <Pager offset={offset} limit={ADMIN_PAGE_SIZE} total={query.data.total} onChange={setOffset} />
      ) : null}
      <ConfirmDialog
        isOpen={pending !== null}
        isBusy={change.isPending}
        title={pending ? t(`adminArea.users.${CONFIRM[pending.kind].title}`, { email: pending.user.email }) : ''}
        text={pending ? t(`adminArea.users.${CONFIRM[pending.kind].text}`) : ''}
        confirmLabel={pending ? t(`adminArea.users.${pending.kind}`) : ''}
        onConfirm={confirm}
        onCancel={() => {
          if (!change.isPending) setPending(null);
        }}
      />
    </WorkspacePage>
  );
}

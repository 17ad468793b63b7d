import type { CompanyUser } from '@vatlas/contract';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { EmailAddress } from '../../../components/ui/email-address';
import { EmptyState } from '../../../components/ui/empty-state';
import { ScrollTable } from '../../../components/ui/scroll-region';
import { Skeleton } from '../../../components/ui/skeleton';
import { useAuthStore } from '../../../lib/auth/auth-store';
import { cn } from '../../../lib/cn';
import { useFormatters } from '../../../lib/format/format';
import { useCompanyUsers } from '../api/list-company-users';
import { canManageCompanyUsers, displayName, getRemoveAction } from '../company-users';
import { AddUserDialog } from '../components/add-user-dialog';
import { RemoveUserDialog } from '../components/remove-user-dialog';
import { SaveStatus, SettingsSection } from '../components/settings-section';

/**
 * The people of the selected company with their role and whether they have signed in yet. Owners (and
 * administrators) add people and remove them after a confirmation; everyone else sees the list read-only, with the
 * reason. The company's only owner can never be removed, and the row says so.
 */
export function CompanyUsersPage() {
  const { t } = useTranslation();
  const companyId = useAuthStore((state) => state.selectedCompanyId);
  const user = useAuthStore((state) => state.user);
  const companyName =
    useAuthStore((state) => state.selectedCompanyDetails?.legalNameOfBusiness) ??
    user?.selectedCompany?.legalNameOfBusiness ??
    '';
  const users = useCompanyUsers(companyId);
  const [isAdding, setIsAdding] = useState(false);
  const [removing, setRemoving] = useState<{ user: CompanyUser; trigger: HTMLElement | null } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const addButtonId = useId();
  const pageFocusTarget = () => document.getElementById(addButtonId);

  const viewer = { userId: user?.userId ?? '', isAdmin: user?.isAdmin ?? false };
  const list = users.data ?? [];
  const canManage = users.isSuccess && canManageCompanyUsers(list, viewer);

  return (
    <SettingsSection
      id="settings-users"
      title={t('settings.sections.users.title')}
      description={t('settings.users.description', { company: companyName })}
      actions={
        canManage ? (
          <Button
            id={addButtonId}
            onClick={() => {
              setNotice(null);
              setIsAdding(true);
            }}
          >
            {t('settings.users.addButton')}
          </Button>
        ) : null
      }
    >
      <div className="flex flex-col gap-4">
        {users.isSuccess && !canManage ? (
          <p className="rounded-md border border-border bg-light px-3 py-2 text-sm text-fg-secondary">
            {t('settings.users.readOnly')}
          </p>
        ) : null}
        {notice ? <SaveStatus tone="success">{notice}</SaveStatus> : null}
        {users.isPending ? (
          <div aria-busy="true" className="flex flex-col gap-3">
            <span className="sr-only" role="status">
              {t('settings.users.loading')}
            </span>
            <Skeleton className="h-10 w-full" />
            <Skeleton className="h-10 w-full" />
            <Skeleton className="h-10 w-full" />
          </div>
        ) : users.isError ? (
          <div className="flex flex-col items-start gap-3">
            <p role="alert" className="text-sm text-danger">
              {t('settings.users.loadFailed', { message: users.error.message })}
            </p>
            <Button variant="secondary" onClick={() => void users.refetch()}>
              {t('settings.retry')}
            </Button>
          </div>
        ) : list.length === 0 ? (
          <EmptyState title={t('settings.users.empty.title')} text={t('settings.users.empty.text')} />
        ) : (
          <UsersTable
            users={list}
            viewer={viewer}
            onRemove={(target, trigger) => {
              setNotice(null);
              setRemoving({ user: target, trigger });
            }}
          />
        )}
      </div>

      {isAdding && companyId ? (
        <AddUserDialog
          companyId={companyId}
          companyName={companyName}
          returnFocusTo={pageFocusTarget}
          onClose={() => setIsAdding(false)}
          onAdded={(added, kind) =>
            setNotice(
              kind === 'existing-user'
                ? t('settings.users.addedExisting', { name: displayName(added) ?? added.email, email: added.email })
                : t('settings.users.invited', { email: added.email }),
            )
          }
        />
      ) : null}
      {removing && companyId ? (
        <RemoveUserDialog
          user={removing.user}
          companyId={companyId}
          companyName={companyName}
          trigger={removing.trigger}
          fallbackFocus={pageFocusTarget}
          onClose={() => setRemoving(null)}
          onRemoved={(removed) => setNotice(t('settings.users.removed', { email: removed.email }))}
        />
      ) : null}
    </SettingsSection>
  );
}

function UsersTable({
  users,
  viewer,
  onRemove,
}: {
  users: CompanyUser[];
  viewer: { userId: string; isAdmin: boolean };
  onRemove: (user: CompanyUser, trigger: HTMLElement | null) => void;
}) {
  const { t } = useTranslation();
  const format = useFormatters();
  return (
    <ScrollTable
      caption={t('settings.users.caption')}
      scrollClassName="-mx-4 sm:mx-0"
      className="w-full min-w-[40rem] border-collapse text-left text-sm"
    >
      <thead>
        <tr className="border-b border-border text-fg">
          <th scope="col" className="px-4 py-2 font-semibold sm:pl-0">
            {t('settings.users.columns.name')}
          </th>
          <th scope="col" className="px-2 py-2 font-semibold">
            {t('settings.users.columns.email')}
          </th>
          <th scope="col" className="px-2 py-2 font-semibold">
            {t('settings.users.columns.role')}
          </th>
          <th scope="col" className="px-2 py-2 font-semibold">
            {t('settings.users.columns.status')}
          </th>
          <th scope="col" className="px-4 py-2 font-semibold sm:pr-0">
            <span className="sr-only">{t('settings.users.columns.actions')}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {users.map((user) => {
          const name = displayName(user);
          const action = getRemoveAction(user, users, viewer);
          return (
            <tr key={user.userId} className="border-b border-border last:border-b-0">
              <td className="px-4 py-3 align-top sm:pl-0">
                <span className={cn('block font-medium', name ? 'text-fg' : 'text-fg-secondary')}>
                  {name ?? t('settings.users.noName')}
                </span>
                {user.userId === viewer.userId ? (
                  <span className="text-xs text-fg-secondary">{t('settings.users.you')}</span>
                ) : null}
              </td>
              <td className="px-2 py-3 align-top text-fg">
                <EmailAddress email={user.email} />
              </td>
              <td className="px-2 py-3 align-top text-fg">{t(`settings.users.roles.${user.role}`)}</td>
              <td className="px-2 py-3 align-top">
                <span
                  className={cn(
                    'inline-flex rounded-full border px-2 py-0.5 text-xs font-medium',
                    user.status === 'active' ? 'border-success text-success' : 'border-warning text-fg',
                  )}
                >
                  {t(`settings.users.statuses.${user.status}`)}
                </span>
                <span className="mt-1 block text-xs text-fg-secondary">
                  {t(user.status === 'active' ? 'settings.users.addedOn' : 'settings.users.invitedOn', {
                    date: format.date(user.addedAt.slice(0, 10)),
                  })}
                </span>
              </td>
              <td className="px-4 py-3 text-right align-top sm:pr-0">
                {action.kind === 'remove' ? (
                  <Button
                    variant="secondary"
                    className="px-3 py-1.5 text-danger"
                    aria-label={t('settings.users.removeLabel', { name: name ?? user.email })}
                    onClick={(event) => onRemove(user, event.currentTarget)}
                  >
                    {t('settings.users.removeButton')}
                  </Button>
                ) : action.kind === 'last-owner' ? (
                  <span className="block max-w-48 text-left text-xs text-fg-secondary sm:ml-auto">
                    {t('settings.users.lastOwner')}
                  </span>
                ) : null}
              </td>
            </tr>
          );
        })}
      </tbody>
    </ScrollTable>
  );
}

import type { CompanyUser } from '@vatlas/contract';
import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { isHttpError } from '../../../lib/http/http-error';
import { useRemoveCompanyUser } from '../api/remove-company-user';
import { displayName } from '../company-users';
import { ModalDialog } from './modal-dialog';
import { SaveStatus } from './settings-section';

function removeErrorKey(error: unknown): string {
  if (isHttpError(error)) {
    if (error.code === 'last_owner') return 'settings.users.remove.errors.lastOwner';
    if (error.code === 'member_not_found') return 'settings.users.remove.errors.notMember';
    if (error.code === 'company_role_required') return 'settings.users.remove.errors.ownersOnly';
    if (error.kind === 'timeout' || error.kind === 'network') return 'settings.users.remove.errors.network';
  }
  return 'settings.users.remove.errors.failed';
}

/** Asks before removing a person from the company; Cancel has the focus, so Enter alone never removes anyone. */
export function RemoveUserDialog({
  user,
  companyId,
  companyName,
  trigger,
  fallbackFocus,
  onClose,
  onRemoved,
}: {
  user: CompanyUser;
  companyId: string;
  companyName: string;
  /** The row's Remove button, which gets the focus back on Cancel. */
  trigger: HTMLElement | null;
  /** Where the focus goes once the row is gone. */
  fallbackFocus: () => HTMLElement | null;
  onClose: () => void;
  onRemoved: (user: CompanyUser) => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const textId = useId();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const remove = useRemoveCompanyUser(companyId);
  const isRemovedRef = useRef(false);
  const who = displayName(user) ?? user.email;

  return (
    <ModalDialog
      titleId={titleId}
      describedById={textId}
      onClose={onClose}
      returnFocusTo={() => (isRemovedRef.current || !trigger?.isConnected ? fallbackFocus() : trigger)}
      dialogRef={dialogRef}
    >
      <h2 id={titleId} className="text-lg font-semibold text-fg">
        {t('settings.users.remove.title', { name: who })}
      </h2>
      <p id={textId} className="text-sm text-fg-secondary">
        {t('settings.users.remove.text', { email: user.email, company: companyName })}
      </p>
      {remove.isError ? <SaveStatus tone="danger">{t(removeErrorKey(remove.error))}</SaveStatus> : null}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" autoFocus onClick={() => dialogRef.current?.close()}>
          {t('settings.users.remove.cancel')}
        </Button>
        <Button
          className="bg-danger text-on-primary hover:brightness-90"
          disabled={remove.isPending}
          onClick={() =>
            remove.mutate(user.email, {
              onSuccess: () => {
                isRemovedRef.current = true;
                onRemoved(user);
                dialogRef.current?.close();
              },
            })
          }
        >
          {remove.isPending ? t('settings.users.remove.removing') : t('settings.users.remove.confirm')}
        </Button>
      </div>
    </ModalDialog>
  );
}

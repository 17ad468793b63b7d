import { EDIT_CONFLICT } from '@vatlas/contract';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { cn } from '../cn';
import { isHttpError } from '../http/http-error';

/** A save refused because its record was written after the form was filled (409 edit_conflict, decision 052). */
export const isEditConflict = (error: unknown): boolean =>
  isHttpError(error) && error.status === 409 && error.code === EDIT_CONFLICT;

/**
 * What a form shows of an edit conflict: that nothing was saved, and a button that loads what is stored now, dropping
 * the form's edits; focus then moves to the form's first field. `onReload` refills the form and resolves when done.
 */
export function EditConflictAlert({ onReload, className }: { onReload: () => Promise<unknown>; className?: string }) {
  const { t } = useTranslation();
  const [isReloading, setIsReloading] = useState(false);
  const [hasFailed, setHasFailed] = useState(false);
  const alertRef = useRef<HTMLDivElement>(null);

  const reload = async () => {
    const form = alertRef.current?.closest('form');
    setIsReloading(true);
    setHasFailed(false);
    try {
      await onReload();
      form?.querySelector<HTMLElement>('input:not([type=hidden]), select, textarea')?.focus();
    } catch {
      setHasFailed(true);
      setIsReloading(false);
    }
  };

  return (
    <div
      ref={alertRef}
      role="alert"
      className={cn(
        'flex basis-full flex-col items-start gap-2 rounded-md border border-danger bg-surface p-3',
        className,
      )}
    >
      <p className="text-sm font-medium text-danger">{t('errors.editConflict.message')}</p>
      {hasFailed ? <p className="text-sm text-danger">{t('errors.editConflict.reloadFailed')}</p> : null}
      <Button variant="secondary" onClick={() => void reload()} disabled={isReloading}>
        {isReloading ? t('errors.editConflict.reloading') : t('errors.editConflict.reload')}
      </Button>
    </div>
  );
}

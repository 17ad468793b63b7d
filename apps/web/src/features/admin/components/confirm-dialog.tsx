import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';

/**
 * A question before a consequential change, as a native modal <dialog>: the page behind is inert, Escape cancels,
 * and focus starts on Cancel so Enter never confirms by accident.
 */
export function ConfirmDialog({
  title,
  text,
  confirmLabel,
  isOpen,
  isBusy,
  onConfirm,
  onCancel,
}: {
  title: string;
  text: string;
  confirmLabel: string;
  isOpen: boolean;
  isBusy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const dialogRef = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (isOpen && !dialog.open) {
      dialog.showModal();
      // Cancel is the first button.
      dialog.querySelector('button')?.focus();
    } else if (!isOpen && dialog.open) {
      dialog.close();
    }
  }, [isOpen]);
  return (
    <dialog
      ref={dialogRef}
      aria-labelledby="admin-confirm-title"
      aria-describedby="admin-confirm-text"
      onClose={onCancel}
      className="m-auto w-full max-w-md rounded-xl bg-surface p-6 text-fg shadow-2xl backdrop:bg-gray-900/50"
    >
      <h2 id="admin-confirm-title" className="text-lg font-semibold">
        {title}
      </h2>
      <p id="admin-confirm-text" className="mt-2 text-sm text-fg-secondary">
        {text}
      </p>
      <div className="mt-6 flex justify-end gap-2">
        <Button variant="secondary" onClick={() => dialogRef.current?.close()}>
          {t('adminArea.common.cancel')}
        </Button>
        <Button onClick={onConfirm} disabled={isBusy}>
          {confirmLabel}
        </Button>
      </div>
    </dialog>
  );
}

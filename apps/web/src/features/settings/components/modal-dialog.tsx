import { type ReactNode, useEffect, useRef } from 'react';

/**
 * A native modal <dialog> opened with showModal: the page behind is inert, focus moves into the dialog (to the
 * element with `autoFocus`, else the first focusable one), Escape closes it, and focus returns to `returnFocusTo`.
 */
export function ModalDialog({
  titleId,
  describedById,
  onClose,
  returnFocusTo,
  children,
  dialogRef: externalRef,
}: {
  titleId: string;
  describedById?: string;
  onClose: () => void;
  /** Asked when the dialog closes, so it can name an element that exists by then. */
  returnFocusTo: () => HTMLElement | null;
  children: ReactNode;
  dialogRef?: React.RefObject<HTMLDialogElement | null>;
}) {
  const ownRef = useRef<HTMLDialogElement>(null);
  const ref = externalRef ?? ownRef;
  const returnFocusRef = useRef(returnFocusTo);
  returnFocusRef.current = returnFocusTo;

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal?.();
    const returnFocus = returnFocusRef;
    return () => {
      dialog?.close?.();
      returnFocus.current()?.focus({ preventScroll: true });
    };
  }, [ref]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={describedById}
      onClose={onClose}
      className="m-auto w-[min(34rem,calc(100vw-2rem))] rounded-xl border border-border bg-surface p-0 text-fg shadow-xl backdrop:bg-overlay"
    >
      <div className="flex flex-col gap-4 p-5 sm:p-6">{children}</div>
    </dialog>
  );
}

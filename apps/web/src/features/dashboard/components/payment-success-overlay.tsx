import { type KeyboardEvent, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';

const FOCUSABLE = 'a[href], button:not([disabled]), input, select, textarea, [tabindex]:not([tabindex="-1"])';

/**
 * The payment-success dialog: modal (focus stays inside, Tab wraps), closed by its button or Escape, and gives the
 * focus back to where it was.
 */
export function PaymentSuccessOverlay({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const dialogRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    dialogRef.current?.querySelector<HTMLElement>('button')?.focus();
    return () => previous?.focus();
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onClose();
      return;
    }
    if (event.key !== 'Tab' || !dialogRef.current) return;
    const focusable = [...dialogRef.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-overlay p-4">
      <div
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby="payment-success-title"
        aria-describedby="payment-success-text"
        onKeyDown={onKeyDown}
        className="w-full max-w-md rounded-xl border border-border bg-surface p-6 shadow-lg"
      >
        <h2 id="payment-success-title" className="text-xl font-semibold text-fg">
          {t('dashboard.payment.title')}
        </h2>
        <p id="payment-success-text" className="mt-2 text-sm text-fg-secondary">
          {t('dashboard.payment.text')}
        </p>
        <div className="mt-6 flex justify-end">
          <Button onClick={onClose}>{t('dashboard.payment.close')}</Button>
        </div>
      </div>
    </div>
  );
}

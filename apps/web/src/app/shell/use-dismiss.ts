import { type RefObject, useCallback, useEffect, useRef } from 'react';

/**
 * Shared behaviour of the shell's disclosures: Escape closes and returns focus to the button that opened it, a press
 * outside closes; and whenever the disclosure closes after being open with focus inside it (a link, Escape), focus
 * goes back to that button instead of being lost on a removed element.
 */
export function useDismiss({
  isOpen,
  close,
  triggerRef,
  panelRef,
}: {
  isOpen: boolean;
  close: () => void;
  triggerRef: RefObject<HTMLElement | null>;
  panelRef: RefObject<HTMLElement | null>;
}): () => void {
  const shouldReturnFocus = useRef(false);

  useEffect(() => {
    if (!isOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      shouldReturnFocus.current = true;
      close();
    };
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node | null;
      if (!target || panelRef.current?.contains(target) || triggerRef.current?.contains(target)) return;
      close();
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [isOpen, close, triggerRef, panelRef]);

  useEffect(() => {
    if (isOpen || !shouldReturnFocus.current) return;
    shouldReturnFocus.current = false;
    triggerRef.current?.focus();
  }, [isOpen, triggerRef]);

  /** Closes and puts focus back on the trigger (Escape, a link or the close button inside the panel). */
  return useCallback(() => {
    shouldReturnFocus.current = true;
    close();
  }, [close]);
}

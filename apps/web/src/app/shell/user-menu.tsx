import { useCallback, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { useAuthServices } from '../../lib/auth/auth-services';
import { useAuthStore } from '../../lib/auth/auth-store';
import { cn } from '../../lib/cn';
import { focusRing } from './focus-ring';
import { NavIcon } from './nav-icons';
import { useDismiss } from './use-dismiss';

const itemClassName = cn(
  'flex w-full items-center gap-2 rounded-md px-3 py-2 text-left text-sm font-medium text-fg hover:bg-gray-100',
  focusRing,
);

/**
 * The user menu as a disclosure (button with aria-expanded/aria-controls, a plain list of a link and a button): Tab
 * moves through it in order, Escape closes it and returns focus, leaving it with Tab or a press outside closes it.
 */
export function UserMenu({ showSettings }: { showSettings: boolean }) {
  const { t } = useTranslation();
  const { signOut } = useAuthServices();
  const email = useAuthStore((state) => state.user?.email);
  const [isOpen, setIsOpen] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const close = useCallback(() => setIsOpen(false), []);
  const dismiss = useDismiss({ isOpen, close, triggerRef, panelRef });

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: not an interaction: focus leaving the menu (Tab past its end) closes it.
    <div
      className="relative"
      onBlur={(event) => {
        if (isOpen && !event.currentTarget.contains(event.relatedTarget as Node | null)) close();
      }}
    >
      <button
        ref={triggerRef}
        type="button"
        aria-expanded={isOpen}
        aria-controls={panelId}
        onClick={() => setIsOpen((open) => !open)}
        className={cn(
          'inline-flex min-h-10 items-center gap-2 rounded-md border border-border bg-surface px-3 py-2 text-sm font-medium text-fg hover:bg-gray-100',
          focusRing,
        )}
      >
        <NavIcon name="user" className="size-5 text-fg-secondary" />
        <span className="sr-only">{t('shell.userMenu.label')}</span>
        {email ? <span className="hidden max-w-56 truncate sm:inline">{email}</span> : null}
        <NavIcon name="chevronDown" className={cn('size-4 text-fg-secondary transition', isOpen && 'rotate-180')} />
      </button>
      <div
        ref={panelRef}
        id={panelId}
        hidden={!isOpen}
        className="absolute right-0 top-full z-30 mt-2 w-64 max-w-[calc(100vw-2rem)] rounded-md border border-border bg-surface p-2 shadow-lg"
      >
        {isOpen ? (
          <>
            {email ? (
              <p className="border-b border-border px-3 pt-1 pb-2 text-sm text-fg-secondary">
                {t('shell.userMenu.signedInAs')}
                <span className="block font-medium wrap-anywhere text-fg">{email}</span>
              </p>
            ) : null}
            <ul className="mt-1 flex flex-col gap-1">
              {showSettings ? (
                <li>
                  <Link to={paths.settings.getHref()} onClick={dismiss} className={itemClassName}>
                    <NavIcon name="settings" className="size-4 text-fg-secondary" />
                    {t('shell.userMenu.settings')}
                  </Link>
                </li>
              ) : null}
              <li>
                <button
                  type="button"
                  className={itemClassName}
                  onClick={() => {
                    close();
                    void signOut();
                  }}
                >
                  {t('shell.signOut')}
                </button>
              </li>
            </ul>
          </>
        ) : null}
      </div>
    </div>
  );
}

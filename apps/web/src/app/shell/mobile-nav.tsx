import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn';
import { Brand } from './brand';
import { focusRing } from './focus-ring';
import { NavIcon } from './nav-icons';
import { BrandingLinks, WorkspaceNav } from './sidebar-nav';

/**
 * Below `lg` the sidebar opens as this overlay panel. It is modal (the rest of the shell is inert while it is open):
 * focus moves to its close button; Escape, the close button, a link or the backdrop close it (see AppShell).
 */
export function MobileNavPanel({ id, onClose }: { id: string; onClose: () => void }) {
  const { t } = useTranslation();
  const closeRef = useRef<HTMLButtonElement>(null);
  const titleId = `${id}-title`;

  useEffect(() => {
    closeRef.current?.focus();
  }, []);

  return (
    <div className="fixed inset-0 z-40 lg:hidden">
      {/* biome-ignore lint/a11y/noStaticElementInteractions: the backdrop is a pointer shortcut; Escape and the close button are the keyboard paths. */}
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: as above, the keyboard closes the panel with Escape or its close button. */}
      <div className="absolute inset-0 bg-overlay" onClick={onClose} data-testid="mobile-nav-backdrop" />
      <div
        id={id}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        className="absolute inset-y-0 left-0 flex w-72 max-w-[85vw] flex-col gap-6 overflow-y-auto bg-sidebar p-4 shadow-xl"
      >
        <div className="flex items-center justify-between gap-2">
          <h2 id={titleId} className="sr-only">
            {t('shell.menu.title')}
          </h2>
          <Brand isLink={false} />
          <button
            ref={closeRef}
            type="button"
            onClick={onClose}
            className={cn('rounded-md p-2 text-fg-secondary hover:bg-gray-100 hover:text-fg', focusRing)}
          >
            <NavIcon name="close" />
            <span className="sr-only">{t('shell.menu.close')}</span>
          </button>
        </div>
        <WorkspaceNav onNavigate={onClose} />
        <BrandingLinks className="mt-auto" />
      </div>
    </div>
  );
}

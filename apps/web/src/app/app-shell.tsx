import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { Button } from '../components/ui/button';
import { useAuthStore } from '../lib/auth/auth-store';
import { cn } from '../lib/cn';
import { AccountSwitchers } from './account-switchers';
import { Brand } from './shell/brand';
import { focusRing } from './shell/focus-ring';
import { LanguageSwitcher } from './shell/language-switcher';
import { MobileNavPanel } from './shell/mobile-nav';
import { NavIcon } from './shell/nav-icons';
import { isOnboardingPath } from './shell/nav-items';
import { BrandingLinks, WorkspaceNav } from './shell/sidebar-nav';
import { useDismiss } from './shell/use-dismiss';
import { UserMenu } from './shell/user-menu';

/** Tailwind's `lg`: from here the sidebar is always shown and the overlay panel has no place. */
const LARGE_SCREEN_QUERY = '(min-width: 64rem)';

/**
 * The frame of every signed-in page: a skip link, the sidebar with the workspace navigation and the theme's branding
 * (an overlay panel behind "Menu" below `lg`), a top bar with the company and tenant switchers, the language and the
 * user menu, the shell's notice, and the page in <main>. During onboarding no workspace navigation is offered: those
 * pages would only send the user back to onboarding.
 */
export function AppShell() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const notice = useAuthStore((state) => state.notice);
  const setNotice = useAuthStore((state) => state.setNotice);
  const showNavigation = !isOnboardingPath(pathname);

  const [isMenuOpen, setIsMenuOpen] = useState(false);
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const menuPanelRef = useRef<HTMLDivElement>(null);
  const menuPanelId = useId();
  const closeMenu = useCallback(() => setIsMenuOpen(false), []);
  const dismissMenu = useDismiss({
    isOpen: isMenuOpen,
    close: closeMenu,
    triggerRef: menuButtonRef,
    panelRef: menuPanelRef,
  });

  // A navigation by other means (back button) or a window grown to `lg` closes the panel.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the path is the trigger, not an input.
  useEffect(() => closeMenu(), [pathname, closeMenu]);
  useEffect(() => {
    if (!isMenuOpen || typeof window.matchMedia !== 'function') return;
    const query = window.matchMedia(LARGE_SCREEN_QUERY);
    const onChange = () => {
      if (query.matches) closeMenu();
    };
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, [isMenuOpen, closeMenu]);

  return (
    <>
      <div inert={isMenuOpen} className="flex min-h-screen bg-body">
        <a
          href="#main-content"
          className={cn(
            'sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-md focus:bg-surface focus:px-4 focus:py-2 focus:text-sm focus:font-semibold focus:text-primary-strong focus:shadow-lg',
            focusRing,
          )}
        >
          {t('shell.skipToContent')}
        </a>
        {showNavigation ? (
          <aside
            aria-label={t('shell.sidebar')}
            className="sticky top-0 hidden h-screen w-64 shrink-0 flex-col gap-6 overflow-y-auto border-r border-border bg-sidebar p-4 lg:flex"
          >
            <Brand isLink className="px-2" />
            <WorkspaceNav />
            <BrandingLinks className="mt-auto px-2" />
          </aside>
        ) : null}
        <div className="flex min-w-0 flex-1 flex-col">
          <header className="flex flex-wrap items-center gap-x-4 gap-y-3 border-b border-border bg-sidebar px-4 py-3 sm:px-6">
            {showNavigation ? (
              <button
                ref={menuButtonRef}
                type="button"
                aria-expanded={isMenuOpen}
                aria-controls={menuPanelId}
                onClick={() => setIsMenuOpen(true)}
                className={cn(
                  'inline-flex min-h-10 items-center gap-2 rounded-md border border-border bg-surface px-3 py-2 text-sm font-medium text-fg hover:bg-gray-100 lg:hidden',
                  focusRing,
                )}
              >
                <NavIcon name="menu" />
                {t('shell.menu.open')}
              </button>
            ) : null}
            <Brand isLink={showNavigation} className={showNavigation ? 'lg:hidden' : undefined} />
            {/* On a phone the group dissolves (contents): the user menu joins the first row, the switchers and the
                language take rows of their own below; from `sm` they sit together at the end of the bar. */}
            <div className="contents sm:ml-auto sm:flex sm:min-w-0 sm:flex-wrap sm:items-center sm:justify-end sm:gap-x-4 sm:gap-y-2">
              <AccountSwitchers className="order-2 w-full sm:order-none sm:w-auto" />
              <LanguageSwitcher className="order-3 sm:order-none" />
              <div className="order-1 ml-auto sm:order-none sm:ml-0">
                <UserMenu showSettings={showNavigation} />
              </div>
            </div>
          </header>
          <main id="main-content" tabIndex={-1} className="flex-1 focus:outline-none">
            {notice ? (
              <div
                role="alert"
                className="flex flex-wrap items-center justify-between gap-4 border-b border-border bg-light px-4 py-3 text-sm text-danger sm:px-6"
              >
                <span>{t(notice.key, notice.values)}</span>
                <Button variant="secondary" onClick={() => setNotice(null)}>
                  {t('shell.dismiss')}
                </Button>
              </div>
            ) : null}
            <Outlet />
          </main>
          {showNavigation ? null : (
            <footer className="border-t border-border bg-sidebar px-4 py-3 sm:px-6">
              <BrandingLinks />
            </footer>
          )}
        </div>
      </div>
      {isMenuOpen ? (
        <div ref={menuPanelRef}>
          <MobileNavPanel id={menuPanelId} onClose={dismissMenu} />
        </div>
      ) : null}
    </>
  );
}

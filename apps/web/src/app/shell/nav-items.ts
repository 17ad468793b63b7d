import { matchPath } from 'react-router';
import { paths } from '../../config/paths';
import type { NavIconName } from './nav-icons';

export type NavItem = {
  id: 'dashboard' | 'analytics' | 'calendar' | 'dataUpload' | 'transactions' | 'settings' | 'admin';
  href: string;
  icon: NavIconName;
  /** Nested screens (data upload steps, admin pages) keep their section active. */
  isNested: boolean;
};

const NAV_ITEMS: readonly NavItem[] = [
  { id: 'dashboard', href: paths.dashboard.getHref(), icon: 'dashboard', isNested: false },
  { id: 'analytics', href: paths.analytics.getHref(), icon: 'analytics', isNested: false },
  { id: 'calendar', href: paths.calendar.getHref(), icon: 'calendar', isNested: false },
  { id: 'dataUpload', href: paths.dataUpload.getHref(), icon: 'upload', isNested: true },
  { id: 'transactions', href: paths.transactions.getHref(), icon: 'transactions', isNested: false },
  { id: 'settings', href: paths.settings.getHref(), icon: 'settings', isNested: true },
  { id: 'admin', href: paths.admin.root.getHref(), icon: 'admin', isNested: true },
];

/** The workspace navigation of this user: Admin only for administrators (the admin guard refuses the rest). */
export function getNavItems(isAdmin: boolean): readonly NavItem[] {
  return NAV_ITEMS.filter((item) => item.id !== 'admin' || isAdmin);
}

function collectPatterns(entry: unknown, into: string[]): string[] {
  if (entry && typeof entry === 'object') {
    const record = entry as Record<string, unknown>;
    if (typeof record.path === 'string') into.push(record.path);
    for (const value of Object.values(record)) if (value && typeof value === 'object') collectPatterns(value, into);
  }
  return into;
}

/** Every route of the registry except the dashboard's own, which the router also shows for `/` and unknown paths. */
const NON_DASHBOARD_PATTERNS = collectPatterns(paths, [])
  .filter((pattern) => pattern !== paths.home.path && pattern !== paths.dashboard.path)
  .concat(`${paths.dataUpload.path}/*`, `${paths.admin.root.path}/*`, `${paths.onboarding.root.path}/*`);

/** True where the router shows the dashboard: `/`, `/dashboard` and any path no other route claims (spec §2). */
export function isDashboardPath(pathname: string): boolean {
  return !NON_DASHBOARD_PATTERNS.some((pattern) => matchPath(pattern, pathname) !== null);
}

export function isNavItemActive(item: NavItem, pathname: string): boolean {
  if (item.id === 'dashboard') return isDashboardPath(pathname);
  return matchPath({ path: item.href, end: !item.isNested }, pathname) !== null;
}

/** Onboarding pages redirect every workspace page back to onboarding, so the shell offers no navigation there. */
export function isOnboardingPath(pathname: string): boolean {
  return matchPath({ path: paths.onboarding.root.path, end: false }, pathname) !== null;
}

import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { cn } from '../../../lib/cn';

const base =
  'inline-flex items-center justify-center gap-2 rounded-md px-4 py-2.5 text-sm font-semibold transition ' +
  'focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-primary';
const variants = {
  // primary-strong, not primary: white text needs 4.5:1 (see the Button component).
  primary: 'bg-primary-strong text-on-primary hover:brightness-90',
  secondary: 'border border-border bg-surface text-fg hover:bg-gray-100',
};

/** A link that looks like a Button: next steps are places to go, so they are links, not buttons. */
export function LinkButton({
  to,
  variant = 'primary',
  isDocument = false,
  children,
}: {
  to: string;
  variant?: keyof typeof variants;
  /** A page outside the SPA (the theme's support page): a plain anchor, the browser loads it. */
  isDocument?: boolean;
  children: ReactNode;
}) {
  if (isDocument || /^[a-z][a-z0-9+.-]*:/i.test(to) || to.startsWith('//')) {
    return (
      <a href={to} className={cn(base, variants[variant])}>
        {children}
      </a>
    );
  }
  return (
    <Link to={to} className={cn(base, variants[variant])}>
      {children}
    </Link>
  );
}

import type { ReactNode } from 'react';

/** One settings section: an h2 (the page's h1 is "Settings"), what it is for, and its content in a card. */
export function SettingsSection({
  id,
  title,
  description,
  actions,
  children,
}: {
  id: string;
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="flex min-w-0 flex-col gap-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id={id} className="text-xl font-semibold text-fg">
            {title}
          </h2>
          {description ? <p className="mt-1 max-w-prose text-sm text-fg-secondary">{description}</p> : null}
        </div>
        {actions ? <div className="flex flex-wrap items-center gap-2">{actions}</div> : null}
      </div>
      <div className="rounded-xl border border-border bg-surface p-4 shadow-sm sm:p-6">{children}</div>
    </section>
  );
}

/** The message under a form after saving: polite for success, assertive for a failure. */
export function SaveStatus({ tone, children }: { tone: 'success' | 'danger' | 'neutral'; children: ReactNode }) {
  const className =
    tone === 'success'
      ? 'text-sm font-medium text-success'
      : tone === 'danger'
        ? 'text-sm font-medium text-danger'
        : 'text-sm text-fg-secondary';
  return (
    <p role={tone === 'danger' ? 'alert' : 'status'} className={className}>
      {children}
    </p>
  );
}

import type { ReactNode } from 'react';

/** What to show when there is nothing yet: what it means and what to do next (one action). */
export function EmptyState({ title, text, action }: { title: string; text: string; action?: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-border bg-surface px-6 py-10 text-center">
      <p className="text-base font-semibold text-fg">{title}</p>
      <p className="max-w-prose text-sm text-fg-secondary">{text}</p>
      {action ? <div className="mt-2">{action}</div> : null}
    </div>
  );
}

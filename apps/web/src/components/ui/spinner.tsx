import { cn } from '../../lib/cn';

/** A labelled, polite status: screen readers announce the text, the ring is decoration. */
export function Spinner({ label, className }: { label: string; className?: string }) {
  return (
    <div
      role="status"
      aria-live="polite"
      className={cn('flex flex-col items-center justify-center gap-3 p-8', className)}
    >
      <span
        aria-hidden="true"
        className="size-8 animate-spin rounded-full border-4 border-primary-light border-t-primary motion-reduce:animate-none"
      />
      <span className="text-sm text-fg-secondary">{label}</span>
    </div>
  );
}

export function FullPageSpinner({ label }: { label: string }) {
  return (
    <main className="flex min-h-screen items-center justify-center bg-body">
      <Spinner label={label} />
    </main>
  );
}

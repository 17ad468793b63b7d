import type { ReactNode } from 'react';

/** The title row of a workspace page: one h1 (id `page-title`, for `aria-labelledby`), a line of context, actions. */
export function PageHeader({
  title,
  description,
  actions,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <div className="flex flex-wrap items-start justify-between gap-4">
      <div className="min-w-0">
        <h1 id="page-title" className="text-2xl font-semibold text-fg">
          {title}
        </h1>
        {description ? <p className="mt-1 text-sm text-fg-secondary">{description}</p> : null}
      </div>
      {actions ? <div className="flex flex-wrap items-center gap-2">{actions}</div> : null}
    </div>
  );
}

/** A workspace page: a labelled section with the standard padding and width. */
export function WorkspacePage({ children, wide = false }: { children: ReactNode; wide?: boolean }) {
  return (
    <section
      aria-labelledby="page-title"
      className={`mx-auto flex w-full flex-col gap-6 p-4 sm:p-6 ${wide ? 'max-w-screen-2xl' : 'max-w-6xl'}`}
    >
      {children}
    </section>
  );
}

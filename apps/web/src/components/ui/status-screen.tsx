import type { ReactNode } from 'react';
import { Card } from './card';

/** A centred card with a title, an explanation and one action: the error and access screens. */
export function StatusScreen({
  title,
  text,
  action,
  tone = 'danger',
  isFullPage = true,
}: {
  title: string;
  text: string;
  action?: ReactNode;
  tone?: 'danger' | 'neutral';
  /** Inside the app shell the screen is a section, not a second <main>. */
  isFullPage?: boolean;
}) {
  const Wrapper = isFullPage ? 'main' : 'section';
  return (
    <Wrapper
      className={isFullPage ? 'flex min-h-screen items-center justify-center bg-body p-4' : 'flex justify-center p-6'}
    >
      <Card className="w-full max-w-md text-center" role={tone === 'danger' ? 'alert' : undefined}>
        <h1 className={tone === 'danger' ? 'text-xl font-semibold text-danger' : 'text-xl font-semibold text-fg'}>
          {title}
        </h1>
        <p className="mt-3 text-sm text-fg-secondary">{text}</p>
        {action ? <div className="mt-6">{action}</div> : null}
      </Card>
    </Wrapper>
  );
}

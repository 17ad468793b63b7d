import { LAZY_PAGE_RETRY_DELAY_MS } from '@vatlas/domain';
import { Component, type ComponentType, type ErrorInfo, lazy, type ReactNode, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { Button } from '../components/ui/button';
import { Spinner } from '../components/ui/spinner';
import { reportClientError } from '../lib/errors/error-reporter';

/**
 * Spec §2: a page chunk that fails to load (a deploy replaced it, a flaky network) is tried once
 * more after 1 s before the error view appears.
 */
export function retryImport<T>(load: () => Promise<T>, delayMs: number = LAZY_PAGE_RETRY_DELAY_MS): Promise<T> {
  return load().catch(
    () =>
      new Promise<T>((resolve, reject) => {
        setTimeout(() => load().then(resolve, reject), delayMs);
      }),
  );
}

/** Marks an import that failed twice, so the boundary reports it as a failed lazy load, not a render error. */
export class LazyLoadError extends Error {
  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : 'Page chunk failed to load', { cause });
    this.name = 'LazyLoadError';
    if (cause instanceof Error && cause.stack) this.stack = cause.stack;
  }
}

export function PageLoadError() {
  const { t } = useTranslation();
  return (
    <div role="alert" className="mx-auto flex max-w-md flex-col items-center gap-3 p-8 text-center">
      <h1 className="text-xl font-semibold text-fg">{t('pageLoad.errorTitle')}</h1>
      <p className="text-fg-secondary">{t('pageLoad.errorText')}</p>
      <Button onClick={() => window.location.reload()}>{t('pageLoad.reload')}</Button>
    </div>
  );
}

/** The router's error element: anything thrown while rendering a route ends here and is reported once. */
export function RouteErrorScreen() {
  const error = useRouteError();
  useEffect(() => {
    reportClientError(error, { component: 'RouteErrorBoundary', action: 'render' });
  }, [error]);
  return <PageLoadError />;
}

type BoundaryState = { hasError: boolean };

export class PageErrorBoundary extends Component<{ children: ReactNode }, BoundaryState> {
  override state: BoundaryState = { hasError: false };

  static getDerivedStateFromError(): BoundaryState {
    return { hasError: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    // The message only: a page error carries no personal data, a component stack helps the fix.
    console.error('Page failed to load:', error.message, info.componentStack);
    const isLazyLoad = error instanceof LazyLoadError;
    reportClientError(error, {
      component: 'PageErrorBoundary',
      action: isLazyLoad ? 'lazy-load' : 'render',
    });
  }

  override render(): ReactNode {
    return this.state.hasError ? <PageLoadError /> : this.props.children;
  }
}

function PageLoadingSpinner() {
  const { t } = useTranslation();
  return <Spinner label={t('loading.page')} />;
}

/** A lazily loaded page with the spec's "Loading..." spinner, one retry and the error view. */
export function lazyPage<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const LazyComponent = lazy(() =>
    retryImport(load).then(
      (component) => ({ default: component }),
      (error: unknown) => {
        throw new LazyLoadError(error);
      },
    ),
  );
  // biome-ignore lint/correctness/noComponentHookFactories: runs once per page at module load, like React.lazy itself.
  function LazyPage(props: P) {
    return (
      <PageErrorBoundary>
        <Suspense fallback={<PageLoadingSpinner />}>
          <LazyComponent {...props} />
        </Suspense>
      </PageErrorBoundary>
    );
  }
  return LazyPage;
}

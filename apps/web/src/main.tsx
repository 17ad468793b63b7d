import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider } from 'react-router';
import { createAuthRuntime } from './app/bootstrap';
import { AppProvider, createQueryClient } from './app/provider';
import { createAppRouter } from './app/router';
import { Button } from './components/ui/button';
import { StatusScreen } from './components/ui/status-screen';
import { useAuthStore } from './lib/auth/auth-store';
import { clientConfigQueryOptions, loadClientConfig } from './lib/config/client-config';
import { createErrorReporter, installGlobalErrorHandlers, setErrorReporter } from './lib/errors/error-reporter';
import { startI18n } from './lib/i18n/i18n';
import { applyTheme } from './theme/theme-resolution';
import { selectActiveTheme, useThemeStore } from './theme/use-theme';
import './index.css';

async function startApp(): Promise<void> {
  // First of all, so even a failing start-up is reported.
  const errorReporter = createErrorReporter({ getUserId: () => useAuthStore.getState().user?.userId });
  setErrorReporter(errorReporter);
  installGlobalErrorHandlers(window, errorReporter);
  // The translations (unless English) and the client configuration are fetched side by side.
  const i18nReady = startI18n();
  const configReady = loadClientConfig().then(
    (config) => ({ config }),
    (error: unknown) => ({ error }),
  );
  // Before the first paint, so no screen flashes in the wrong colours.
  applyTheme(selectActiveTheme(useThemeStore.getState()));
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  const root = createRoot(container);
  const i18n = await i18nReady;

  const loaded = await configReady;
  if ('error' in loaded) {
    const { error } = loaded;
    console.error('Client configuration could not be loaded:', error instanceof Error ? error.message : error);
    root.render(
      <I18nextProvider i18n={i18n}>
        <StatusScreen
          title={i18n.t('screens.connectionFailed')}
          text={i18n.t('errors.authServiceUnreachable')}
          action={<Button onClick={() => window.location.reload()}>{i18n.t('screens.tryAgain')}</Button>}
        />
      </I18nextProvider>,
    );
    return;
  }
  const { config } = loaded;

  const router = createAppRouter();
  const queryClient = createQueryClient();
  queryClient.setQueryData(clientConfigQueryOptions().queryKey, config);
  const runtime = createAuthRuntime(config, {
    queryClient,
    origin: window.location.origin,
    navigate: (path) => void router.navigate(path, { replace: true }),
    currentPath: () => router.state.location.pathname,
  });

  root.render(
    <StrictMode>
      <AppProvider i18n={i18n} services={runtime} queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProvider>
    </StrictMode>,
  );
  await runtime.start();
}

void startApp();

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { type AuthServices, AuthServicesProvider } from '../lib/auth/auth-services';

export function createQueryClient(): QueryClient {
  // The HTTP client already retries 401s once; a blind retry of everything would double that.
  return new QueryClient({ defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } } });
}

export function AppProvider({
  i18n,
  services,
  queryClient,
  children,
}: {
  i18n: I18n;
  services: AuthServices;
  queryClient: QueryClient;
  children: ReactNode;
}) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <AuthServicesProvider value={services}>{children}</AuthServicesProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
}

import { createContext, useContext } from 'react';
import type { HttpClient } from '../http/http-client';
import type { MessageRef } from '../i18n/message';

/** What components may do with the session; built once at start-up (src/app/bootstrap.ts). */
export type AuthServices = {
  signIn: () => Promise<void>;
  signOut: () => Promise<void>;
  /** Token/ChangeCompany and reload; resolves with the message to show, or null when the switch worked. */
  switchCompany: (companyId: string) => Promise<MessageRef | null>;
  /** Token/ChangeTenant and reload; same answer as switchCompany. */
  switchTenant: (tenantId: string) => Promise<MessageRef | null>;
  http: HttpClient;
};

const AuthServicesContext = createContext<AuthServices | null>(null);

export const AuthServicesProvider = AuthServicesContext.Provider;

export function useAuthServices(): AuthServices {
  const services = useContext(AuthServicesContext);
  if (!services) throw new Error('useAuthServices needs an AuthServicesProvider');
  return services;
}

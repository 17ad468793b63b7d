import { createContext, useContext } from 'react';
import type { HttpClient } from '../http/http-client';

/** What components may do with the session; built once at start-up (src/app/bootstrap.ts). */
export type AuthServices = {
  signIn: () => Promise<void>;
  signOut: () => Promise<void>;
  http: HttpClient;
};

const AuthServicesContext = createContext<AuthServices | null>(null);

export const AuthServicesProvider = AuthServicesContext.Provider;

export function useAuthServices(): AuthServices {
  const services = useContext(AuthServicesContext);
  if (!services) throw new Error('useAuthServices needs an AuthServicesProvider');
  return services;
}

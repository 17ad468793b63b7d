import { vi } from 'vitest';
import type { AuthServices } from '../lib/auth/auth-services';

/** Auth services for a component test: `request` answers every API call; signing in and out and switching do nothing. */
export function fakeAuthServices(request: (path: string, ...rest: never[]) => Promise<unknown>): AuthServices {
  return {
    signIn: vi.fn(async () => undefined),
    signOut: vi.fn(async () => undefined),
    switchCompany: vi.fn(async () => null),
    switchTenant: vi.fn(async () => null),
    http: { request: request as AuthServices['http']['request'] },
  };
}

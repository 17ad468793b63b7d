import type { RouteGuard } from '@vatlas/contract';
import type { FastifyInstance, RouteOptions } from 'fastify';

declare module 'fastify' {
  // biome-ignore lint/style/useConsistentTypeDefinitions: module augmentation needs an interface.
  interface FastifyContextConfig {
    guard?: RouteGuard;
  }
}

const ROUTE_GUARDS: readonly RouteGuard[] = ['public', 'authenticated', 'company', 'admin'];

export function isRouteGuard(value: unknown): value is RouteGuard {
  return typeof value === 'string' && (ROUTE_GUARDS as readonly string[]).includes(value);
}

/** Sugar for route options: `{ config: guard('company') }`. */
export function guard(routeGuard: RouteGuard): { guard: RouteGuard } {
  return { guard: routeGuard };
}

export class MissingRouteGuardError extends Error {
  constructor(method: string, url: string) {
    super(
      `Route ${method} ${url} declares no guard. Add config: { guard: 'public' | 'authenticated' | 'company' | 'admin' } ` +
        'so that nobody exposes an endpoint by forgetting its access rule.',
    );
    this.name = 'MissingRouteGuardError';
  }
}

/**
 * Refuses, at registration time, any route that does not declare its guard. Routes under an
 * exempt prefix (the embedded identity provider, which runs its own protocol security) are let through.
 */
export function enforceRouteGuards(app: FastifyInstance, options: { exemptPrefixes: string[] }): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    const url = route.url;
    const isExempt = options.exemptPrefixes.some((prefix) => url === prefix || url.startsWith(`${prefix}/`));
    if (isExempt) return;
    if (!isRouteGuard(route.config?.guard)) {
      throw new MissingRouteGuardError(Array.isArray(route.method) ? route.method.join(',') : route.method, url);
    }
  });
}

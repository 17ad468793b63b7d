/** The demo accounts of the embedded identity provider (README "Demo accounts"). */
export const DEMO_PASSWORD = 'vatlas-demo';

export type DemoAccount = { email: string; landsOn: string; heading: string };

export const demoAccounts = {
  newcomer: { email: 'new@vatlas.test', landsOn: '/onboarding/welcome', heading: 'Welcome' },
  seller: { email: 'seller@vatlas.test', landsOn: '/dashboard', heading: 'Dashboard' },
  admin: { email: 'admin@vatlas.test', landsOn: '/dashboard', heading: 'Dashboard' },
} as const satisfies Record<string, DemoAccount>;

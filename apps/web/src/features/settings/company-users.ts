import type { CompanyUser } from '@vatlas/contract';

/**
 * Who may do what on the company-users screen — the same rules the API enforces (membership-service.ts): owners and
 * administrators add and remove people; the last owner of a company can never be removed.
 */
export function canManageCompanyUsers(
  users: readonly CompanyUser[],
  viewer: { userId: string; isAdmin: boolean },
): boolean {
  if (viewer.isAdmin) return true;
  return users.some((user) => user.userId === viewer.userId && user.role === 'owner');
}

export function countOwners(users: readonly CompanyUser[]): number {
  return users.filter((user) => user.role === 'owner').length;
}

export function isLastOwner(user: CompanyUser, users: readonly CompanyUser[]): boolean {
  return user.role === 'owner' && countOwners(users) <= 1;
}

/**
 * The remove action of one row: offered, or why not. The viewer's own row offers none (leaving a company is not done
 * from this list, so nobody locks themself out by a slip); the last owner's row says why it cannot go.
 */
export type RemoveAction = { kind: 'remove' } | { kind: 'last-owner' } | { kind: 'self' } | { kind: 'none' };

export function getRemoveAction(
  user: CompanyUser,
  users: readonly CompanyUser[],
  viewer: { userId: string; isAdmin: boolean },
): RemoveAction {
  if (isLastOwner(user, users)) return { kind: 'last-owner' };
  if (!canManageCompanyUsers(users, viewer)) return { kind: 'none' };
  if (user.userId === viewer.userId) return { kind: 'self' };
  return { kind: 'remove' };
}

/** "Frida Full", or null for an invited person who has not given a name yet. */
export function displayName(user: Pick<CompanyUser, 'firstName' | 'lastName'>): string | null {
  const name = [user.firstName, user.lastName].filter((part) => part && part.trim() !== '').join(' ');
  return name === '' ? null : name;
}

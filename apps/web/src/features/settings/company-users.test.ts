import type { CompanyUser } from '@vatlas/contract';
import { describe, expect, it } from 'vitest';
import { canManageCompanyUsers, displayName, getRemoveAction, isLastOwner } from './company-users';

const person = (userId: string, role: CompanyUser['role'], overrides: Partial<CompanyUser> = {}): CompanyUser => ({
  userId,
  email: `${userId}@example.test`,
  firstName: userId,
  lastName: 'Tester',
  language: 'en',
  role,
  status: 'active',
  addedAt: '2026-01-05T10:00:00.000Z',
  ...overrides,
});

const owner = person('olivia', 'owner');
const member = person('max', 'member');
const invited = person('ivy', 'member', { status: 'invited', firstName: null, lastName: null });
const oneOwner = [owner, member, invited];
const twoOwners = [owner, person('otto', 'owner'), member];

describe('the last-owner rule', () => {
  it('the only owner is the last owner; with two owners neither is', () => {
    expect(isLastOwner(owner, oneOwner)).toBe(true);
    expect(isLastOwner(member, oneOwner)).toBe(false);
    expect(isLastOwner(owner, twoOwners)).toBe(false);
  });

  it('the last owner row offers no removal and says why, whoever looks', () => {
    expect(getRemoveAction(owner, oneOwner, { userId: 'olivia', isAdmin: false })).toEqual({ kind: 'last-owner' });
    expect(getRemoveAction(owner, oneOwner, { userId: 'admin', isAdmin: true })).toEqual({ kind: 'last-owner' });
    expect(getRemoveAction(owner, oneOwner, { userId: 'max', isAdmin: false })).toEqual({ kind: 'last-owner' });
  });

  it('an owner may remove another owner when one stays, and members', () => {
    expect(getRemoveAction(twoOwners[1] as CompanyUser, twoOwners, { userId: 'olivia', isAdmin: false })).toEqual({
      kind: 'remove',
    });
    expect(getRemoveAction(invited, oneOwner, { userId: 'olivia', isAdmin: false })).toEqual({ kind: 'remove' });
  });
});

describe('who manages the company users', () => {
  it('owners and administrators; members see the list read-only', () => {
    expect(canManageCompanyUsers(oneOwner, { userId: 'olivia', isAdmin: false })).toBe(true);
    expect(canManageCompanyUsers(oneOwner, { userId: 'admin', isAdmin: true })).toBe(true);
    expect(canManageCompanyUsers(oneOwner, { userId: 'max', isAdmin: false })).toBe(false);
    expect(getRemoveAction(invited, oneOwner, { userId: 'max', isAdmin: false })).toEqual({ kind: 'none' });
  });

  it('nobody removes themself from the list', () => {
    expect(getRemoveAction(owner, twoOwners, { userId: 'olivia', isAdmin: false })).toEqual({ kind: 'self' });
  });
});

describe('displayName', () => {
  it('joins the names, or answers null for an invited person without one', () => {
    expect(displayName(owner)).toBe('olivia Tester');
    expect(displayName(invited)).toBeNull();
  });
});

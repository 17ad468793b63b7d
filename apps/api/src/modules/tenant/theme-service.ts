import {
  type AdminTenantTheme,
  type TenantTheme,
  type TenantThemeInput,
  THEME_CONTRAST_ERROR_CODE,
  tenantThemeInputSchema,
} from '@vatlas/contract';
import { buildTenantTheme, checkThemeContrast, type Theme, type ThemeOverrides } from '@vatlas/domain';
import type { Db } from '../../db/client';
import { HttpError, refuseStaleRevision } from '../../plugins/errors';
import { recordAuditEvent } from '../audit/repository';
import { isUuid } from '../company/repository';
import { findTenantBySlug, type UserRecord } from '../user/repository';
import {
  findTenantById,
  listTenantsOfUser,
  type RevisedTenantRecord,
  type TenantRecord,
  updateTenantTheme,
} from './repository';

function resolveTheme(tenant: TenantRecord): Theme {
  return buildTenantTheme({
    baseThemeId: tenant.themeId,
    tenantName: tenant.name,
    overrides: tenant.themeOverrides,
    branding: tenant.branding,
  });
}

const hasOverrides = (overrides: ThemeOverrides | null) =>
  overrides !== null && Object.values(overrides).some((group) => group && Object.keys(group).length > 0);

function toTenantTheme(tenant: TenantRecord): TenantTheme {
  return {
    tenantId: tenant.id,
    slug: tenant.slug,
    isCustomised: tenant.branding !== null || hasOverrides(tenant.themeOverrides),
    theme: resolveTheme(tenant) as TenantTheme['theme'],
  };
}

function toAdminTenantTheme(tenant: RevisedTenantRecord): AdminTenantTheme {
  const theme = resolveTheme(tenant);
  return {
    tenantId: tenant.id,
    slug: tenant.slug,
    tenantName: tenant.name,
    baseThemeId: theme.id,
    colors: (tenant.themeOverrides?.colors ?? {}) as AdminTenantTheme['colors'],
    typography: tenant.themeOverrides?.typography ?? {},
    branding: tenant.branding ?? null,
    theme: theme as AdminTenantTheme['theme'],
    contrast: checkThemeContrast(theme),
    revision: tenant.revision,
  };
}

/** The theme of a tenant the signed-in user may work in (Me lists the same tenants); 403 for any other. */
export async function getTenantThemeForUser(db: Db, user: UserRecord, tenantId: string): Promise<TenantTheme> {
  const tenant = isUuid(tenantId)
    ? (await listTenantsOfUser(db, user)).find((candidate) => candidate.id === tenantId)
    : undefined;
  if (!tenant) throw new HttpError(403, 'tenant_access_denied', 'You do not have access to this tenant.');
  return toTenantTheme(tenant);
}

/** For the sign-in page of a white-label tenant (`/login?tenant=<slug>`): its look, nothing else about it. */
export async function getPublicTenantTheme(db: Db, slug: string): Promise<TenantTheme> {
  const tenant = await findTenantBySlug(db, slug);
  if (!tenant) throw new HttpError(404, 'tenant_not_found', 'No tenant has this address.');
  return toTenantTheme(tenant);
}

const tenantNotFound = () => new HttpError(404, 'tenant_not_found', 'This tenant does not exist.');

async function requireTenant(db: Db, tenantId: string): Promise<RevisedTenantRecord> {
  const tenant = isUuid(tenantId) ? await findTenantById(db, tenantId) : undefined;
  if (!tenant) throw tenantNotFound();
  return tenant;
}

export async function getAdminTenantTheme(db: Db, tenantId: string): Promise<AdminTenantTheme> {
  return toAdminTenantTheme(await requireTenant(db, tenantId));
}

type TenantThemeColumns = Parameters<typeof updateTenantTheme>[2];

/**
 * Stores a tenant's theme and its audit event in one transaction (both or neither). With `revision`, 409 when the
 * tenant was written since (decision 052).
 */
async function writeTenantTheme(
  db: Db,
  actor: UserRecord,
  tenant: TenantRecord,
  write: { change: 'saved' | 'reset'; theme: TenantThemeColumns; revision?: string },
): Promise<AdminTenantTheme> {
  const saved = await db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    const stored = await findTenantById(txDb, tenant.id, { lock: 'update' });
    if (!stored) return undefined;
    refuseStaleRevision(write.revision, stored.revision, `The theme of ${stored.name}`);
    const row = await updateTenantTheme(txDb, tenant.id, write.theme);
    await recordAuditEvent(txDb, {
      action: 'tenant_branding_changed',
      actorUserId: actor.id,
      tenantId: tenant.id,
      targetType: 'tenant',
      targetId: tenant.id,
      details: { change: write.change, baseThemeId: write.theme.themeId },
    });
    return row;
  });
  if (!saved) throw tenantNotFound();
  return toAdminTenantTheme(saved);
}

/**
 * Saves a tenant's theme. A theme whose text/background pairs fail WCAG AA is refused (400, each failing pair in
 * the details): a white-label tenant's users cannot choose their colours, so an unreadable theme is never stored.
 */
export async function saveTenantTheme(
  db: Db,
  actor: UserRecord,
  tenantId: string,
  body: TenantThemeInput,
): Promise<AdminTenantTheme> {
  const input = tenantThemeInputSchema.parse(body);
  const tenant = await requireTenant(db, tenantId);
  const overrides: ThemeOverrides = { colors: input.colors, typography: input.typography };
  const branding = input.branding;
  const theme = buildTenantTheme({ baseThemeId: input.baseThemeId, tenantName: tenant.name, overrides, branding });
  const failing = checkThemeContrast(theme).filter((check) => !check.passes);
  if (failing.length > 0) {
    throw new HttpError(
      400,
      THEME_CONTRAST_ERROR_CODE,
      `The theme fails WCAG AA contrast (4.5:1) for: ${failing
        .map(
          (check) => `${check.id} (${check.foregroundColor} on ${check.backgroundColor}, ${check.ratio.toFixed(2)}:1)`,
        )
        .join(', ')}.`,
      failing,
    );
  }
  return writeTenantTheme(db, actor, tenant, {
    change: 'saved',
    theme: { themeId: input.baseThemeId, themeOverrides: overrides, branding },
    revision: input.revision,
  });
}

/** Back to the base theme: no colour, typography or branding of its own (the tenant's name is still shown). */
export async function resetTenantTheme(db: Db, actor: UserRecord, tenantId: string): Promise<AdminTenantTheme> {
  const tenant = await requireTenant(db, tenantId);
  return writeTenantTheme(db, actor, tenant, {
    change: 'reset',
    theme: { themeId: tenant.themeId, themeOverrides: null, branding: null },
  });
}

import { type TenantThemeInput, tenantThemeInputSchema } from '@vatlas/contract';
import {
  buildTenantTheme,
  findBuiltInTheme,
  type TenantBrandingSettings,
  type Theme,
  type ThemeId,
  type ThemeOverrides,
} from '@vatlas/domain';

/**
 * The editor keeps every field as the text in its input, under a flat key (`primary`, `text.muted`, `grays.500`,
 * `chart.3`, `sizes.base`, `weights.bold`), and turns it into the API's overrides — only the fields that differ
 * from the base theme — when it saves.
 */

const GRAY_STEPS = ['100', '200', '300', '400', '500', '600', '700', '800', '900'] as const;

export const COLOUR_GROUPS = {
  brand: ['primary', 'primaryLight', 'primaryStrong', 'onPrimary', 'secondary'],
  status: ['success', 'warning', 'danger', 'info'],
  surfaces: ['white', 'bodyBackground', 'sidebarBackground', 'light', 'dark', 'overlay'],
  text: ['text.primary', 'text.secondary', 'text.muted', 'text.inverse'],
  grays: GRAY_STEPS.map((step) => `grays.${step}`),
  chart: [0, 1, 2, 3, 4, 5, 6, 7].map((index) => `chart.${index}`),
} as const;
export type ColourGroup = keyof typeof COLOUR_GROUPS;
export const COLOUR_KEYS: readonly string[] = Object.values(COLOUR_GROUPS).flat();

export const TYPOGRAPHY_GROUPS = {
  families: ['fontFamily', 'monoFamily'],
  sizes: ['sizes.xs', 'sizes.sm', 'sizes.base', 'sizes.lg', 'sizes.xl', 'sizes.2xl', 'sizes.3xl'],
  weights: ['weights.regular', 'weights.medium', 'weights.semibold', 'weights.bold'],
  lineHeights: ['lineHeights.tight', 'lineHeights.normal', 'lineHeights.relaxed'],
} as const;
export const TYPOGRAPHY_KEYS: readonly string[] = Object.values(TYPOGRAPHY_GROUPS).flat();

export const BRANDING_KEYS = ['companyName', 'logoUrl', 'supportUrl', 'termsUrl', 'privacyUrl', 'websiteUrl'] as const;
export type BrandingKey = (typeof BRANDING_KEYS)[number];

export type ThemeFormValues = {
  baseThemeId: ThemeId;
  colors: Record<string, string>;
  typography: Record<string, string>;
  branding: Record<BrandingKey, string>;
};

function readPath(source: object, key: string): unknown {
  return key
    .split('.')
    .reduce<unknown>((value, part) => (value as Record<string, unknown> | undefined)?.[part], source);
}

function writePath(target: Record<string, unknown>, key: string, value: unknown): void {
  const parts = key.split('.');
  let node = target;
  for (const part of parts.slice(0, -1)) {
    node[part] ??= {};
    node = node[part] as Record<string, unknown>;
  }
  node[parts.at(-1) as string] = value;
}

const colourText = (theme: Theme, key: string) => String(readPath(theme.colors, key) ?? '');
const typographyText = (theme: Theme, key: string) => String(readPath(theme.typography, key) ?? '');

export function valuesFromTheme(theme: Theme, baseThemeId: ThemeId): ThemeFormValues {
  const logo = theme.branding.logo;
  return {
    baseThemeId,
    colors: Object.fromEntries(COLOUR_KEYS.map((key) => [key, colourText(theme, key)])),
    typography: Object.fromEntries(TYPOGRAPHY_KEYS.map((key) => [key, typographyText(theme, key)])),
    branding: {
      companyName: theme.branding.companyName,
      logoUrl: logo && 'url' in logo ? logo.url : '',
      supportUrl: theme.branding.supportUrl,
      termsUrl: theme.branding.termsUrl,
      privacyUrl: theme.branding.privacyUrl,
      websiteUrl: theme.branding.websiteUrl,
    },
  };
}

const isNumericTypography = (key: string) => key.startsWith('weights.') || key.startsWith('lineHeights.');

function typographyValue(key: string, text: string): string | number {
  if (!isNumericTypography(key)) return text.trim();
  const number = Number(text.trim());
  return text.trim() === '' || Number.isNaN(number) ? text : number;
}

/** The request of PUT …/Theme: overrides of the fields that differ from the base theme, the branding as typed. */
export function toThemeInput(values: ThemeFormValues): TenantThemeInput {
  const base = findBuiltInTheme(values.baseThemeId);
  const colors: Record<string, unknown> = {};
  const typography: Record<string, unknown> = {};
  const changedChart = COLOUR_GROUPS.chart.some(
    (key) => values.colors[key]?.trim().toLowerCase() !== colourText(base, key).toLowerCase(),
  );
  for (const key of COLOUR_KEYS) {
    if (key.startsWith('chart.')) continue;
    const text = values.colors[key]?.trim() ?? '';
    if (text.toLowerCase() !== colourText(base, key).toLowerCase()) writePath(colors, key, text);
  }
  // The chart series is replaced as a whole (eight distinct colours), never one series at a time.
  if (changedChart) colors.chart = COLOUR_GROUPS.chart.map((key) => values.colors[key]?.trim() ?? '');
  for (const key of TYPOGRAPHY_KEYS) {
    const text = values.typography[key] ?? '';
    if (text.trim() !== typographyText(base, key)) writePath(typography, key, typographyValue(key, text));
  }
  const { logoUrl, ...links } = values.branding;
  const branding = Object.fromEntries(Object.entries(links).map(([key, text]) => [key, text.trim()]));
  return {
    baseThemeId: values.baseThemeId,
    colors: colors as TenantThemeInput['colors'],
    typography: typography as TenantThemeInput['typography'],
    branding: {
      ...(branding as Omit<TenantBrandingSettings, 'logoUrl'>),
      ...(logoUrl.trim() ? { logoUrl: logoUrl.trim() } : {}),
    },
  };
}

export type FieldProblem = { key: string; section: 'colors' | 'typography' | 'branding' | 'baseThemeId' };

/** Field keys (flat, as the form names them) whose text the API would refuse. */
export function findFieldProblems(values: ThemeFormValues): FieldProblem[] {
  const result = tenantThemeInputSchema.safeParse(toThemeInput(values));
  if (result.success) return [];
  const problems = new Map<string, FieldProblem>();
  for (const issue of result.error.issues) {
    const [section, ...rest] = issue.path.map(String);
    // A bad chart series entry points at chart.N; the whole tuple at chart.
    const key = rest.join('.') || String(section);
    problems.set(`${section}:${key}`, { key, section: section as FieldProblem['section'] });
  }
  return [...problems.values()];
}

/**
 * The theme the preview shows: the base theme with every override whose text is valid (a half-typed colour keeps
 * the base's value until it is complete) and the branding as typed.
 */
export function toPreviewTheme(values: ThemeFormValues, tenantName: string): Theme {
  const input = toThemeInput(values);
  const problems = findFieldProblems(values);
  const overrides: ThemeOverrides = {
    colors: pruneInvalid(input.colors ?? {}, problems, 'colors'),
    typography: pruneInvalid(input.typography ?? {}, problems, 'typography'),
  };
  const base = findBuiltInTheme(values.baseThemeId);
  return buildTenantTheme({
    baseThemeId: values.baseThemeId,
    tenantName,
    overrides,
    branding: {
      companyName: input.branding.companyName || tenantName,
      supportUrl: input.branding.supportUrl || base.branding.supportUrl,
      termsUrl: input.branding.termsUrl || base.branding.termsUrl,
      privacyUrl: input.branding.privacyUrl || base.branding.privacyUrl,
      websiteUrl: input.branding.websiteUrl || base.branding.websiteUrl,
      ...(input.branding.logoUrl && !problems.some((problem) => problem.key === 'logoUrl')
        ? { logoUrl: input.branding.logoUrl }
        : {}),
    },
  });
}

function pruneInvalid<T extends object>(overrides: T, problems: FieldProblem[], section: string): T {
  const copy = structuredClone(overrides) as Record<string, unknown>;
  for (const problem of problems) {
    if (problem.section !== section) continue;
    const [first, second] = problem.key.split('.') as [string, string | undefined];
    if (first === 'chart' || second === undefined) delete copy[first];
    else delete (copy[first] as Record<string, unknown> | undefined)?.[second];
  }
  return copy as T;
}

/** A new base theme: fields still at the old base's value take the new base's; edited fields stay as typed. */
export function rebaseValues(values: ThemeFormValues, baseThemeId: ThemeId): ThemeFormValues {
  const oldBase = valuesFromTheme(findBuiltInTheme(values.baseThemeId), values.baseThemeId);
  const newBase = valuesFromTheme(findBuiltInTheme(baseThemeId), baseThemeId);
  const pick = (group: 'colors' | 'typography') =>
    Object.fromEntries(
      Object.entries(values[group]).map(([key, text]) => [
        key,
        text.trim().toLowerCase() === (oldBase[group][key] ?? '').toLowerCase() ? (newBase[group][key] ?? text) : text,
      ]),
    );
  return { ...values, baseThemeId, colors: pick('colors'), typography: pick('typography') };
}

export const areValuesEqual = (a: ThemeFormValues, b: ThemeFormValues) => JSON.stringify(a) === JSON.stringify(b);

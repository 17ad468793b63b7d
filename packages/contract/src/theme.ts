import { THEME_IDS } from '@vatlas/domain';
import { z } from 'zod';
import { expectedRevisionSchema, revisionSchema } from './revision';

/**
 * Tenant themes (white label). A tenant's theme is a built-in base theme plus overrides of any colour or typography
 * field and its own branding; the admin API stores them, the SPA receives the resolved theme.
 */

const hexColour = z.string().regex(/^#[0-9a-f]{6}$/i, 'must be a colour as #rrggbb');

/** The overlay is the one colour with alpha. */
const rgbaColour = z
  .string()
  .regex(
    /^rgba\(\s*(25[0-5]|2[0-4]\d|1?\d?\d)\s*,\s*(25[0-5]|2[0-4]\d|1?\d?\d)\s*,\s*(25[0-5]|2[0-4]\d|1?\d?\d)\s*,\s*(0|1|0?\.\d+)\s*\)$/,
    'must be rgba(r, g, b, alpha) with alpha from 0 to 1',
  );

/**
 * A font stack: family names (quoted or bare) separated by commas. Letters, digits, spaces, hyphens and quotes only,
 * so a value cannot close the CSS declaration it is written into.
 */
const fontStack = z
  .string()
  .trim()
  .min(1, 'must name at least one font family')
  .max(300, 'must be at most 300 characters')
  .regex(/^[\p{L}\p{N} ,"'-]+$/u, 'may contain only font names, spaces, commas, hyphens and quotes')
  .refine(
    (value) => value.split(',').every((family) => /^\s*("[^"]+"|'[^']+'|[\p{L}\p{N} -]+)\s*$/u.test(family)),
    'must be font names separated by commas, each quoted as a whole or not at all',
  );

const cssLength = z.string().regex(/^(\d{1,2}(\.\d{1,4})?)(rem|em|px)$/, 'must be a length such as 1rem or 16px');
const fontWeight = z
  .number()
  .int()
  .min(100)
  .max(900)
  .refine((value) => value % 100 === 0, 'must be a multiple of 100 from 100 to 900');
const lineHeight = z.number().min(1, 'must be at least 1').max(3, 'must be at most 3');

const isSameOriginPath = (value: string) => value.startsWith('/') && !value.startsWith('//') && !value.includes('\\');
function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}

/** A link of the branding: http(s) or a path on this site (`/support`). */
export const brandingLinkSchema = z
  .string()
  .trim()
  .max(2000)
  .refine((value) => isHttpUrl(value) || isSameOriginPath(value), 'must be an http(s) URL or a path starting with /');

/** A logo: an https image URL or a path on this site, shown with <img> (decision 008: no markup). */
export const logoUrlSchema = z
  .string()
  .trim()
  .max(2000)
  .refine(
    (value) => (isHttpUrl(value) && value.startsWith('https:')) || isSameOriginPath(value),
    'must be an https URL or a path starting with /',
  );

const grayScaleOverrides = z
  .object({
    100: hexColour,
    200: hexColour,
    300: hexColour,
    400: hexColour,
    500: hexColour,
    600: hexColour,
    700: hexColour,
    800: hexColour,
    900: hexColour,
  })
  .partial()
  .strict();

export const themeColorOverridesSchema = z
  .object({
    primary: hexColour,
    primaryLight: hexColour,
    primaryStrong: hexColour,
    onPrimary: hexColour,
    secondary: hexColour,
    success: hexColour,
    warning: hexColour,
    danger: hexColour,
    info: hexColour,
    light: hexColour,
    dark: hexColour,
    white: hexColour,
    grays: grayScaleOverrides,
    text: z
      .object({ primary: hexColour, secondary: hexColour, muted: hexColour, inverse: hexColour })
      .partial()
      .strict(),
    bodyBackground: hexColour,
    sidebarBackground: hexColour,
    overlay: rgbaColour,
    chart: z.tuple([hexColour, hexColour, hexColour, hexColour, hexColour, hexColour, hexColour, hexColour]),
  })
  .partial()
  .strict();

export const themeTypographyOverridesSchema = z
  .object({
    fontFamily: fontStack,
    monoFamily: fontStack,
    sizes: z
      .object({
        xs: cssLength,
        sm: cssLength,
        base: cssLength,
        lg: cssLength,
        xl: cssLength,
        '2xl': cssLength,
        '3xl': cssLength,
      })
      .partial()
      .strict(),
    weights: z
      .object({ regular: fontWeight, medium: fontWeight, semibold: fontWeight, bold: fontWeight })
      .partial()
      .strict(),
    lineHeights: z.object({ tight: lineHeight, normal: lineHeight, relaxed: lineHeight }).partial().strict(),
  })
  .partial()
  .strict();

export const tenantBrandingSchema = z
  .object({
    companyName: z.string().trim().min(1, 'must not be empty').max(120, 'must be at most 120 characters'),
    logoUrl: logoUrlSchema.optional(),
    supportUrl: brandingLinkSchema,
    termsUrl: brandingLinkSchema,
    privacyUrl: brandingLinkSchema,
    websiteUrl: brandingLinkSchema,
  })
  .strict();
export type TenantBrandingInput = z.infer<typeof tenantBrandingSchema>;

/** PUT /api/v1/Admin/Tenants/{tenantId}/Theme. */
export const tenantThemeInputSchema = z
  .object({
    baseThemeId: z.enum(THEME_IDS),
    colors: themeColorOverridesSchema.default({}),
    typography: themeTypographyOverridesSchema.default({}),
    branding: tenantBrandingSchema,
    revision: expectedRevisionSchema,
  })
  .strict();
export type TenantThemeInput = z.input<typeof tenantThemeInputSchema>;

/** A resolved theme as the SPA applies it (the Theme type of packages/domain). */
export const themeSchema = z.object({
  id: z.enum(THEME_IDS),
  name: z.string(),
  colors: z.object({
    primary: z.string(),
    primaryLight: z.string(),
    primaryStrong: z.string(),
    onPrimary: z.string(),
    secondary: z.string(),
    success: z.string(),
    warning: z.string(),
    danger: z.string(),
    info: z.string(),
    light: z.string(),
    dark: z.string(),
    white: z.string(),
    grays: z.object({
      100: z.string(),
      200: z.string(),
      300: z.string(),
      400: z.string(),
      500: z.string(),
      600: z.string(),
      700: z.string(),
      800: z.string(),
      900: z.string(),
    }),
    text: z.object({ primary: z.string(), secondary: z.string(), muted: z.string(), inverse: z.string() }),
    bodyBackground: z.string(),
    sidebarBackground: z.string(),
    overlay: z.string(),
    chart: z.tuple([z.string(), z.string(), z.string(), z.string(), z.string(), z.string(), z.string(), z.string()]),
  }),
  typography: z.object({
    fontFamily: z.string(),
    monoFamily: z.string().optional(),
    sizes: z.object({
      xs: z.string(),
      sm: z.string(),
      base: z.string(),
      lg: z.string(),
      xl: z.string(),
      '2xl': z.string(),
      '3xl': z.string(),
    }),
    weights: z.object({ regular: z.number(), medium: z.number(), semibold: z.number(), bold: z.number() }),
    lineHeights: z.object({ tight: z.number(), normal: z.number(), relaxed: z.number() }),
  }),
  branding: z.object({
    companyName: z.string(),
    logo: z.union([z.object({ url: z.string() }), z.object({ markup: z.string() })]).optional(),
    supportUrl: z.string(),
    termsUrl: z.string(),
    privacyUrl: z.string(),
    websiteUrl: z.string(),
  }),
});

/** GET /api/v1/Tenant/{tenantId}/Theme and the public GET /api/v1/Tenant/Theme?slug=. */
export const tenantThemeSchema = z.object({
  tenantId: z.string(),
  slug: z.string(),
  /** True when the tenant has colours, typography or branding of its own; false means its base theme as it is. */
  isCustomised: z.boolean(),
  theme: themeSchema,
});
export type TenantTheme = z.infer<typeof tenantThemeSchema>;

export const contrastCheckSchema = z.object({
  id: z.string(),
  foreground: z.string(),
  background: z.string(),
  foregroundColor: z.string(),
  backgroundColor: z.string(),
  ratio: z.number(),
  passes: z.boolean(),
});

/** GET /api/v1/Admin/Tenants/{tenantId}/Theme: what the editor needs to show and edit. */
export const adminTenantThemeSchema = z.object({
  tenantId: z.string(),
  slug: z.string(),
  tenantName: z.string(),
  baseThemeId: z.enum(THEME_IDS),
  colors: themeColorOverridesSchema,
  typography: themeTypographyOverridesSchema,
  /** Null: the tenant has no branding of its own (its name and the base theme's links). */
  branding: tenantBrandingSchema.nullable(),
  theme: themeSchema,
  contrast: z.array(contrastCheckSchema),
  revision: revisionSchema,
});
export type AdminTenantTheme = z.infer<typeof adminTenantThemeSchema>;

/** The `details` of a 400 `theme_contrast_insufficient`: every failing pair. */
export const THEME_CONTRAST_ERROR_CODE = 'theme_contrast_insufficient';

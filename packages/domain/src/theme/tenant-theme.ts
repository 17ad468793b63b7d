import { AA_NORMAL_TEXT_RATIO, getContrastRatio } from './contrast';
import { defaultTheme, type GrayScale, type Theme, type ThemeId, themes } from './themes';

type Colors = Theme['colors'];
type Typography = Theme['typography'];

/** Any colour of a theme may be replaced; nested groups field by field, the chart series as a whole. */
export type ThemeColorOverrides = Partial<Omit<Colors, 'grays' | 'text' | 'chart'>> & {
  grays?: Partial<GrayScale>;
  text?: Partial<Colors['text']>;
  chart?: Colors['chart'];
};

export type ThemeTypographyOverrides = Partial<Pick<Typography, 'fontFamily' | 'monoFamily'>> & {
  sizes?: Partial<Typography['sizes']>;
  weights?: Partial<Typography['weights']>;
  lineHeights?: Partial<Typography['lineHeights']>;
};

export type ThemeOverrides = { colors?: ThemeColorOverrides; typography?: ThemeTypographyOverrides };

/** A tenant's branding. The logo is a URL only (https or a same-origin path), never markup (decision 008). */
export type TenantBrandingSettings = {
  companyName: string;
  logoUrl?: string;
  supportUrl: string;
  termsUrl: string;
  privacyUrl: string;
  websiteUrl: string;
};

export function findBuiltInTheme(id: string): Theme {
  return themes.find((theme) => theme.id === id) ?? defaultTheme;
}

const definedOnly = <T extends object>(value: T | undefined): Partial<T> =>
  Object.fromEntries(Object.entries(value ?? {}).filter(([, entry]) => entry !== undefined)) as Partial<T>;

/**
 * A tenant's theme: its base theme with the overrides laid over it and its branding. Without branding of its own a
 * tenant keeps the base theme's links and shows its own name.
 */
export function buildTenantTheme(input: {
  baseThemeId: ThemeId | string;
  tenantName: string;
  overrides?: ThemeOverrides | null;
  branding?: TenantBrandingSettings | null;
}): Theme {
  const base = findBuiltInTheme(input.baseThemeId);
  const colors = input.overrides?.colors ?? {};
  const typography = input.overrides?.typography ?? {};
  const { grays, text, chart, ...flatColors } = colors;
  const { sizes, weights, lineHeights, ...flatTypography } = typography;
  const branding: Theme['branding'] = input.branding
    ? {
        companyName: input.branding.companyName,
        supportUrl: input.branding.supportUrl,
        termsUrl: input.branding.termsUrl,
        privacyUrl: input.branding.privacyUrl,
        websiteUrl: input.branding.websiteUrl,
        ...(input.branding.logoUrl ? { logo: { url: input.branding.logoUrl } } : {}),
      }
    : { ...base.branding, companyName: input.tenantName };
  return {
    id: base.id,
    name: input.tenantName,
    colors: {
      ...base.colors,
      ...definedOnly(flatColors),
      grays: { ...base.colors.grays, ...definedOnly(grays) },
      text: { ...base.colors.text, ...definedOnly(text) },
      chart: chart ?? base.colors.chart,
    },
    typography: {
      ...base.typography,
      ...definedOnly(flatTypography),
      sizes: { ...base.typography.sizes, ...definedOnly(sizes) },
      weights: { ...base.typography.weights, ...definedOnly(weights) },
      lineHeights: { ...base.typography.lineHeights, ...definedOnly(lineHeights) },
    },
    branding,
  };
}

export type ContrastPairId =
  | 'text-on-body'
  | 'text-on-surface'
  | 'secondary-text-on-body'
  | 'secondary-text-on-surface'
  | 'muted-text-on-body'
  | 'muted-text-on-surface'
  | 'text-on-sidebar'
  | 'secondary-text-on-sidebar'
  | 'on-primary-on-primary-strong'
  | 'link-on-surface'
  | 'link-on-body'
  | 'inverse-text-on-dark'
  | 'danger-on-surface'
  | 'danger-on-light'
  | 'success-on-surface'
  | 'warning-on-surface'
  | 'info-on-surface';

type ContrastPairDefinition = {
  id: ContrastPairId;
  /** Theme colour paths, e.g. `text.primary` and `bodyBackground`. */
  foreground: string;
  background: string;
};

/**
 * Every text/background pair the components draw (normal-size text, so WCAG AA 4.5:1 each). The white-label editor
 * shows them and the API refuses a tenant theme that fails any of them.
 */
export const THEME_CONTRAST_PAIRS: readonly ContrastPairDefinition[] = [
  { id: 'text-on-body', foreground: 'text.primary', background: 'bodyBackground' },
  { id: 'text-on-surface', foreground: 'text.primary', background: 'white' },
  { id: 'secondary-text-on-body', foreground: 'text.secondary', background: 'bodyBackground' },
  { id: 'secondary-text-on-surface', foreground: 'text.secondary', background: 'white' },
  { id: 'muted-text-on-body', foreground: 'text.muted', background: 'bodyBackground' },
  { id: 'muted-text-on-surface', foreground: 'text.muted', background: 'white' },
  { id: 'text-on-sidebar', foreground: 'text.primary', background: 'sidebarBackground' },
  { id: 'secondary-text-on-sidebar', foreground: 'text.secondary', background: 'sidebarBackground' },
  { id: 'on-primary-on-primary-strong', foreground: 'onPrimary', background: 'primaryStrong' },
  { id: 'link-on-surface', foreground: 'primaryStrong', background: 'white' },
  { id: 'link-on-body', foreground: 'primaryStrong', background: 'bodyBackground' },
  { id: 'inverse-text-on-dark', foreground: 'text.inverse', background: 'dark' },
  { id: 'danger-on-surface', foreground: 'danger', background: 'white' },
  { id: 'danger-on-light', foreground: 'danger', background: 'light' },
  { id: 'success-on-surface', foreground: 'success', background: 'white' },
  { id: 'warning-on-surface', foreground: 'warning', background: 'white' },
  { id: 'info-on-surface', foreground: 'info', background: 'white' },
];

export type ContrastCheck = {
  id: ContrastPairId;
  foreground: string;
  background: string;
  foregroundColor: string;
  backgroundColor: string;
  /** Rounded to two decimals, as shown. */
  ratio: number;
  passes: boolean;
};

const isHexColour = (value: string) => /^#[0-9a-f]{6}$/i.test(value);

function readColour(colors: Colors, path: string): string {
  const [group, key] = path.split('.') as [string, string | undefined];
  const value =
    key === undefined ? colors[group as keyof Colors] : (colors[group as 'text'] as Record<string, string>)[key];
  return typeof value === 'string' ? value : '';
}

/** Each pair of THEME_CONTRAST_PAIRS with its ratio; a colour that is not #rrggbb fails its pairs (ratio 0). */
export function checkThemeContrast(theme: Theme): ContrastCheck[] {
  return THEME_CONTRAST_PAIRS.map((pair) => {
    const foregroundColor = readColour(theme.colors, pair.foreground);
    const backgroundColor = readColour(theme.colors, pair.background);
    const ratio =
      isHexColour(foregroundColor) && isHexColour(backgroundColor)
        ? getContrastRatio(foregroundColor, backgroundColor)
        : 0;
    return {
      ...pair,
      foregroundColor,
      backgroundColor,
      ratio: Math.floor(ratio * 100) / 100,
      passes: ratio >= AA_NORMAL_TEXT_RATIO,
    };
  });
}

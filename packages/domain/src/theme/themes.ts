export const THEME_IDS = ['default', 'stripe'] as const;
export type ThemeId = (typeof THEME_IDS)[number];

export type GrayScale = Record<100 | 200 | 300 | 400 | 500 | 600 | 700 | 800 | 900, string>;

/** Spec §3 "Theme". Colours are #rrggbb so their contrast can be checked. */
export type Theme = {
  id: ThemeId;
  name: string;
  colors: {
    /** The brand colour: accents, focus rings, borders of selected items. */
    primary: string;
    primaryLight: string;
    /**
     * Filled buttons and links. The brand primary of the default theme (#1171ff) reaches only
     * 4.35:1 against white, below WCAG AA (4.5:1) for normal text, so text-bearing surfaces use
     * this slightly darker shade and keep the brand primary for non-text accents.
     */
    primaryStrong: string;
    /** Text and icons on primaryStrong. */
    onPrimary: string;
    secondary: string;
    success: string;
    warning: string;
    danger: string;
    info: string;
    light: string;
    dark: string;
    white: string;
    grays: GrayScale;
    text: { primary: string; secondary: string; muted: string; inverse: string };
    bodyBackground: string;
    sidebarBackground: string;
    /** Backdrop of modal pages; the only colour with alpha (rgba). */
    overlay: string;
    /**
     * Series of charts (one per jurisdiction, rate or channel), in order. Eight distinct hues, each at least 3:1
     * against white (WCAG 1.4.11 for graphical objects), so a stacked bar's parts stay apart on the surface.
     */
    chart: readonly [string, string, string, string, string, string, string, string];
  };
  typography: {
    fontFamily: string;
    monoFamily?: string;
    sizes: { xs: string; sm: string; base: string; lg: string; xl: string; '2xl': string; '3xl': string };
    weights: { regular: number; medium: number; semibold: number; bold: number };
    lineHeights: { tight: number; normal: number; relaxed: number };
  };
  branding: {
    companyName: string;
    /**
     * Optional: an image URL, or inline SVG markup. Markup is only ever written by Vatlas itself (built-in themes);
     * a tenant's logo is a URL shown through <img>, where an SVG cannot run script (decision 008).
     */
    logo?: { url: string } | { markup: string };
    supportUrl: string;
    termsUrl: string;
    privacyUrl: string;
    websiteUrl: string;
  };
};

const systemSans =
  'ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif';
const systemMono = 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace';

const sharedTypography = {
  sizes: {
    xs: '0.75rem',
    sm: '0.875rem',
    base: '1rem',
    lg: '1.125rem',
    xl: '1.25rem',
    '2xl': '1.5rem',
    '3xl': '1.875rem',
  },
  weights: { regular: 400, medium: 500, semibold: 600, bold: 700 },
  lineHeights: { tight: 1.25, normal: 1.5, relaxed: 1.625 },
} satisfies Omit<Theme['typography'], 'fontFamily' | 'monoFamily'>;

// Same-origin pages until a deployment sets its own links (white-label tenants override branding).
const vatlasLinks = { supportUrl: '/support', termsUrl: '/terms', privacyUrl: '/privacy', websiteUrl: '/' };

export const defaultTheme: Theme = {
  id: 'default',
  name: 'Default',
  colors: {
    primary: '#1171ff',
    primaryLight: '#e7f0ff',
    primaryStrong: '#0d63e6',
    onPrimary: '#ffffff',
    secondary: '#5b6b82',
    success: '#16794c',
    warning: '#a15c07',
    danger: '#c8302c',
    info: '#0b6bcb',
    light: '#f5f7fa',
    dark: '#111827',
    white: '#ffffff',
    grays: {
      100: '#f3f4f6',
      200: '#e5e7eb',
      300: '#d1d5db',
      400: '#9ca3af',
      500: '#6b7280',
      600: '#4b5563',
      700: '#374151',
      800: '#1f2937',
      900: '#111827',
    },
    text: { primary: '#111827', secondary: '#374151', muted: '#5f6b7a', inverse: '#ffffff' },
    bodyBackground: '#f5f7fa',
    sidebarBackground: '#ffffff',
    overlay: 'rgba(17, 24, 39, 0.5)',
    chart: ['#1171ff', '#c2410c', '#15803d', '#7c3aed', '#be123c', '#0e7490', '#a16207', '#4b5563'],
  },
  typography: {
    fontFamily: `"TT Interphases Pro", ${systemSans}`,
    monoFamily: systemMono,
    ...sharedTypography,
  },
  branding: { companyName: 'Vatlas', ...vatlasLinks },
};

export const stripeTheme: Theme = {
  id: 'stripe',
  name: 'Stripe',
  colors: {
    primary: '#635bff',
    primaryLight: '#efeeff',
    // White on #635bff is 4.70:1, but the brand colour as link text on the body (#f6f9fc) is only 4.44:1, so text
    // uses a slightly deeper shade (5.2:1 on white, 4.9:1 on the body) and the brand colour stays for accents.
    primaryStrong: '#5851ff',
    onPrimary: '#ffffff',
    secondary: '#425466',
    success: '#1b7f4c',
    warning: '#9c5a06',
    danger: '#c0123c',
    info: '#0a66c2',
    light: '#f6f9fc',
    dark: '#0a2540',
    white: '#ffffff',
    grays: {
      100: '#f6f9fc',
      200: '#e3e8ee',
      300: '#c1c9d2',
      400: '#a3acb9',
      500: '#697386',
      600: '#4f566b',
      700: '#3c4257',
      800: '#2a2f45',
      900: '#1a1f36',
    },
    text: { primary: '#0a2540', secondary: '#425466', muted: '#5d6b7e', inverse: '#ffffff' },
    bodyBackground: '#f6f9fc',
    sidebarBackground: '#ffffff',
    overlay: 'rgba(10, 37, 64, 0.5)',
    chart: ['#635bff', '#0a8f6f', '#d9480f', '#0073e6', '#c0123c', '#8d5cf6', '#9c5a06', '#425466'],
  },
  typography: {
    fontFamily: `"Sohne", "Helvetica Neue", Helvetica, ${systemSans}`,
    monoFamily: `"Sohne Mono", ${systemMono}`,
    ...sharedTypography,
  },
  branding: { companyName: 'Vatlas', ...vatlasLinks },
};

/** The first theme is the default (spec §4). */
export const themes: readonly Theme[] = [defaultTheme, stripeTheme];

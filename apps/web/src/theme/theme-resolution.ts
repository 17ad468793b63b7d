import { defaultTheme, THEME_IDS, type Theme, type ThemeId, themes } from '@vatlas/domain';

export const THEME_QUERY_PARAM = 'theme';

export const isThemeId = (value: string): value is ThemeId => (THEME_IDS as readonly string[]).includes(value);

/** Spec §4: an unknown or missing value falls back to the default theme. */
export function resolveThemeId(value: string | null | undefined): ThemeId {
  return value && isThemeId(value) ? value : defaultTheme.id;
}

export function findTheme(id: ThemeId): Theme {
  return themes.find((theme) => theme.id === id) ?? defaultTheme;
}

/** The theme a query string asks for; undefined when it does not mention one. */
export function readThemeParam(search: string): ThemeId | undefined {
  const value = new URLSearchParams(search).get(THEME_QUERY_PARAM);
  return value === null ? undefined : resolveThemeId(value);
}

/** The same query string with the theme parameter rewritten; other parameters are kept. */
export function writeThemeParam(search: string, id: ThemeId): string {
  const params = new URLSearchParams(search);
  params.set(THEME_QUERY_PARAM, id);
  return `?${params.toString()}`;
}

/** CSS custom properties carrying a theme; src/index.css maps them to Tailwind's semantic names. */
export function getThemeCssVariables(theme: Theme): Record<string, string> {
  const { colors, typography } = theme;
  const variables: Record<string, string> = {
    '--vt-primary': colors.primary,
    '--vt-primary-light': colors.primaryLight,
    '--vt-primary-strong': colors.primaryStrong,
    '--vt-on-primary': colors.onPrimary,
    '--vt-secondary': colors.secondary,
    '--vt-success': colors.success,
    '--vt-warning': colors.warning,
    '--vt-danger': colors.danger,
    '--vt-info': colors.info,
    '--vt-light': colors.light,
    '--vt-dark': colors.dark,
    '--vt-white': colors.white,
    '--vt-text-primary': colors.text.primary,
    '--vt-text-secondary': colors.text.secondary,
    '--vt-text-muted': colors.text.muted,
    '--vt-text-inverse': colors.text.inverse,
    '--vt-body-background': colors.bodyBackground,
    '--vt-sidebar-background': colors.sidebarBackground,
    '--vt-overlay': colors.overlay,
    '--vt-font-family': typography.fontFamily,
    '--vt-mono-family': typography.monoFamily ?? 'monospace',
  };
  for (const [step, value] of Object.entries(colors.grays)) variables[`--vt-gray-${step}`] = value;
  colors.chart.forEach((value, index) => {
    variables[`--vt-chart-${index + 1}`] = value;
  });
  for (const [size, value] of Object.entries(typography.sizes)) variables[`--vt-font-size-${size}`] = value;
  for (const [weight, value] of Object.entries(typography.weights))
    variables[`--vt-font-weight-${weight}`] = String(value);
  for (const [name, value] of Object.entries(typography.lineHeights))
    variables[`--vt-line-height-${name}`] = String(value);
  return variables;
}

export function applyTheme(theme: Theme, root: HTMLElement = document.documentElement): void {
  for (const [name, value] of Object.entries(getThemeCssVariables(theme))) root.style.setProperty(name, value);
  root.dataset.theme = theme.id;
}

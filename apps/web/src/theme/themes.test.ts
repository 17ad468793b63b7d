import {
  checkThemeContrast,
  defaultTheme,
  getContrastRatio,
  meetsAaForNormalText,
  stripeTheme,
  type Theme,
  themes,
} from '@vatlas/domain';
import { describe, expect, it } from 'vitest';
import { applyTheme, getThemeCssVariables, readThemeParam, resolveThemeId, writeThemeParam } from './theme-resolution';

const hex = /^#[0-9a-f]{6}$/i;

describe('theme resolution', () => {
  it('falls back to the default (first) theme for unknown or missing values', () => {
    expect(themes[0]?.id).toBe('default');
    expect(resolveThemeId('stripe')).toBe('stripe');
    expect(resolveThemeId('default')).toBe('default');
    expect(resolveThemeId('neon')).toBe('default');
    expect(resolveThemeId('')).toBe('default');
    expect(resolveThemeId(null)).toBe('default');
  });

  it('reads the theme query parameter, undefined when absent', () => {
    expect(readThemeParam('?theme=stripe')).toBe('stripe');
    expect(readThemeParam('?theme=unknown')).toBe('default');
    expect(readThemeParam('?payment=success')).toBeUndefined();
  });

  it('rewrites the theme parameter and keeps the others', () => {
    expect(writeThemeParam('?payment=success', 'stripe')).toBe('?payment=success&theme=stripe');
    expect(writeThemeParam('?theme=default&x=1', 'stripe')).toBe('?theme=stripe&x=1');
    expect(writeThemeParam('', 'default')).toBe('?theme=default');
  });

  it('writes the theme as CSS variables on <html>', () => {
    applyTheme(stripeTheme);
    const style = document.documentElement.style;
    expect(style.getPropertyValue('--vt-primary')).toBe('#635bff');
    expect(style.getPropertyValue('--vt-gray-500')).toBe(stripeTheme.colors.grays[500]);
    expect(document.documentElement.dataset.theme).toBe('stripe');
    applyTheme(defaultTheme);
    expect(style.getPropertyValue('--vt-primary')).toBe('#1171ff');
  });
});

describe('themes', () => {
  it('pins the spec §9 primaries and the default font', () => {
    expect(defaultTheme).toMatchObject({ id: 'default', name: 'Default', colors: { primary: '#1171ff' } });
    expect(defaultTheme.typography.fontFamily.startsWith('"TT Interphases Pro"')).toBe(true);
    expect(defaultTheme.typography.fontFamily).toMatch(/sans-serif$/);
    expect(stripeTheme.colors.primary).toBe('#635bff');
    expect(defaultTheme.branding.companyName).toBe('Vatlas');
  });

  it.each(themes.map((theme) => [theme.id, theme] as const))('%s has every field of spec §3', (_id, theme: Theme) => {
    const { colors, typography, branding } = theme;
    for (const key of [
      'primary',
      'primaryLight',
      'primaryStrong',
      'onPrimary',
      'secondary',
      'success',
      'warning',
      'danger',
      'info',
      'light',
      'dark',
      'white',
      'bodyBackground',
      'sidebarBackground',
    ] as const) {
      expect(colors[key], key).toMatch(hex);
    }
    expect(Object.keys(colors.grays)).toEqual(['100', '200', '300', '400', '500', '600', '700', '800', '900']);
    for (const value of Object.values(colors.grays)) expect(value).toMatch(hex);
    for (const value of Object.values(colors.text)) expect(value).toMatch(hex);
    expect(colors.overlay).toMatch(/^rgba\(/);
    expect(colors.chart).toHaveLength(8);
    expect(new Set(colors.chart).size, 'chart series are distinct').toBe(8);
    for (const value of colors.chart) {
      expect(value).toMatch(hex);
      // WCAG 1.4.11: graphical objects need 3:1 against the surface they are drawn on.
      expect(getContrastRatio(value, colors.white), value).toBeGreaterThanOrEqual(3);
    }
    expect(typography.fontFamily.length).toBeGreaterThan(0);
    expect(Object.keys(typography.sizes)).toEqual(['xs', 'sm', 'base', 'lg', 'xl', '2xl', '3xl']);
    expect(Object.keys(typography.weights)).toEqual(['regular', 'medium', 'semibold', 'bold']);
    expect(Object.keys(typography.lineHeights)).toEqual(['tight', 'normal', 'relaxed']);
    for (const key of ['companyName', 'supportUrl', 'termsUrl', 'privacyUrl', 'websiteUrl'] as const) {
      expect(branding[key].length, key).toBeGreaterThan(0);
    }
    // Every variable the stylesheet maps must be written, none left undefined.
    for (const value of Object.values(getThemeCssVariables(theme))) expect(value).not.toMatch(/undefined/);
  });
});

describe('contrast', () => {
  it('computes WCAG ratios', () => {
    expect(getContrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(getContrastRatio('#ffffff', '#ffffff')).toBeCloseTo(1, 5);
    // The reason primaryStrong exists: the brand blue fails AA for normal text on white.
    expect(getContrastRatio('#ffffff', '#1171ff')).toBeCloseTo(4.35, 2);
    expect(meetsAaForNormalText('#ffffff', '#1171ff')).toBe(false);
    expect(getContrastRatio('#ffffff', '#635bff')).toBeCloseTo(4.7, 2);
  });

  it.each(themes.map((theme) => [theme.id, theme] as const))(
    '%s: every text/background pair the components use passes AA',
    (_id, theme: Theme) => {
      const checks = checkThemeContrast(theme);
      expect(checks.length).toBeGreaterThanOrEqual(17);
      for (const check of checks) expect(check.ratio, check.id).toBeGreaterThanOrEqual(4.5);
      expect(checks.every((check) => check.passes)).toBe(true);
    },
  );
});

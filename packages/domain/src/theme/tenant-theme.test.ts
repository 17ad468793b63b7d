import { describe, expect, it } from 'vitest';
import { buildTenantTheme, checkThemeContrast, findBuiltInTheme } from './tenant-theme';
import { defaultTheme, stripeTheme } from './themes';

describe('buildTenantTheme', () => {
  it('is the base theme with the tenant name when nothing is overridden', () => {
    const theme = buildTenantTheme({ baseThemeId: 'stripe', tenantName: 'Nordic Tax Partners' });
    expect(theme.colors).toEqual(stripeTheme.colors);
    expect(theme.typography).toEqual(stripeTheme.typography);
    expect(theme.branding).toEqual({ ...stripeTheme.branding, companyName: 'Nordic Tax Partners' });
    expect(theme.id).toBe('stripe');
    expect(theme.name).toBe('Nordic Tax Partners');
  });

  it('lays colour and typography overrides over the base, field by field', () => {
    const theme = buildTenantTheme({
      baseThemeId: 'default',
      tenantName: 'T',
      overrides: {
        colors: { primary: '#0f766e', grays: { 500: '#555555' }, text: { muted: '#444444' } },
        typography: { fontFamily: '"Inter", sans-serif', sizes: { base: '1.0625rem' }, weights: { bold: 800 } },
      },
    });
    expect(theme.colors.primary).toBe('#0f766e');
    expect(theme.colors.primaryStrong).toBe(defaultTheme.colors.primaryStrong);
    expect(theme.colors.grays[500]).toBe('#555555');
    expect(theme.colors.grays[400]).toBe(defaultTheme.colors.grays[400]);
    expect(theme.colors.text).toEqual({ ...defaultTheme.colors.text, muted: '#444444' });
    expect(theme.typography.fontFamily).toBe('"Inter", sans-serif');
    expect(theme.typography.sizes).toEqual({ ...defaultTheme.typography.sizes, base: '1.0625rem' });
    expect(theme.typography.weights.bold).toBe(800);
    expect(theme.typography.monoFamily).toBe(defaultTheme.typography.monoFamily);
  });

  it('uses the branding of its own, the logo as a URL', () => {
    const theme = buildTenantTheme({
      baseThemeId: 'default',
      tenantName: 'T',
      branding: {
        companyName: 'Acme Tax',
        logoUrl: 'https://acme.example/logo.svg',
        supportUrl: 'https://acme.example/help',
        termsUrl: '/terms',
        privacyUrl: '/privacy',
        websiteUrl: 'https://acme.example',
      },
    });
    expect(theme.branding).toEqual({
      companyName: 'Acme Tax',
      logo: { url: 'https://acme.example/logo.svg' },
      supportUrl: 'https://acme.example/help',
      termsUrl: '/terms',
      privacyUrl: '/privacy',
      websiteUrl: 'https://acme.example',
    });
  });

  it('falls back to the default theme for an unknown base', () => {
    expect(findBuiltInTheme('neon')).toBe(defaultTheme);
    expect(buildTenantTheme({ baseThemeId: 'neon', tenantName: 'T' }).colors).toEqual(defaultTheme.colors);
  });
});

describe('checkThemeContrast', () => {
  it('passes every pair of the built-in themes', () => {
    for (const theme of [defaultTheme, stripeTheme]) {
      expect(checkThemeContrast(theme).filter((check) => !check.passes)).toEqual([]);
    }
  });

  it('names each failing pair with its colours and ratio', () => {
    const theme = buildTenantTheme({
      baseThemeId: 'default',
      tenantName: 'T',
      overrides: { colors: { primaryStrong: '#7fb2ff', sidebarBackground: '#111827' } },
    });
    const failing = checkThemeContrast(theme).filter((check) => !check.passes);
    expect(failing.map((check) => check.id).sort()).toEqual(
      [
        'link-on-body',
        'link-on-surface',
        'on-primary-on-primary-strong',
        'secondary-text-on-sidebar',
        'text-on-sidebar',
      ].sort(),
    );
    const button = failing.find((check) => check.id === 'on-primary-on-primary-strong');
    expect(button).toMatchObject({ foregroundColor: '#ffffff', backgroundColor: '#7fb2ff' });
    expect(button?.ratio).toBeLessThan(4.5);
  });

  it('rounds the ratio down so a shown 4.50 always passes', () => {
    // #767676 on white is 4.54:1, the lightest grey that passes; #777777 is 4.48:1.
    const passing = buildTenantTheme({
      baseThemeId: 'default',
      tenantName: 'T',
      overrides: { colors: { text: { muted: '#767676' } } },
    });
    const failing = buildTenantTheme({
      baseThemeId: 'default',
      tenantName: 'T',
      overrides: { colors: { text: { muted: '#777777' } } },
    });
    const muted = (theme: typeof passing) =>
      checkThemeContrast(theme).find((check) => check.id === 'muted-text-on-surface');
    expect(muted(passing)).toMatchObject({ ratio: 4.54, passes: true });
    expect(muted(failing)).toMatchObject({ ratio: 4.47, passes: false });
  });
});

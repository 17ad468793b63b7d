import { defaultTheme, stripeTheme } from '@vatlas/domain';
import { describe, expect, it } from 'vitest';
import { findFieldProblems, rebaseValues, toPreviewTheme, toThemeInput, valuesFromTheme } from './theme-form';

const base = () => valuesFromTheme(defaultTheme, 'default');

describe('the white-label form', () => {
  it('sends no overrides while every field is at the base value', () => {
    const input = toThemeInput(base());
    expect(input).toMatchObject({ baseThemeId: 'default', colors: {}, typography: {} });
    expect(input.branding).toEqual({ ...defaultTheme.branding });
  });

  it('sends only the fields that differ from the base, nested as the API expects', () => {
    const values = base();
    values.colors.primary = '#0F766E';
    values.colors['text.muted'] = '#444444';
    values.colors['grays.500'] = '#555555';
    values.colors['chart.2'] = '#123456';
    values.typography['sizes.base'] = '1.0625rem';
    values.typography['weights.bold'] = '800';
    values.branding.logoUrl = ' https://acme.example/logo.svg ';
    const input = toThemeInput(values);
    expect(input.colors).toEqual({
      primary: '#0F766E',
      text: { muted: '#444444' },
      grays: { 500: '#555555' },
      chart: defaultTheme.colors.chart.map((colour, index) => (index === 2 ? '#123456' : colour)),
    });
    expect(input.typography).toEqual({ sizes: { base: '1.0625rem' }, weights: { bold: 800 } });
    expect(input.branding.logoUrl).toBe('https://acme.example/logo.svg');
    expect(findFieldProblems(values)).toEqual([]);
  });

  it('names each field the API would refuse', () => {
    const values = base();
    values.colors.primary = '#12';
    values.typography.fontFamily = 'Inter; color: red';
    values.typography['weights.bold'] = '750';
    values.branding.supportUrl = 'javascript:alert(1)';
    expect(
      findFieldProblems(values)
        .map((problem) => problem.key)
        .sort(),
    ).toEqual(['fontFamily', 'primary', 'supportUrl', 'weights.bold'].sort());
  });

  it('previews valid values at once and keeps the base value for a half-typed colour', () => {
    const values = base();
    values.colors.primary = '#0f766e';
    values.colors.danger = '#c8';
    values.branding.companyName = 'Fjord Tax';
    const preview = toPreviewTheme(values, 'Fjord Partners');
    expect(preview.colors.primary).toBe('#0f766e');
    expect(preview.colors.danger).toBe(defaultTheme.colors.danger);
    expect(preview.branding.companyName).toBe('Fjord Tax');
  });

  it('moves untouched fields to a new base theme and keeps edited ones', () => {
    const values = base();
    values.colors.danger = '#990000';
    const rebased = rebaseValues(values, 'stripe');
    expect(rebased.baseThemeId).toBe('stripe');
    expect(rebased.colors.primary).toBe(stripeTheme.colors.primary);
    expect(rebased.colors.danger).toBe('#990000');
    expect(rebased.typography.fontFamily).toBe(stripeTheme.typography.fontFamily);
  });
});

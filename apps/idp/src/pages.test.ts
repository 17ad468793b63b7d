import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { escapeHtml, renderErrorPage, renderSignInPage, renderSignOutPage } from './pages';
import { resolveLocale } from './texts';

const context = { locale: 'en', productName: 'Vatlas', formActionSources: ['http://localhost:3000'] } as const;

describe('renderSignInPage', () => {
  it('renders a labelled, keyboard-usable form inside the main landmark', () => {
    const { html } = renderSignInPage({ ...context, action: '/idp/interaction/abc/login', hasError: false });

    expect(html).toContain('<html lang="en">');
    expect(html.match(/<h1>/g)).toHaveLength(1);
    expect(html).toMatch(/<main>[\s\S]*<form method="post" action="\/idp\/interaction\/abc\/login">[\s\S]*<\/main>/);
    expect(html).toContain(
      '<input id="email" name="email" type="email" autocomplete="username" required autofocus value="">',
    );
    expect(html).toContain(
      '<input id="password" name="password" type="password" autocomplete="current-password" required>',
    );
    expect(html).not.toContain('<script');
    expect(html).toContain(':focus-visible{outline:3px solid');
  });

  it('announces the error and marks both fields invalid after a failed attempt', () => {
    const { html } = renderSignInPage({ ...context, action: '/x', email: 'a@b.test', hasError: true });

    expect(html).toContain('<p class="alert" id="sign-in-error" role="alert">Incorrect email or password.</p>');
    expect(html.match(/aria-invalid="true" aria-describedby="sign-in-error"/g)).toHaveLength(2);
    expect(html).toContain('type="email" autocomplete="username" required value="a@b.test"');
    expect(html).toContain('autocomplete="current-password" required autofocus aria-invalid="true"');
  });

  it('escapes every interpolated value', () => {
    const { html } = renderSignInPage({
      ...context,
      productName: '<b>Evil</b>',
      action: '/x?a="b"',
      email: `"><img src=x onerror='alert(1)'>`,
      hasError: true,
    });

    expect(html).not.toContain('<b>Evil</b>');
    expect(html).not.toContain('<img');
    expect(html).toContain('action="/x?a=&quot;b&quot;"');
    expect(html).toContain('value="&quot;&gt;&lt;img src=x onerror=&#39;alert(1)&#39;&gt;"');
  });

  it('allows exactly its own inline style by hash and no scripts', () => {
    const { html, contentSecurityPolicy } = renderSignInPage({ ...context, action: '/x', hasError: false });
    const style = /<style>([\s\S]*?)<\/style>/.exec(html)?.[1] ?? '';

    expect(contentSecurityPolicy).toContain(`style-src 'sha256-${sha256(style)}'`);
    expect(contentSecurityPolicy).toContain("script-src 'none'");
    expect(contentSecurityPolicy).toContain("form-action 'self' http://localhost:3000");
    expect(contentSecurityPolicy).toContain("frame-ancestors 'none'");
  });

  it('speaks German for the de locale', () => {
    const { html } = renderSignInPage({ ...context, locale: 'de', action: '/x', hasError: true });

    expect(html).toContain('<html lang="de">');
    expect(html).toContain('<h1>Bei Vatlas anmelden</h1>');
    expect(html).toContain('E-Mail oder Passwort ist falsch.');
  });

  it('speaks French, Italian, Spanish and Polish too', () => {
    const headings = (['fr', 'it', 'es', 'pl'] as const).map((locale) => {
      const { html } = renderSignInPage({ ...context, locale, action: '/x', hasError: false });
      expect(html).toContain(`<html lang="${locale}">`);
      return /<h1>([^<]*)<\/h1>/.exec(html)?.[1];
    });
    expect(headings).toEqual([
      'Se connecter à Vatlas',
      'Accedi a Vatlas',
      'Iniciar sesión en Vatlas',
      'Zaloguj się do Vatlas',
    ]);
  });

  it('keeps text and the sign-in button at WCAG AA contrast', () => {
    const { html } = renderSignInPage({ ...context, action: '/x', hasError: true });
    const color = (name: string) => new RegExp(`--color-${name}:(#[0-9a-f]{3,6})`).exec(html)?.[1] ?? '';

    expect(contrastRatio(color('on-primary'), color('primary'))).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(color('on-primary'), color('primary-hover'))).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(color('text'), color('surface'))).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(color('text-muted'), color('surface'))).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(color('primary'), color('background'))).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(color('danger-text'), color('danger-surface'))).toBeGreaterThanOrEqual(4.5);
    // Input borders are user-interface components: 3:1 is the bar.
    expect(contrastRatio(color('border'), color('surface'))).toBeGreaterThanOrEqual(3);
    // The brand colour itself would fail for button text, which is why it is not used there.
    expect(contrastRatio('#fff', '#1171ff')).toBeLessThan(4.5);
  });
});

describe('renderSignOutPage', () => {
  it('auto-submits the sign-out form with a script allowed by hash, and offers a button without JavaScript', () => {
    const { html, contentSecurityPolicy } = renderSignOutPage({
      ...context,
      action: '/idp/session/end/confirm',
      xsrf: 'secret"value',
    });
    const script = /<script>([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';

    expect(script).toContain("getElementById('sign-out-form').submit()");
    expect(contentSecurityPolicy).toContain(`script-src 'sha256-${sha256(script)}'`);
    expect(html).toContain('<input type="hidden" name="xsrf" value="secret&quot;value">');
    expect(html).toContain('<input type="hidden" name="logout" value="yes">');
    expect(html).toMatch(/<noscript>[\s\S]*<button type="submit">Sign out<\/button><\/noscript>/);
  });
});

describe('renderErrorPage', () => {
  it('shows a friendly message, the error code and a way back', () => {
    const { html } = renderErrorPage({ ...context, homeUrl: 'http://localhost:3000', errorCode: 'invalid_request' });

    expect(html).toContain('<h1>Something went wrong</h1>');
    expect(html).toContain('<code>invalid_request</code>');
    expect(html).toContain('<a class="button" href="http://localhost:3000">Back to Vatlas</a>');
  });
});

describe('escapeHtml', () => {
  it('escapes the five HTML-significant characters', () => {
    expect(escapeHtml(`&<>"'`)).toBe('&amp;&lt;&gt;&quot;&#39;');
  });
});

function sha256(value: string): string {
  return createHash('sha256').update(value).digest('base64');
}

function contrastRatio(foreground: string, background: string): number {
  const [lighter, darker] = [relativeLuminance(foreground), relativeLuminance(background)].sort((a, b) => b - a);
  return ((lighter ?? 0) + 0.05) / ((darker ?? 0) + 0.05);
}

function relativeLuminance(hex: string): number {
  const digits = hex.replace('#', '');
  const full = digits.length === 3 ? [...digits].map((digit) => digit + digit).join('') : digits;
  const [r = 0, g = 0, b = 0] = [0, 2, 4].map((start) => {
    const channel = Number.parseInt(full.slice(start, start + 2), 16) / 255;
    return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

describe('resolveLocale', () => {
  it('takes the first of the six languages in ui_locales, else English', () => {
    expect(resolveLocale('pl-PL en')).toBe('pl');
    expect(resolveLocale('nl fr-BE')).toBe('fr');
    expect(resolveLocale('sv')).toBe('en');
    expect(resolveLocale(undefined)).toBe('en');
  });
});

import { createHash } from 'node:crypto';
import { getTexts, type Locale } from './texts';

/**
 * Server-rendered pages of the provider. They are self-contained (no external fonts, scripts or
 * images) and carry their own Content-Security-Policy that allows exactly their inline style and,
 * on the sign-out page, exactly its inline script, by hash.
 */
export type RenderedPage = { html: string; contentSecurityPolicy: string };

/** Values every page needs; `formActionSources` are the origins a form may post or redirect to. */
export type PageContext = { locale: Locale; productName: string; formActionSources: readonly string[] };

// The primary colour #1171ff reaches only 4.35:1 against white, so buttons and links use a darker
// shade of it (5.97:1 with white text).
const STYLE = `:root{--color-background:#f3f4f6;--color-surface:#fff;--color-text:#111827;--color-text-muted:#4b5563;--color-border:#6b7280;--color-primary:#0b5cd6;--color-primary-hover:#0a4fb8;--color-on-primary:#fff;--color-danger-text:#991b1b;--color-danger-surface:#fef2f2;--color-danger-border:#fca5a5;--color-focus:#0b5cd6}
*{box-sizing:border-box}
html{font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;font-size:16px;line-height:1.5;color:var(--color-text);background:var(--color-background)}
body{margin:0;min-height:100vh;display:flex;flex-direction:column;align-items:center;padding:48px 16px}
.brand{margin:0 0 24px;font-size:1.75rem;font-weight:700;letter-spacing:-.01em;color:var(--color-primary)}
main{width:100%;max-width:400px}
.card{background:var(--color-surface);border-radius:12px;box-shadow:0 1px 3px rgba(17,24,39,.12),0 8px 24px rgba(17,24,39,.06);padding:32px}
h1{margin:0 0 24px;font-size:1.5rem;line-height:1.25;font-weight:600}
p{margin:0 0 16px}
.muted{color:var(--color-text-muted)}
.field{margin-bottom:16px}
label{display:block;margin-bottom:6px;font-weight:500}
input{display:block;width:100%;height:44px;padding:0 12px;font:inherit;color:var(--color-text);background:var(--color-surface);border:1px solid var(--color-border);border-radius:8px}
input[aria-invalid=true]{border-color:var(--color-danger-text)}
button,.button{display:block;width:100%;min-height:44px;margin-top:8px;padding:10px 16px;font:inherit;font-weight:600;text-align:center;text-decoration:none;color:var(--color-on-primary);background:var(--color-primary);border:0;border-radius:8px;cursor:pointer}
button:hover,.button:hover{background:var(--color-primary-hover)}
:focus-visible{outline:3px solid var(--color-focus);outline-offset:2px}
.alert{margin:0 0 16px;padding:12px 16px;color:var(--color-danger-text);background:var(--color-danger-surface);border:1px solid var(--color-danger-border);border-radius:8px}
code{font-size:.875rem;color:var(--color-text-muted)}`;

const STYLE_HASH = hashForCsp(STYLE);

export type SignInPageInput = PageContext & {
  /** Where the form posts (email + password). */
  action: string;
  /** The e-mail entered before, echoed back after a failed attempt. */
  email?: string;
  hasError: boolean;
};

export function renderSignInPage(input: SignInPageInput): RenderedPage {
  const texts = getTexts(input.locale);
  const heading = texts.signInHeading(input.productName);
  const alert = input.hasError
    ? `<p class="alert" id="sign-in-error" role="alert">${texts.incorrectCredentials}</p>`
    : '';
  const email = input.email ?? '';
  // After a failed attempt the e-mail is kept, so the user continues in the password field.
  const invalid = input.hasError ? ' aria-invalid="true" aria-describedby="sign-in-error"' : '';
  const body = `<h1>${escapeHtml(heading)}</h1>
${alert}<form method="post" action="${escapeHtml(input.action)}">
<div class="field"><label for="email">${texts.emailLabel}</label><input id="email" name="email" type="email" autocomplete="username" required${email ? '' : ' autofocus'} value="${escapeHtml(email)}"${invalid}></div>
<div class="field"><label for="password">${texts.passwordLabel}</label><input id="password" name="password" type="password" autocomplete="current-password" required${email ? ' autofocus' : ''}${invalid}></div>
<button type="submit">${texts.signInButton}</button>
</form>`;
  return renderPage(input, heading, body);
}

export type SignOutPageInput = PageContext & { action: string; xsrf: string };

/**
 * Posts the provider's sign-out confirmation by itself: Vatlas asks no "do you want to sign out"
 * question because the user already chose "Sign out" in the app. Without JavaScript a button does it.
 */
export function renderSignOutPage(input: SignOutPageInput): RenderedPage {
  const texts = getTexts(input.locale);
  const body = `<h1>${texts.signingOutHeading}</h1>
<form id="sign-out-form" method="post" action="${escapeHtml(input.action)}">
<input type="hidden" name="xsrf" value="${escapeHtml(input.xsrf)}">
<input type="hidden" name="logout" value="yes">
<noscript><p class="muted">${texts.signingOutHint}</p><button type="submit">${texts.signOutButton}</button></noscript>
</form>`;
  const script = `document.getElementById('sign-out-form').submit();`;
  return renderPage(input, texts.signingOutHeading, body, script);
}

export type SignedOutPageInput = PageContext & { homeUrl: string };

export function renderSignedOutPage(input: SignedOutPageInput): RenderedPage {
  const texts = getTexts(input.locale);
  const body = `<h1>${texts.signedOutHeading}</h1>
<p>${escapeHtml(texts.signedOutMessage(input.productName))}</p>
<a class="button" href="${escapeHtml(input.homeUrl)}">${escapeHtml(texts.backToProduct(input.productName))}</a>`;
  return renderPage(input, texts.signedOutHeading, body);
}

export type ErrorPageInput = PageContext & {
  homeUrl: string;
  /** OAuth error code such as `invalid_request`; shown small so support can tell errors apart. */
  errorCode?: string;
  isSessionExpired?: boolean;
};

export function renderErrorPage(input: ErrorPageInput): RenderedPage {
  const texts = getTexts(input.locale);
  const message = input.isSessionExpired ? texts.sessionExpiredMessage : texts.errorMessage;
  const code = input.errorCode ? `<p><code>${escapeHtml(input.errorCode)}</code></p>` : '';
  const body = `<h1>${texts.errorHeading}</h1>
<p>${message}</p>
${code}<a class="button" href="${escapeHtml(input.homeUrl)}">${escapeHtml(texts.backToProduct(input.productName))}</a>`;
  return renderPage(input, texts.errorHeading, body);
}

function renderPage(context: PageContext, title: string, body: string, script?: string): RenderedPage {
  const scriptTag = script ? `\n<script>${script}</script>` : '';
  const html = `<!DOCTYPE html>
<html lang="${context.locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(`${title} · ${context.productName}`)}</title>
<style>${STYLE}</style>
</head>
<body>
<header><p class="brand">${escapeHtml(context.productName)}</p></header>
<main><div class="card">
${body}
</div></main>${scriptTag}
</body>
</html>
`;
  return { html, contentSecurityPolicy: buildContentSecurityPolicy(context.formActionSources, script) };
}

function buildContentSecurityPolicy(formActionSources: readonly string[], script: string | undefined): string {
  const directives = [
    "default-src 'none'",
    `style-src '${STYLE_HASH}'`,
    `script-src ${script ? `'${hashForCsp(script)}'` : "'none'"}`,
    `form-action ${["'self'", ...formActionSources].join(' ')}`,
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ];
  return directives.join('; ');
}

function hashForCsp(source: string): string {
  return `sha256-${createHash('sha256').update(source, 'utf8').digest('base64')}`;
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character] ?? character);
}

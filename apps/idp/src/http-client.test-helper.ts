/**
 * A tiny browser stand-in for flow tests: plain fetch with manual redirects and a cookie jar
 * (cookie paths and expiry are honoured, domains are not needed on one host).
 */
type StoredCookie = { name: string; value: string; path: string };

export type BrowserResponse = { status: number; location: string | null; headers: Headers; body: string; url: string };

export function createTestBrowser() {
  const cookies = new Map<string, StoredCookie>();

  const storeCookies = (response: Response, requestUrl: URL) => {
    for (const header of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = header.split(';').map((part) => part.trim());
      const separator = pair.indexOf('=');
      const name = pair.slice(0, separator);
      const value = pair.slice(separator + 1);
      let path = requestUrl.pathname.replace(/\/[^/]*$/, '') || '/';
      let isExpired = value === '';
      for (const attribute of attributes) {
        const [key = '', attributeValue = ''] = attribute.split('=');
        if (key.toLowerCase() === 'path') path = attributeValue;
        if (key.toLowerCase() === 'expires' && Date.parse(attributeValue) <= Date.now()) isExpired = true;
        if (key.toLowerCase() === 'max-age' && Number(attributeValue) <= 0) isExpired = true;
      }
      const key = `${name};${path}`;
      if (isExpired) cookies.delete(key);
      else cookies.set(key, { name, value, path });
    }
  };

  const cookieHeaderFor = (url: URL) =>
    [...cookies.values()]
      .filter((cookie) => url.pathname === cookie.path || url.pathname.startsWith(cookie.path.replace(/\/?$/, '/')))
      .map((cookie) => `${cookie.name}=${cookie.value}`)
      .join('; ');

  const request = async (url: string | URL, init: { method?: string; form?: Record<string, string> } = {}) => {
    const target = new URL(url);
    const headers = new Headers();
    const cookieHeader = cookieHeaderFor(target);
    if (cookieHeader) headers.set('cookie', cookieHeader);
    let body: string | undefined;
    if (init.form) {
      headers.set('content-type', 'application/x-www-form-urlencoded');
      body = new URLSearchParams(init.form).toString();
    }
    const response = await fetch(target, {
      method: init.method ?? (init.form ? 'POST' : 'GET'),
      headers,
      body,
      redirect: 'manual',
    });
    storeCookies(response, target);
    const location = response.headers.get('location');
    return {
      status: response.status,
      location: location ? new URL(location, target).href : null,
      headers: response.headers,
      body: await response.text(),
      url: target.href,
    } satisfies BrowserResponse;
  };

  return { request, cookies };
}

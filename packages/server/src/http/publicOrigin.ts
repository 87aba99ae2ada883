const HOST = /^[a-z0-9.-]+(:\d{1,5})?$|^\[[0-9a-f:.]+\](:\d{1,5})?$/i;

/**
 * The base URL absolute links are built on (DECISIONS 23): the configured one when set;
 * otherwise the request's own origin, where `X-Forwarded-Proto`/`X-Forwarded-Host` are believed
 * only when the peer is a trusted proxy (and only when they look like a scheme and a host).
 * Returned without a trailing slash.
 *
 * @example
 * publicOrigin(new Request('http://10.0.0.5:8080/v1'), { baseUrl: 'https://stats.example.org/' }); // 'https://stats.example.org'
 */
export function publicOrigin(request: Request, options: { baseUrl?: string | undefined; fromTrustedProxy?: boolean }): string {
  if (options.baseUrl) return options.baseUrl.replace(/\/+$/, '');
  const url = new URL(request.url);
  if (!options.fromTrustedProxy) return url.origin;
  const first = (name: string) => request.headers.get(name)?.split(',')[0]?.trim() ?? '';
  const proto = first('x-forwarded-proto').toLowerCase();
  const host = first('x-forwarded-host');
  const scheme = proto === 'http' || proto === 'https' ? proto : url.protocol.slice(0, -1);
  return `${scheme}://${host !== '' && HOST.test(host) ? host : url.host}`;
}

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
  return forwardedOrigin((name) => request.headers.get(name), url.protocol.slice(0, -1), url.host);
}

/**
 * The origin a trusted proxy says the client asked for, as `scheme://host` (not normalised):
 * the first `X-Forwarded-Proto` when it is http or https, else `scheme`; the first
 * `X-Forwarded-Host` when it looks like a host, else `host`. Shared by the fetch path and the
 * router's fast lane, which reads headers without a Request.
 *
 * @example
 * forwardedOrigin((name) => (name === 'x-forwarded-proto' ? 'https' : null), 'http', '10.0.0.5:8080'); // 'https://10.0.0.5:8080'
 */
export function forwardedOrigin(header: (name: string) => string | null, scheme: string, host: string): string {
  const first = (name: string) => header(name)?.split(',')[0]?.trim() ?? '';
  const proto = first('x-forwarded-proto').toLowerCase();
  const forwardedHost = first('x-forwarded-host');
  return `${proto === 'http' || proto === 'https' ? proto : scheme}://${forwardedHost !== '' && HOST.test(forwardedHost) ? forwardedHost : host}`;
}

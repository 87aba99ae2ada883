/**
 * Headers a browser script may read besides the CORS-safelisted ones (DECISIONS 20). They belong
 * on actual responses, not only on the preflight (Fetch standard).
 */
export const EXPOSED_HEADERS = [
  'ETag',
  'Last-Modified',
  'Retry-After',
  'RateLimit-Limit',
  'RateLimit-Remaining',
  'RateLimit-Reset',
  'RateLimit-Policy',
] as const;

/** The methods the API answers (SPEC "Authentication": anything else is 405). */
export const ALLOWED_METHODS = 'GET, HEAD';

/** CORS headers every response carries, errors and 304s included. */
export const corsHeaders: Readonly<Record<string, string>> = {
  'access-control-allow-origin': '*',
  'access-control-expose-headers': EXPOSED_HEADERS.join(', '),
};

/** Whether a request is a CORS preflight: OPTIONS with `Access-Control-Request-Method`. */
export function isPreflight(request: Request): boolean {
  return request.method === 'OPTIONS' && request.headers.has('access-control-request-method');
}

/**
 * The 204 answer to a preflight. Requested headers are echoed back when they are a plain token
 * list (browser scripts that send If-None-Match themselves trigger a preflight), so conditional
 * requests work cross-origin; the answer is cacheable for a day.
 */
export function preflightResponse(request: Request): Response {
  const requested = request.headers.get('access-control-request-headers') ?? '';
  const headers = new Headers({
    ...corsHeaders,
    'access-control-allow-methods': ALLOWED_METHODS,
    'access-control-max-age': '86400',
  });
  if (/^[A-Za-z0-9!#$%&'*+.^_`|~-]+(\s*,\s*[A-Za-z0-9!#$%&'*+.^_`|~-]+)*$/.test(requested.trim())) {
    headers.set('access-control-allow-headers', requested.trim());
    // The answer now depends on the request's header list: a shared cache must key on it.
    headers.set('vary', 'Access-Control-Request-Headers');
  }
  return new Response(null, { status: 204, headers });
}

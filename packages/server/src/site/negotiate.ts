/** The q-value of each media range an Accept header lists (`*\/*` included), lower-cased. */
function mediaRanges(accept: string | null): Map<string, number> {
  const ranges = new Map<string, number>();
  if (!accept) return ranges;
  for (const part of accept.slice(0, 1000).split(',')) {
    const [type = '', ...parameters] = part.split(';').map((s) => s.trim().toLowerCase());
    if (!type) continue;
    let q = 1;
    for (const parameter of parameters) {
      const match = /^q=([\d.]+)$/.exec(parameter);
      if (match) q = Math.min(1, Number(match[1]) || 0);
    }
    ranges.set(type, Math.max(q, ranges.get(type) ?? 0));
  }
  return ranges;
}

const htmlQ = (ranges: Map<string, number>) => Math.max(ranges.get('text/html') ?? 0, ranges.get('text/*') ?? 0, ranges.get('application/xhtml+xml') ?? 0);
const jsonQ = (ranges: Map<string, number>) => Math.max(ranges.get('application/json') ?? 0, ranges.get('application/problem+json') ?? 0);

/**
 * Whether a request names HTML in its Accept header (browsers do on every navigation): then an
 * unknown path gets the site's HTML 404 rather than the API's `unversioned-path` problem.
 * A bare `*\/*` (curl, fetch, HTTP libraries) does not count.
 *
 * @example
 * acceptsHtml('text/html,application/xhtml+xml,*\/*;q=0.8'); // true
 * acceptsHtml('*\/*'); // false
 */
export function acceptsHtml(accept: string | null): boolean {
  return htmlQ(mediaRanges(accept)) > 0;
}

/**
 * Whether a request asks for JSON rather than HTML (`Accept: application/json`, and HTML not
 * named as high): then a page's path answers the API's `unversioned-path` problem pointing at
 * the JSON twin. Anything else, `*\/*` included (link-preview bots send it), gets the page.
 *
 * @example
 * prefersJson('application/json'); // true
 * prefersJson('*\/*'); // false
 */
export function prefersJson(accept: string | null): boolean {
  const ranges = mediaRanges(accept);
  const json = jsonQ(ranges);
  return json > 0 && json > htmlQ(ranges);
}

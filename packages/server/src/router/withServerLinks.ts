/**
 * `value` with `server=<id>` added to every absolute link into this service (strings starting
 * with `${baseUrl}/`: profiles, leaderboards, pages), so that following a link from one server's
 * view stays in that view. Other strings (texture and icon URLs, names) are left alone, as are
 * links that name a server already. Returns a copy; `value` is not modified.
 *
 * @example
 * withServerLinks({ links: { profile: 'https://x/v1/players/Steve' } }, 'https://x', 'skyblock');
 * // { links: { profile: 'https://x/v1/players/Steve?server=skyblock' } }
 */
export function withServerLinks<T>(value: T, baseUrl: string, id: string): T {
  const prefix = `${baseUrl}/`;
  const visit = (v: unknown): unknown => {
    if (typeof v === 'string') return v.startsWith(prefix) ? addServer(v, id) : v;
    if (Array.isArray(v)) return v.map(visit);
    if (v !== null && typeof v === 'object' && !ArrayBuffer.isView(v)) {
      const out: Record<string, unknown> = {};
      for (const key of Object.keys(v)) out[key] = visit((v as Record<string, unknown>)[key]);
      return out;
    }
    return v;
  };
  return visit(value) as T;
}

function addServer(link: string, id: string): string {
  const url = new URL(link);
  if (url.searchParams.has('server')) return link;
  url.searchParams.set('server', id);
  // Templates such as `{stat_id}` stay readable.
  return url.href.replaceAll('%7B', '{').replaceAll('%7D', '}');
}

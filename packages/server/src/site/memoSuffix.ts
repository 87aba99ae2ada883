import type { RouterOptions } from '../router/RouterOptions.js';
import { recordMemoKey } from './memoKey.js';
import type { SiteExchange } from './SiteExchange.js';
import type { PageMatch } from './sitePages.js';

/** The part of the memo key that changes without a new snapshot (record, live status). */
export async function memoSuffix(match: PageMatch, exchange: SiteExchange, options: RouterOptions): Promise<string> {
  const parts: string[] = [];
  if (match.page.uses?.record) parts.push(recordMemoKey(await exchange.record()));
  if (match.page.uses?.live) {
    // One server's view shows its own status (the router gives its handlers that server's).
    const own = exchange.server ? options.servers?.find((s) => s.id === exchange.server!.id) : undefined;
    const source = own ? own.status : options.status;
    // The network's view also lists every backend's status: each one's moves the key too.
    const backends = exchange.server ? [] : options.servers ?? [];
    const statuses = await Promise.all([source, ...backends.map((b) => b.status)].map((live) => (live ? live.status() : null)));
    parts.push(statuses.map((status) => (status ? `s${status.checked_at}` : 's-')).join(','));
  }
  return parts.join('|');
}

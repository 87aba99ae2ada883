import type { EditionCounts, Snapshot } from '../snapshot/types.js';

const MS_PER_DAY = 86_400_000;

/** A snapshot's players counted by edition: all of them, the ranked ones, the active ones. */
export interface PlayerCounts {
  all: Readonly<EditionCounts>;
  ranked: Readonly<EditionCounts>;
  /** Online within the snapshot's `inactive_days` before its `data_updated_at`. */
  active: Readonly<EditionCounts>;
}

const cache = new WeakMap<Snapshot, PlayerCounts>();

/**
 * The players of a snapshot counted by edition (`/v1/server`'s `players`; the ranked total
 * divides `/v1/totals`' averages). One pass over the players, once per snapshot object (a
 * WeakMap: it vanishes with the snapshot); a server counts when a pull built the snapshot
 * (`prepareShared`), so the first home page after a pull does not. The counts are shared:
 * copy them before changing them.
 *
 * @example
 * playerCounts(snapshot).ranked.total; // 8312
 */
export function playerCounts(snapshot: Snapshot): PlayerCounts {
  let found = cache.get(snapshot);
  if (found) return found;
  const now = Date.parse(snapshot.data_updated_at);
  const activeSince = now - snapshot.config.inactive_days * MS_PER_DAY;
  const all = counts();
  const ranked = counts();
  const active = counts();
  for (const p of snapshot.players) {
    add(all, p.edition);
    if (p.ranked) add(ranked, p.edition);
    if (p.last_online_ms !== null && p.last_online_ms >= activeSince) add(active, p.edition);
  }
  found = { all, ranked, active };
  cache.set(snapshot, found);
  return found;
}

function counts(): EditionCounts {
  return { total: 0, java: 0, bedrock: 0 };
}

function add(c: EditionCounts, edition: 'java' | 'bedrock'): void {
  c.total++;
  c[edition]++;
}

import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

// The demo network read straight from its files, for tests to compute what the API must say
// without blockstats' reader or merge: plain JSON.parse, the two renames the generator plants
// applied by hand, and sums, unions and minimums written out here once more.

/** An advancement as a view holds it: criteria at their earliest time, done anywhere. */
export interface RawAdvancement {
  criteria: Record<string, number>;
  done: boolean;
  /** Earliest completion: the latest criterion time of a done entry, the earliest over servers. */
  doneAt: number | null;
}

/** One person as one view (the network or one server) sees them. */
export interface RawPlayer {
  uuid: string;
  /** The name of the most recent sighting anywhere on the network. */
  name: string;
  counters: Record<string, Record<string, number>>;
  advancements: Map<string, RawAdvancement>;
  /** Oldest criterion time, recipes included. */
  earliest: number;
}

interface Sighting {
  server: string;
  name: string;
  seenAt: number;
  counters: Record<string, Record<string, number>>;
  advancements: Map<string, RawAdvancement>;
}

/** `2026-03-16 18:18:59 +0100` as epoch ms. */
export function parseTime(text: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2}) ([+-])(\d{2})(\d{2})$/.exec(text);
  if (!m) throw new Error(`not a game time: ${text}`);
  const [y, mo, d, h, mi, s] = m.slice(1, 7).map(Number) as [number, number, number, number, number, number];
  const offset = (m[7] === '-' ? -1 : 1) * (Number(m[8]) * 60 + Number(m[9])) * 60_000;
  return Date.UTC(y, mo - 1, d, h, mi, s) - offset;
}

/** The ids the generator writes under older names, by the DataVersion that renamed them. */
function renamed(type: string, key: string, dataVersion: number): string {
  if (type === 'minecraft:custom' && key === 'minecraft:play_one_minute' && dataVersion < 2710) return 'minecraft:play_time';
  if (type === 'minecraft:killed' && key === 'minecraft:zombie_pigman' && dataVersion < 2509) return 'minecraft:zombified_piglin';
  return key;
}

function readSightings(id: string, dir: string): Map<string, Sighting> {
  const names = new Map<string, string>();
  for (const e of JSON.parse(readFileSync(join(dir, 'usercache.json'), 'utf8')) as Array<{ uuid: string; name: string }>) names.set(e.uuid, e.name);
  const out = new Map<string, Sighting>();
  for (const file of readdirSync(join(dir, 'world/stats'))) {
    const uuid = file.replace(/\.json$/, '');
    const statsPath = join(dir, 'world/stats', file);
    const stats = JSON.parse(readFileSync(statsPath, 'utf8')) as { stats: Record<string, Record<string, number>>; DataVersion: number };
    const counters: Record<string, Record<string, number>> = {};
    for (const [type, keys] of Object.entries(stats.stats)) {
      counters[type] = {};
      for (const [key, value] of Object.entries(keys)) counters[type]![renamed(type, key, stats.DataVersion)] = value;
    }
    const advancements = new Map<string, RawAdvancement>();
    const file2 = JSON.parse(readFileSync(join(dir, 'world/advancements', file), 'utf8')) as Record<string, unknown>;
    for (const [key, entry] of Object.entries(file2)) {
      if (key === 'DataVersion') continue;
      const { criteria, done } = entry as { criteria: Record<string, string>; done: boolean };
      const times = Object.fromEntries(Object.entries(criteria).map(([c, t]) => [c, parseTime(t)]));
      advancements.set(key, { criteria: times, done, doneAt: done ? Math.max(...Object.values(times)) : null });
    }
    out.set(uuid, { server: id, name: names.get(uuid)!, seenAt: statSync(statsPath).mtimeMs, counters, advancements });
  }
  return out;
}

/** The demo network's raw files: every sighting, and who is banned anywhere. */
export interface RawNetwork {
  readonly sightings: ReadonlyMap<string, readonly Sighting[]>;
  readonly banned: ReadonlySet<string>;
}

export function readRawNetwork(servers: ReadonlyArray<{ id: string; dir: string }>): RawNetwork {
  const sightings = new Map<string, Sighting[]>();
  const banned = new Set<string>();
  for (const { id, dir } of servers) {
    for (const [uuid, s] of readSightings(id, dir)) sightings.set(uuid, [...(sightings.get(uuid) ?? []), s]);
    for (const e of JSON.parse(readFileSync(join(dir, 'banned-players.json'), 'utf8')) as Array<{ uuid: string }>) banned.add(e.uuid);
  }
  return { sightings, banned };
}

/** The visible players of a view: the whole network (`serverIds` all) or one server. */
export function rawView(raw: RawNetwork, serverIds: readonly string[]): Map<string, RawPlayer> {
  const out = new Map<string, RawPlayer>();
  for (const [uuid, all] of raw.sightings) {
    if (raw.banned.has(uuid)) continue;
    const seen = all.filter((s) => serverIds.includes(s.server));
    if (seen.length === 0) continue;
    const latest = all.reduce((a, b) => (b.seenAt > a.seenAt ? b : a));
    const counters: Record<string, Record<string, number>> = {};
    const advancements = new Map<string, RawAdvancement>();
    let earliest = Infinity;
    for (const s of seen) {
      for (const [type, keys] of Object.entries(s.counters)) {
        counters[type] ??= {};
        for (const [key, value] of Object.entries(keys)) counters[type]![key] = (counters[type]![key] ?? 0) + value;
      }
      for (const [id, a] of s.advancements) {
        const held = advancements.get(id) ?? { criteria: {}, done: false, doneAt: null };
        for (const [c, t] of Object.entries(a.criteria)) {
          held.criteria[c] = Math.min(held.criteria[c] ?? Infinity, t);
          earliest = Math.min(earliest, t);
        }
        if (a.done) held.doneAt = Math.min(held.doneAt ?? Infinity, a.doneAt!);
        held.done ||= a.done;
        advancements.set(id, held);
      }
    }
    out.set(uuid, { uuid, name: latest.name, counters, advancements, earliest });
  }
  return out;
}

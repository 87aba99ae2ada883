// Generates the demo server's stat history: one pull a day for 180 days (by default), written
// with `recordStatHistory` exactly as `blockstats serve` writes it, ending on the day of the demo
// record's last pull (the demo clock continues from there), so period boards, crowns, the period
// hall of fame and the profiles' weekly charts have something to show.
//
//   node --import tsx examples/generate-demo-stat-history.ts [--server DIR] [--data DIR] [--days N]
//                                                            [--end ISO] [--seed S] [--time-zone TZ]
//                                                            [--if-missing]
//
// Consistent with the save: on the last day every player's values are exactly those of their
// stats file (so all-time and period answers agree). Before, each statistic is the final value
// times the player's share of their play so far: a player joins on the day of their
// `first_played`, first read with nothing yet (or was already there, with what they had gathered
// by then), plays on some days
// (more at weekends) until the day of their `last_online`, and stays as they are after it. No
// clock, no Math.random: same save and options, same bytes.
//
// The core is imported by path, like generate-demo-record.ts (run with plain `--import tsx`).

import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { localCalendar, serverDay, serverDayDate, type PlayerSave, type SaveData } from '../packages/core/src/index.js';
import { openStatHistory, readSave, recordStatHistory } from '../packages/core/src/node.js';
import { demoGeneratorArgs } from './demo-generator-args.js';
import { demoRecordEnd } from './demo-record-end.js';

const HERE = fileURLToPath(new URL('.', import.meta.url));

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** How much a day of the week draws players, Monday first: evenings after work, weekends more. */
const WEEKDAY_WEIGHT = [0.8, 0.8, 0.9, 0.9, 1.2, 1.8, 1.6];

export const DEMO_STAT_HISTORY_DEFAULTS = {
  server: resolve(HERE, 'demo-server'),
  days: 180,
  seed: 'hearthvale-stat-history',
  timeZone: 'UTC',
} as const;

/** Options of `generateDemoStatHistory`. */
export interface DemoStatHistoryOptions {
  /** The demo server directory (a generated one, or any server). */
  server: string;
  /** Data directory to write `history/` into; it must not hold a stat history yet. */
  data: string;
  /** Days covered, the last one included: 14 to 3650. */
  days?: number;
  /** The last pull (epoch ms); default: the demo record's last pull (see `demoRecordEnd`). */
  end?: number;
  seed?: string;
  /** The server's time zone (its `time_zone`), whose dates are the history's days. */
  timeZone?: string;
  /** The server's save, when already read (else read from `server`). */
  save?: SaveData;
}

/** What was generated. */
export interface DemoStatHistorySummary {
  data: string;
  firstDay: string;
  lastDay: string;
  players: number;
  /** Players whose first day is inside the span. */
  joined: number;
}

/** The same seeded PRNG as generate-demo-record.ts (mulberry32 over FNV-1a). */
function random(seed: string): () => number {
  let h = 0x811c9dc5;
  for (let i = 0; i < seed.length; i++) h = Math.imul(h ^ seed.charCodeAt(i), 0x01000193);
  let a = h >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** One player over the span: their share of the final values at the end of each day. */
interface Growth {
  player: PlayerSave;
  counters: Counters;
  /** First day they are in the history (their join day, or the span's first day). */
  from: number;
  /** Whether `from` is their join day (they first played during the span). */
  joins: boolean;
  /** Share at the end of day `from + i`; 1 from their last growing day on. */
  shares: Float64Array;
}

function growth(player: PlayerSave, firstDay: number, lastDay: number, timeZone: string, seed: string): Growth {
  const rng = random(`${seed}:${player.uuid}`);
  const joined = player.firstPlayed == null ? -Infinity : serverDay(player.firstPlayed, timeZone);
  const left = player.lastOnline == null ? lastDay : Math.min(lastDay, serverDay(player.lastOnline, timeZone));
  const from = Math.min(lastDay, Math.max(firstDay, joined));
  const to = Math.max(from, left);
  const shares = new Float64Array(lastDay - from + 1).fill(1);
  if (left < from) return { player, counters: countersOf(player), from, joins: false, shares }; // gone before the span: as they are throughout
  // What a veteran had before the span, in proportion to their days on the server before it
  // (one year when the save does not say when they first played).
  const since = Number.isFinite(joined) ? joined : from - 365;
  const base = joined >= firstDay ? 0 : Math.min(0.95, ((from - since) / (to + 1 - since)) * (0.8 + rng() * 0.4));
  const activity = 0.25 + rng() * 0.65;
  const weights = new Float64Array(to - from + 1);
  let total = 0;
  for (let d = from; d <= to; d++) {
    const plays = d === to || (d === from && joined === from) || rng() < activity;
    const w = plays ? WEEKDAY_WEIGHT[(((d + 3) % 7) + 7) % 7]! * (0.3 + rng()) : 0;
    weights[d - from] = w;
    total += w;
  }
  let sum = 0;
  for (let d = from; d < to; d++) {
    sum += weights[d - from]!;
    shares[d - from] = base + ((1 - base) * sum) / total;
  }
  return { player, counters: countersOf(player), from, joins: joined >= firstDay, shares };
}

/** The counters that move every day one plays: the ones the boards, crowns and charts are mostly about. */
const DAILY = new Set(
  ['play_time', 'jump', 'deaths', 'mob_kills', 'player_kills', 'damage_dealt', 'damage_taken', 'leave_game', 'walk_one_cm', 'sprint_one_cm', 'swim_one_cm', 'fly_one_cm', 'boat_one_cm', 'horse_one_cm', 'climb_one_cm', 'aviate_one_cm'].map((k) => `minecraft:${k}`),
);
/** Steps in which any other counter reaches its final value (picked by its name). */
const STEPS = [6, 12, 24, 48];

/** A counter's steps: Infinity for the daily ones, else picked by a small hash of its name. */
function stepsOf(type: string, key: string): number {
  if (type === 'minecraft:custom' && DAILY.has(key)) return Infinity;
  let h = 0;
  for (let i = 0; i < key.length; i++) h = (h * 31 + key.charCodeAt(i)) | 0;
  return STEPS[(h >>> 0) % STEPS.length]!;
}

/** A player's counters, flat: what `scaled` scales. */
interface Counters {
  player: PlayerSave;
  types: string[];
  keys: string[][];
  values: number[][];
  steps: number[][];
}

function countersOf(player: PlayerSave): Counters {
  const types = Object.keys(player.stats);
  const keys = types.map((t) => Object.keys(player.stats[t]!));
  return {
    player,
    types,
    keys,
    values: types.map((t, i) => keys[i]!.map((k) => player.stats[t]![k]!)),
    steps: types.map((t, i) => keys[i]!.map((k) => stepsOf(t, k))),
  };
}

/**
 * The player as a save reading with every counter at `share` of its final value (rounded down).
 * The main counters (`DAILY`) move every day one plays; the others in steps, since not every
 * block, item, mob or minor counter changes every day one plays (and it keeps the files small).
 */
function scaled(c: Counters, share: number): PlayerSave {
  const stats: Record<string, Record<string, number>> = {};
  c.types.forEach((type, i) => {
    const out: Record<string, number> = {};
    const keys = c.keys[i]!;
    const values = c.values[i]!;
    const steps = c.steps[i]!;
    for (let k = 0; k < keys.length; k++) {
      const n = steps[k]!;
      out[keys[k]!] = Math.floor(values[k]! * (n === Infinity ? share : Math.floor(share * n) / n));
    }
    stats[type] = out;
  });
  const p = c.player;
  // A plain reading (not the reader's packed one): the fields the history reads of it.
  return { uuid: p.uuid, name: p.name, stats, files: p.files, statsDataVersion: p.statsDataVersion, legacyStats: p.legacyStats } as PlayerSave;
}

/**
 * Writes the demo stat history into `<data>/history/`. Throws when the data directory already
 * holds one (a history never rewrites its past), the server cannot be read, or options are bad.
 */
export async function generateDemoStatHistory(options: DemoStatHistoryOptions): Promise<DemoStatHistorySummary> {
  const days = options.days ?? DEMO_STAT_HISTORY_DEFAULTS.days;
  if (!Number.isInteger(days) || days < 14 || days > 3650) throw new Error(`days must be a whole number from 14 to 3650, got ${days}`);
  const seed = options.seed ?? DEMO_STAT_HISTORY_DEFAULTS.seed;
  const timeZone = options.timeZone ?? DEMO_STAT_HISTORY_DEFAULTS.timeZone;
  const calendar = localCalendar(timeZone); // a bad zone fails here, with its name
  if (existsSync(join(options.data, 'history'))) {
    throw new Error(`${join(options.data, 'history')} already exists; delete it to generate a new demo stat history`);
  }
  const save = options.save ?? (await readSave(options.server));
  const end = options.end ?? demoRecordEnd(save.players);
  if (!Number.isFinite(end)) throw new Error('the end must be given (or the save must record when players were last online)');
  const lastDay = serverDay(end, timeZone);
  const firstDay = lastDay - days + 1;
  const growths = save.players.map((p) => growth(p, firstDay, lastDay, timeZone, seed));
  const log = await openStatHistory(options.data, { timeZone });
  // Each player's reading is made anew only on the days their share changes.
  const last = new Map<string, { share: number; reading: PlayerSave }>();
  for (let day = firstDay; day <= lastDay; day++) {
    // 9 pm local time (the zone's offset at noon of the day), or the end on the last day.
    const at = day === lastDay ? end : day * DAY + 21 * HOUR - calendar.offset(day * DAY + 12 * HOUR);
    // A player who joins today is first read with nothing yet (so their gains count from zero).
    const joining = growths.filter((g) => g.joins && g.from === day);
    if (joining.length > 0) {
      const joinedAt = Math.min(at - 1000, ...joining.map((g) => g.player.firstPlayed!));
      recordStatHistory(log, Math.max(day * DAY - calendar.offset(day * DAY), joinedAt), joining.map((g) => scaled(g.counters, 0)), { sync: false });
    }
    const players: PlayerSave[] = [];
    for (const g of growths) {
      if (day < g.from) continue;
      const share = g.shares[day - g.from]!;
      let kept = last.get(g.player.uuid);
      if (kept === undefined || kept.share !== share) {
        kept = { share, reading: share === 1 ? g.player : scaled(g.counters, share) };
        last.set(g.player.uuid, kept);
      }
      players.push(kept.reading);
    }
    recordStatHistory(log, at, players, { sync: day === lastDay });
  }
  return {
    data: options.data,
    firstDay: serverDayDate(firstDay),
    lastDay: serverDayDate(lastDay),
    players: growths.length,
    joined: growths.filter((g) => g.joins).length,
  };
}

const USAGE = `Usage: node --import tsx examples/generate-demo-stat-history.ts [options]

  --server DIR      the demo server (default examples/demo-server)
  --data DIR        data directory to write history/ into (default <server>/.blockstats)
  --days N          days of history, 14 to 3650 (default ${DEMO_STAT_HISTORY_DEFAULTS.days})
  --end ISO         time of the last pull (default: the demo record's last pull)
  --seed S          random seed (default "${DEMO_STAT_HISTORY_DEFAULTS.seed}")
  --time-zone TZ    the server's time zone, whose dates are the history's days (default ${DEMO_STAT_HISTORY_DEFAULTS.timeZone})
  --if-missing      do nothing when DATA already holds a stat history
  --help            show this help`;

async function main(argv: readonly string[]): Promise<number> {
  const args = demoGeneratorArgs(argv, { name: 'generate-demo-stat-history', usage: USAGE, defaultServer: DEMO_STAT_HISTORY_DEFAULTS.server });
  if (typeof args === 'number') return args;
  const { server, data, end } = args;
  if (args.ifMissing && existsSync(join(data, 'history'))) {
    console.log(`generate-demo-stat-history: ${data} already holds a stat history; leaving it alone`);
    return 0;
  }
  try {
    const s = await generateDemoStatHistory({
      server,
      data,
      ...(args.days !== undefined ? { days: args.days } : {}),
      ...(end !== undefined ? { end } : {}),
      ...(args.seed !== undefined ? { seed: args.seed } : {}),
      ...(args.timeZone !== undefined ? { timeZone: args.timeZone } : {}),
    });
    console.log(`generate-demo-stat-history: wrote ${s.firstDay} to ${s.lastDay} for ${s.players} players (${s.joined} joined during it) to ${s.data}`);
    return 0;
  } catch (error) {
    console.error(`generate-demo-stat-history: ${(error as Error).message}`);
    return 1;
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = await main(process.argv.slice(2));
}

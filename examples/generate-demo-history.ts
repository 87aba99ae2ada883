// Generates a deterministic stat history: a year (by default) of pulls, four a day, written with
// `recordStatHistory` exactly as `blockstats serve` and `blockstats record` write it, plus the
// generated truth beside it: `daily/YYYY-MM-DD.json`, each player's values at the end of every
// server day (and their first reading), from which tests compute period boards independently.
//
//   node --import tsx examples/generate-demo-history.ts --data DIR [--days N] [--players N] [--seed S]
//
// On purpose it holds what period boards must get right: a counter that goes down (a reset:
// `reset` below), a player who joins mid-month and mid-day (`newcomer`), a player the hiding
// rules leave out (`hidden`), and a restart mid-day (the history reopened from its files between
// two pulls of one day, `restartDay`). No clock, no Math.random: same options, same bytes.

import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { serverDayDate, type PlayerSave } from '../packages/core/src/index.js';
import { openStatHistory, recordStatHistory, type StatHistoryLog } from '../packages/core/src/node.js';

const DAY = 86_400_000;
/** Pull times within a UTC day (hours). */
const PULL_HOURS = [3, 9, 15, 21];
/** The statistics the simulated players change, as (stat type, key) → catalogue id. */
const COUNTERS = [
  ['minecraft:custom', 'minecraft:play_time', 'play_time'],
  ['minecraft:custom', 'minecraft:jump', 'jump'],
  ['minecraft:custom', 'minecraft:deaths', 'deaths'],
  ['minecraft:custom', 'minecraft:walk_one_cm', 'walk_one_cm'],
  ['minecraft:mined', 'minecraft:stone', 'mined_total'],
] as const;

/** Options of `generateDemoHistory`. */
export interface DemoHistoryOptions {
  /** Data directory to write `history/` and `daily/` into. */
  data: string;
  days?: number;
  players?: number;
  /** Last server day (days since 1970-01-01, UTC). Default 2026-11-27. */
  lastDay?: number;
  seed?: string;
}

/** What was generated, and the special cases' players and days. */
export interface DemoHistorySummary {
  firstDay: number;
  lastDay: number;
  uuids: string[];
  names: Record<string, string>;
  /** Whose `jump` went down (to 3) at the second pull of `resetDay`. */
  reset: { uuid: string; day: number };
  /** First seen at the third pull of `day` (the 15th of a month). */
  newcomer: { uuid: string; day: number };
  /** Hidden by the hiding rules (`hide`). */
  hidden: string;
  /** The history was reopened after this day's second pull. */
  restartDay: number;
  /** The players at the last pull, as a save's players. */
  players: PlayerSave[];
}

/** A 32-bit PRNG from a string seed (mulberry32 over an FNV-1a hash). */
function random(seed: string): () => number {
  let h = 0x811c9dc5;
  for (let i = 0; i < seed.length; i++) h = Math.imul(h ^ seed.charCodeAt(i), 0x01000193);
  return () => {
    h = (h + 0x6d2b79f5) | 0;
    let t = Math.imul(h ^ (h >>> 15), 1 | h);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

const uuidOf = (n: number): string => `${n.toString(16).padStart(8, '0')}-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;

/** A player's save as `readSave` gives it, with just the counters. */
function playerSave(uuid: string, name: string, values: readonly number[]): PlayerSave {
  const stats: Record<string, Record<string, number>> = {};
  COUNTERS.forEach(([type, key], i) => {
    (stats[type] ??= {})[key] = values[i]!;
  });
  return {
    uuid, name, edition: 'java', nameSource: 'usercache', stats, statsDataVersion: 3953, legacyStats: false,
    advancements: [], advancementsDataVersion: null, recipes: { count: 0, earliest: null },
    lastOnline: null, lastOnlineSource: null, firstPlayed: null, playerDataVersion: 3953,
    files: { stats: `world/stats/${uuid}.json`, advancements: null, playerdata: null },
    newestMtime: 0, oldestMtime: 0,
  } as unknown as PlayerSave;
}

/**
 * Writes the history and the daily truth into `options.data`; returns what a test needs.
 *
 * @example
 * const summary = await generateDemoHistory({ data: '/tmp/h', days: 60, players: 12 });
 */
export async function generateDemoHistory(options: DemoHistoryOptions): Promise<DemoHistorySummary> {
  const days = options.days ?? 365;
  const count = Math.max(4, options.players ?? 40);
  const lastDay = options.lastDay ?? Math.round(Date.UTC(2026, 10, 27) / DAY);
  const firstDay = lastDay - days + 1;
  const rand = random(options.seed ?? 'hearthvale-history');
  const uuids = Array.from({ length: count }, (_, i) => uuidOf(i + 1));
  const names = Object.fromEntries(uuids.map((u, i) => [u, `Player${String(i + 1).padStart(3, '0')}`]));
  const values = uuids.map(() => COUNTERS.map(() => Math.floor(rand() * 1000)));
  const activity = uuids.map(() => 0.1 + rand() * 0.8);
  const resetDay = firstDay + Math.floor(days / 2);
  // The 15th of the month before the last one: mid-month, seen first at the third pull.
  const lastDate = serverDayDate(lastDay);
  const newcomerDay = Math.round(Date.UTC(Number(lastDate.slice(0, 4)), Number(lastDate.slice(5, 7)) - 2, 15) / DAY);
  const newcomer = uuids[1]!;
  const restartDay = firstDay + Math.floor(days / 3);
  const dailyDir = join(options.data, 'daily');
  mkdirSync(dailyDir, { recursive: true });
  let log: StatHistoryLog = await openStatHistory(options.data);
  const first: Record<string, Record<string, number>> = {};
  for (let day = firstDay; day <= lastDay; day++) {
    const active = uuids.map((_, i) => rand() < activity[i]!);
    const firstToday: Record<string, Record<string, number>> = {};
    for (let pull = 0; pull < PULL_HOURS.length; pull++) {
      const at = day * DAY + PULL_HOURS[pull]! * 3_600_000;
      const players: PlayerSave[] = [];
      uuids.forEach((uuid, i) => {
        if (uuid === newcomer && (day < newcomerDay || (day === newcomerDay && pull < 2))) return;
        if (active[i] && pull > 0) {
          values[i]![0]! += Math.floor(rand() * 20_000); // play time ticks
          values[i]![1]! += Math.floor(rand() * 60);
          values[i]![2]! += rand() < 0.2 ? 1 : 0;
          values[i]![3]! += Math.floor(rand() * 50_000);
          values[i]![4]! += Math.floor(rand() * 300);
        }
        if (i === 0 && day === resetDay && pull === 1) values[i]![1] = 3;
        if (first[uuid] === undefined) {
          first[uuid] = Object.fromEntries(COUNTERS.map(([, , id], s) => [id, values[i]![s]!]));
          firstToday[uuid] = first[uuid]!;
        }
        players.push(playerSave(uuid, names[uuid]!, [...values[i]!]));
      });
      recordStatHistory(log, at, players, { sync: false });
      if (day === restartDay && pull === 1) log = await openStatHistory(options.data);
    }
    const end: Record<string, Record<string, number>> = {};
    uuids.forEach((uuid, i) => {
      if (first[uuid] !== undefined) end[uuid] = Object.fromEntries(COUNTERS.map(([, , id], s) => [id, values[i]![s]!]));
    });
    writeFileSync(join(dailyDir, `${serverDayDate(day)}.json`), `${JSON.stringify({ day, first: firstToday, end })}\n`);
  }
  return {
    firstDay, lastDay, uuids, names,
    reset: { uuid: uuids[0]!, day: resetDay },
    newcomer: { uuid: newcomer, day: newcomerDay },
    hidden: uuids[2]!,
    restartDay,
    players: uuids.map((uuid, i) => playerSave(uuid, names[uuid]!, values[i]!)),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({ options: { data: { type: 'string' }, days: { type: 'string' }, players: { type: 'string' }, seed: { type: 'string' } } });
  if (!values.data) {
    console.error('usage: generate-demo-history.ts --data DIR [--days N] [--players N] [--seed S]');
    process.exit(2);
  }
  const summary = await generateDemoHistory({ data: resolve(values.data), ...(values.days ? { days: Number(values.days) } : {}), ...(values.players ? { players: Number(values.players) } : {}), ...(values.seed ? { seed: values.seed } : {}) });
  console.log(`wrote ${serverDayDate(summary.firstDay)} to ${serverDayDate(summary.lastDay)} for ${summary.uuids.length} players into ${resolve(values.data)}/history`);
}

// Generates a deterministic activity record for the demo server: 45 days (by default) of pulls
// every 15 minutes, as the recorder would have written them, ending at the save's counters.
//
//   node --import tsx examples/generate-demo-record.ts [--server DIR] [--data DIR] [--days N]
//                                                      [--history-days N] [--end ISO] [--seed S]
//                                                      [--time-zone TZ] [--if-missing]
//
// Run as a script it also writes the demo's stat history beside the record (`history/`, 180 days
// ending on the record's last day: see generate-demo-stat-history.ts), from the same reading of
// the save.
//
// Consistent with the save: every player's last pull holds exactly the play time, deaths and
// event stats of their files; each player's last session ends at their `last_online`, and a
// player who joined during the period first appears when their first session starts. Before
// that, counters are lower: each player's recent play is spread over sessions with an evening
// rhythm (the demo server's clock is UTC+1). About 1% of pings fail (null samples) and the
// recorder is down for three hours once, so history shows both. No clock, no Math.random:
// same save and options, same bytes.
//
// The core and server are imported by path, not by package name: the CLI runs this script with
// plain `--import tsx`, without the `source` export condition the packages map to their sources.

import { existsSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { eventCounters, localCalendar, pullCounters, type PlayerSave, type SaveData } from '../packages/core/src/index.js';
import { loadRecord, openRecord, readSave, recordPull } from '../packages/core/src/node.js';
import { DEFAULT_EVENT_POOL } from '../packages/server/src/reference/defaultEventPool.js';
import { demoGeneratorArgs } from './demo-generator-args.js';
import { demoRecordEnd } from './demo-record-end.js';
import { DEMO_STAT_HISTORY_DEFAULTS, generateDemoStatHistory } from './generate-demo-stat-history.js';

const HERE = fileURLToPath(new URL('.', import.meta.url));
const MINUTE = 60_000;
const Q = 15 * MINUTE;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** The demo server's players live on UTC+1 (its files carry +0100): evenings are 17–23 there. */
const LOCAL_OFFSET = HOUR;
/** Share of pings that fail (a null sample). */
const PING_FAILURE = 0.01;
/** The recorder's one outage: this many hours, starting this many days into the period. */
const OUTAGE = { day: 19, hour: 2, hours: 3 };

export const DEMO_RECORD_DEFAULTS = {
  server: resolve(HERE, 'demo-server'),
  days: 45,
  seed: 'hearthvale-record',
  timeZone: 'UTC',
} as const;

/** Options of `generateDemoRecord`. */
export interface DemoRecordOptions {
  /** The demo server directory (a generated one, or any server). */
  server: string;
  /** Data directory to write `record/` into; it must not hold a record yet. */
  data: string;
  /** Days covered, at least 45. */
  days?: number;
  /** Time of the last pull (epoch ms); default: the newest `last_online`, up to the quarter hour. */
  end?: number;
  seed?: string;
  /** Zone of the weekly events' Monday (the reference server's `time_zone`). */
  timeZone?: string;
  /** Weekly-event pool (the reference server's default pool unless given). */
  pool?: readonly string[];
  /** The server's save, when already read (else read from `server`). */
  save?: SaveData;
}

/** What was generated. */
export interface DemoRecordSummary {
  data: string;
  start: string;
  end: string;
  pulls: number;
  failedPings: number;
  players: number;
  activePlayers: number;
  newPlayers: number;
  sessions: number;
}

interface Session {
  start: number;
  end: number;
}

/** One player's life during the period: counters as a function of time. */
interface Plan {
  uuid: string;
  /** First pull time at which the player exists (their first session start, or -∞). */
  appears: number;
  sessions: Session[];
  final: Record<string, number>;
  /** Play in the period, ms. */
  played: number;
  /** Death instants during the period. */
  deaths: number[];
  /** Per event stat, the amount gained during the period. */
  gained: Record<string, number>;
}

/** A small, well-mixed seeded PRNG (mulberry32) over a string seed (FNV-1a). */
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

/** An evening-heavy local hour: what a survival server's population looks like. */
function localHour(rng: () => number): number {
  const r = rng();
  if (r < 0.55) return 17 + Math.floor(rng() * 6); // 17–22
  if (r < 0.8) return 12 + Math.floor(rng() * 5); // 12–16
  if (r < 0.95) return 8 + Math.floor(rng() * 4); // 8–11
  return Math.floor(rng() * 3); // after midnight
}

/**
 * Sessions totalling about `playMs` between `from` and `to`: one per equal slot, started at an
 * evening-ish local hour inside the slot when the slot allows; the last one ends at `to` (the
 * player's last_online) and, for a newcomer, the first starts at `from` (their first join).
 */
function buildSessions(rng: () => number, from: number, to: number, playMs: number, newcomer: boolean): Session[] {
  const span = to - from;
  if (span <= 0 || playMs <= 0) return [];
  const count = Math.max(1, Math.min(Math.round(playMs / (95 * MINUTE * (0.6 + rng() * 0.8))), Math.floor(span / (6 * HOUR)) + 1));
  if (count === 1) return [{ start: Math.max(from, to - Math.min(playMs, span)), end: to }];
  const weights = Array.from({ length: count }, () => 0.5 + rng());
  const total = weights.reduce((a, b) => a + b, 0);
  const slot = span / count;
  const sessions: Session[] = [];
  for (let i = 0; i < count; i++) {
    const slotStart = from + i * slot;
    const length = Math.max(10 * MINUTE, Math.min(slot * 0.8, (playMs * weights[i]!) / total));
    let start: number;
    if (i === count - 1) start = to - length;
    else if (i === 0 && newcomer) start = from;
    else {
      // The first time in the slot that is the chosen local hour, if the session still fits.
      const hour = localHour(rng);
      const local = slotStart + LOCAL_OFFSET;
      let candidate = local - (local % DAY) + hour * HOUR + Math.floor(rng() * 60) * MINUTE - LOCAL_OFFSET;
      while (candidate < slotStart) candidate += DAY;
      start = candidate + length <= slotStart + slot ? candidate : slotStart + rng() * (slot - length);
    }
    start = Math.round(start / 1000) * 1000;
    sessions.push({ start, end: Math.min(to, Math.round((start + length) / 1000) * 1000) });
  }
  return sessions;
}

/**
 * Makes a newcomer's sessions add up to exactly `target` ms (all their play happened after they
 * joined), lengthening sessions backwards into the gaps before them or shortening them from the
 * start, so their first sighting in the record shows only the minutes since they joined.
 */
function fit(sessions: Session[], target: number, from: number): void {
  let delta = target - playedAfter(sessions, -Infinity);
  for (let i = sessions.length - 1; i >= 0 && delta !== 0; i--) {
    const s = sessions[i]!;
    if (delta > 0) {
      const floor = i === 0 ? from : sessions[i - 1]!.end + 5 * MINUTE;
      const grow = Math.max(0, Math.min(delta, s.start - floor));
      s.start -= grow;
      delta -= grow;
    } else {
      const shrink = Math.min(-delta, s.end - s.start - MINUTE);
      s.start += shrink;
      delta += shrink;
    }
  }
}

/** Time played within `(t, ∞)` of the sessions, ms. */
function playedAfter(sessions: readonly Session[], t: number): number {
  let sum = 0;
  for (const s of sessions) if (s.end > t) sum += s.end - Math.max(s.start, t);
  return sum;
}

function plan(player: PlayerSave, final: Record<string, number>, start: number, end: number, seed: string, pool: readonly string[]): Plan {
  const rng = random(`${seed}:${player.uuid}`);
  const last = Math.min(player.lastOnline ?? -Infinity, end);
  const first = player.firstPlayed ?? -Infinity;
  const empty: Plan = { uuid: player.uuid, appears: -Infinity, sessions: [], final, played: 0, deaths: [], gained: {} };
  const lifetimeMs = (final.play_time ?? 0) * 50;
  if (last <= start || lifetimeMs <= 0) return empty;

  const newcomer = first > start && first < last;
  const from = newcomer ? first : start;
  let target: number;
  if (newcomer) target = lifetimeMs;
  else {
    const rate = lifetimeMs / Math.max(DAY, last - first);
    target = Math.min(rate * (last - from) * (0.7 + rng() * 0.6), lifetimeMs * 0.85, (last - from) * 0.4);
  }
  const sessions = buildSessions(rng, from, last, target, newcomer);
  if (newcomer) fit(sessions, lifetimeMs, from);
  const played = playedAfter(sessions, -Infinity);
  if (played <= 0) return empty;

  // Deaths at the player's lifetime rate, at random moments of their play.
  const deathRate = (final.deaths ?? 0) / lifetimeMs;
  const dying = Math.min(final.deaths ?? 0, Math.round(deathRate * played * (0.6 + rng() * 0.8)));
  const deaths: number[] = [];
  for (let i = 0; i < dying; i++) {
    let at = rng() * played;
    for (const s of sessions) {
      if (at < s.end - s.start) {
        deaths.push(s.start + at);
        break;
      }
      at -= s.end - s.start;
    }
  }
  const gained: Record<string, number> = {};
  for (const stat of pool) gained[stat] = Math.round((final[stat] ?? 0) * (played / lifetimeMs));
  return { uuid: player.uuid, appears: newcomer ? sessions[0]!.start : -Infinity, sessions, final, played, deaths, gained };
}

/** The player's counters at pull time `t`: the final values minus what happens after `t`. */
function countersAt(p: Plan, t: number, statIds: readonly string[]): Record<string, number> {
  const after = playedAfter(p.sessions, t);
  const counters: Record<string, number> = {
    play_time: (p.final.play_time ?? 0) - Math.round(after / 50),
    deaths: (p.final.deaths ?? 0) - p.deaths.filter((d) => d > t).length,
  };
  for (const stat of statIds) {
    counters[stat] = (p.final[stat] ?? 0) - Math.round((p.gained[stat] ?? 0) * (p.played > 0 ? after / p.played : 0));
  }
  return counters;
}

/**
 * Writes the demo record into `<data>/record/`. Throws when the data directory already holds a
 * record (the recorder refuses to rewrite history), the server cannot be read, or options are bad.
 */
export async function generateDemoRecord(options: DemoRecordOptions): Promise<DemoRecordSummary> {
  const days = options.days ?? DEMO_RECORD_DEFAULTS.days;
  if (!Number.isInteger(days) || days < 45 || days > 3650) throw new Error(`days must be a whole number from 45 to 3650, got ${days}`);
  const seed = options.seed ?? DEMO_RECORD_DEFAULTS.seed;
  const timeZone = options.timeZone ?? DEMO_RECORD_DEFAULTS.timeZone;
  localCalendar(timeZone); // a bad zone fails here, with its name
  const pool = options.pool ?? DEFAULT_EVENT_POOL;
  if (existsSync(join(options.data, 'record'))) {
    throw new Error(`${join(options.data, 'record')} already exists; delete it to generate a new demo record`);
  }

  const save = options.save ?? (await readSave(options.server));
  const end = options.end ?? demoRecordEnd(save.players);
  if (!Number.isFinite(end) || end % Q !== 0) throw new Error('the end must be a quarter hour (or the save must record when players were last online)');
  const start = end - days * DAY;

  const finals = pullCounters(save.players, pool);
  const plans = save.players.map((p) => plan(p, finals[p.uuid]!, start, end, seed, pool));
  const outageFrom = start + OUTAGE.day * DAY + OUTAGE.hour * HOUR;
  const outageTo = outageFrom + OUTAGE.hours * HOUR;
  const rng = random(`${seed}:pings`);

  const log = await openRecord(options.data);
  let pulls = 0;
  let failedPings = 0;
  for (let at = start; at <= end; at += Q) {
    if (at >= outageFrom && at < outageTo) continue;
    const { statIds, event } = eventCounters(log.record, { at, timeZone, pool });
    const counters: Record<string, Record<string, number>> = {};
    let online = 0;
    for (const p of plans) {
      if (p.appears > at) continue;
      counters[p.uuid] = countersAt(p, at, statIds);
      if (p.sessions.some((s) => s.start <= at && at < s.end)) online++;
    }
    const failed = rng() < PING_FAILURE;
    if (failed) failedPings++;
    // One fsync at the end instead of one per pull: a crashed generation is simply run again.
    await recordPull(log, { at, online: failed ? null : online, counters, event }, { sync: at + Q > end });
    pulls++;
  }
  return {
    data: options.data,
    start: new Date(start).toISOString(),
    end: new Date(end).toISOString(),
    pulls,
    failedPings,
    players: plans.length,
    activePlayers: plans.filter((p) => p.played > 0).length,
    newPlayers: plans.filter((p) => p.appears > -Infinity).length,
    sessions: plans.reduce((n, p) => n + p.sessions.length, 0),
  };
}

const USAGE = `Usage: node --import tsx examples/generate-demo-record.ts [options]

  --server DIR      the demo server (default examples/demo-server)
  --data DIR        data directory to write record/ and history/ into (default <server>/.blockstats)
  --days N          days of pulls, at least 45 (default ${DEMO_RECORD_DEFAULTS.days})
  --history-days N  days of stat history ending on the record's last day, 0 for none or
                    14 to 3650 (default ${DEMO_STAT_HISTORY_DEFAULTS.days}; see generate-demo-stat-history.ts)
  --end ISO         time of the last pull, a quarter hour (default: the newest last_online, rounded up)
  --seed S          random seed (default "${DEMO_RECORD_DEFAULTS.seed}")
  --time-zone TZ    zone of the weekly events' Monday (default ${DEMO_RECORD_DEFAULTS.timeZone})
  --if-missing      leave a record (or stat history) DATA already holds alone, generating only what is missing
                    (a record of another demo, whose first pull is not this one's, is generated again)
  --help            show this help`;

/**
 * With `--if-missing`: whether the record `data` holds was generated for another demo (its first
 * pull is not the one this run would write: the demo server was generated again, for another
 * "now"). Its record and stat history are then generated anew; pulls appended after its last
 * one (a served demo's) never change its first.
 */
async function recordOfAnotherDemo(data: string, save: SaveData, end: number | undefined, days: number | undefined): Promise<string | null> {
  const { record } = await loadRecord(data);
  const first = record.times[0];
  const expected = (end ?? demoRecordEnd(save.players)) - (days ?? DEMO_RECORD_DEFAULTS.days) * DAY;
  return first === undefined || first === expected ? null : new Date(first).toISOString();
}

async function main(argv: readonly string[]): Promise<number> {
  const args = demoGeneratorArgs(argv, { name: 'generate-demo-record', usage: USAGE, defaultServer: DEMO_RECORD_DEFAULTS.server, historyDays: true });
  if (typeof args === 'number') return args;
  const { server, data, end, timeZone } = args;
  const historyDays = args.historyDays ?? DEMO_STAT_HISTORY_DEFAULTS.days;
  try {
    // Read once, for both.
    const save = await readSave(server);
    const other = args.ifMissing && existsSync(join(data, 'record')) ? await recordOfAnotherDemo(data, save, end, args.days) : null;
    if (other !== null) {
      console.log(`generate-demo-record: ${data} holds the record of another demo (from ${other}); generating its record and stat history again`);
      for (const part of ['record', 'history']) rmSync(join(data, part), { recursive: true, force: true });
    }
    const keepRecord = args.ifMissing && existsSync(join(data, 'record'));
    const keepHistory = historyDays === 0 || (args.ifMissing && existsSync(join(data, 'history')));
    if (keepRecord) console.log(`generate-demo-record: ${data} already holds a record; leaving it alone`);
    if (keepRecord && keepHistory) return 0;
    if (!keepRecord) {
      const s = await generateDemoRecord({
        server,
        data,
        save,
        ...(args.days !== undefined ? { days: args.days } : {}),
        ...(end !== undefined ? { end } : {}),
        ...(args.seed !== undefined ? { seed: args.seed } : {}),
        ...(timeZone !== undefined ? { timeZone } : {}),
      });
      console.log(
        `generate-demo-record: wrote ${s.pulls} pulls (${s.start} to ${s.end}, ${s.failedPings} failed pings) to ${s.data}: ` +
          `${s.activePlayers} of ${s.players} players active, ${s.newPlayers} joined, ${s.sessions} sessions`,
      );
    }
    if (!keepHistory) {
      // Ends where the record ends (the demo clock continues from there), on the server's days.
      const h = await generateDemoStatHistory({ server, data, save, days: historyDays, ...(end !== undefined ? { end } : {}), ...(timeZone !== undefined ? { timeZone } : {}) });
      console.log(`generate-demo-record: wrote the stat history from ${h.firstDay} to ${h.lastDay} for ${h.players} players (${h.joined} joined during it) to ${h.data}`);
    }
    return 0;
  } catch (error) {
    console.error(`generate-demo-record: ${(error as Error).message}`);
    return 1;
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = await main(process.argv.slice(2));
}

// The stat history's budget (issue 41) at 10,000 players, a fifth active each day, one year:
// disk (≤ 150 MB), memory held once loaded (≤ 100 MB), and a period board at 10,000 players
// (≤ 50 ms the first time after a pull, from the memo after that), and the same for the period
// hall of fame (year, month) and the crowns, which go through every statistic's board.
//
//   node --import tsx --expose-gc bench/statHistory.ts [--players 10000] [--days 365] [--active 0.2] [--changed 30] [--work DIR]
//
// With `--work DIR` the written year is kept in DIR (`stat-history-v2-<players>x<days>-…/`, with the
// players' final values) and reused by the next run with the same options, which then skips the
// writing (its row says so); each run works on a copy, so the kept year stays as written.
//
// Each active player changes `--changed` of the 217 statistics a day (play time always; the rest
// drawn, the general `minecraft:custom` ones twice as often), by realistic amounts. Days are
// written with the writer's own append (`appendDay`), one frame per day as a pull on a new day
// does; the board is asked of a snapshot of every player, as `/v1/stats/{id}?period=` does.
// Then pulls as `blockstats serve` records them (the `record` phase: a frame appended to
// today.bin per pull), and `blockstats record` opening from the checkpoint (history/latest.bin).

import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { buildSnapshot, leaderboard, periodCrowns, periodHallOfFame, periodLeaderboard, statCatalogue } from '../packages/core/src/index.js';
import { openStatHistory, recordStatHistory } from '../packages/core/src/node.js';
import { appendDay } from '../packages/core/src/stat-history/record-stat-history.js';
import { benchUuid as uuid, DEFAULT_YEAR, JUMP, keptYearDir, PLAY, readYearValues, YEAR_LAST_DAY, yearSave } from './lib/historyYear.js';

const { values: args } = parseArgs({ options: { players: { type: 'string' }, days: { type: 'string' }, active: { type: 'string' }, changed: { type: 'string' }, work: { type: 'string' } } });
const PLAYERS = Number(args.players ?? DEFAULT_YEAR.players);
const DAYS = Number(args.days ?? DEFAULT_YEAR.days);
const ACTIVE = Number(args.active ?? DEFAULT_YEAR.active);
const CHANGED = Number(args.changed ?? DEFAULT_YEAR.changed);
const STATS = statCatalogue.length;
const LAST_DAY = YEAR_LAST_DAY;

let seed = 42;
// In 32-bit arithmetic: as a double, the product passes 2^53, loses its low bits, and the
// sequence cycled every 10,466 draws (a year of hundreds of players with the same gains).
const rand = () => {
  seed = (Math.imul(seed, 1_103_515_245) + 12_345) & 0x7fffffff;
  return seed / 2 ** 31;
};
const gc = () => (globalThis as { gc?: () => void }).gc?.();
const heap = () => {
  gc();
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
};
const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;

/** Writes a year into `dir`, as the writer does; returns the players' final values. */
async function writeYear(): Promise<Float64Array[]> {
  const writer = await openStatHistory(dir);
  mkdirSync(join(dir, 'history'), { recursive: true });
  const values = Array.from({ length: PLAYERS }, () => Float64Array.from({ length: STATS }, () => Math.floor(rand() * 1e6)));
  for (let day = LAST_DAY - DAYS + 1; day <= LAST_DAY; day++) {
    for (let p = 0; p < PLAYERS; p++) {
      const first = day === LAST_DAY - DAYS + 1;
      if (!first && rand() >= ACTIVE) continue;
      const row = values[p]!;
      if (!first) {
        row[PLAY]! += Math.floor(rand() * 200_000);
        for (let k = 1; k < CHANGED; k++) {
          const s = rand() < 0.5 ? Math.floor(rand() * 77) : Math.floor(rand() * STATS);
          row[s]! += 1 + Math.floor(rand() ** 3 * 50_000);
        }
      }
      writer.history.read(day, uuid(p), row);
    }
    appendDay(writer, writer.history.todayBlock()!, false);
    writer.history.closeToday();
  }
  return values;
}

/** Keeps the year written (`--work`): its files and the two columns the snapshot needs. */
function keepYear(into: string, values: Float64Array[]): void {
  const partial = `${into}.partial`;
  rmSync(partial, { recursive: true, force: true });
  cpSync(join(dir, 'history'), join(partial, 'history'), { recursive: true });
  const columns = new Float64Array(PLAYERS * 2);
  values.forEach((row, p) => columns.set([row[PLAY]!, row[JUMP]!], p * 2));
  writeFileSync(join(partial, 'values.bin'), columns);
  renameSync(partial, into);
}

/** The kept year of `--work` (null without it). */
const kept = args.work ? keptYearDir(args.work, { players: PLAYERS, days: DAYS, active: ACTIVE, changed: CHANGED }) : null;
const reused = kept !== null && existsSync(join(kept, 'values.bin'));
const dir = mkdtempSync(join(tmpdir(), 'blockstats-history-bench-'));
try {
  let began = performance.now();
  let values: Float64Array[];
  if (reused) {
    cpSync(join(kept, 'history'), join(dir, 'history'), { recursive: true });
    values = readYearValues(join(kept, 'values.bin'), PLAYERS);
  } else {
    values = await writeYear();
    if (kept !== null) keepYear(kept, values);
  }
  const writeMs = performance.now() - began;
  const disk = readdirSync(join(dir, 'history')).reduce((n, f) => n + statSync(join(dir, 'history', f)).size, 0);
  const save = yearSave(dir, values);
  let snapshot = buildSnapshot(save, { now: (LAST_DAY + 1) * 86_400_000 });
  values.length = 0;

  // Load it as `blockstats serve` does at start, and measure what it holds.
  const before = heap();
  began = performance.now();
  const loadCpu = process.cpuUsage();
  const log = await openStatHistory(dir);
  const loadMs = performance.now() - began;
  const loadCpuUsed = process.cpuUsage(loadCpu);
  const held = heap() - before;

  const time = (period: string, stat = 'jump') => {
    const t = performance.now();
    const board = periodLeaderboard(snapshot, [log.history], stat, { period, limit: 50 })!;
    return { ms: performance.now() - t, total: board.total };
  };
  const rows: string[] = [];
  const boards = [['week', 'jump'], ['month', 'jump'], ['year', 'jump'], ['year', 'play_time']] as const;
  const coldMs = boards.map(([period, stat]) => time(period, stat).ms);
  // A pull: a hundred players read anew on the day in progress, and a new snapshot.
  const today = LAST_DAY + 1;
  for (let p = 0; p < 100; p++) {
    const row = Float64Array.from({ length: STATS }, () => 0);
    row[PLAY] = 1e12 + p;
    row[JUMP] = 1e9 + p;
    log.history.read(today, uuid(p), row);
  }
  snapshot = buildSnapshot(save, { now: (LAST_DAY + 2) * 86_400_000 });
  // Any first request after a pull indexes the new snapshot (an all-time board does too): not the period's cost.
  leaderboard(snapshot, 'jump', { limit: 1 });
  boards.forEach(([period, stat], i) => {
    const first = time(period, stat);
    const again = time(period, stat);
    rows.push(`| board ${stat} ${period} (${first.total} players) | ${first.ms.toFixed(1)} ms first after a pull (${coldMs[i]!.toFixed(1)} ms cold after the load), ${again.ms.toFixed(2)} ms again |`);
  });
  // The period hall of fame and the crowns (every stat's board's podium), each the first request
  // after a pull of its own (a new snapshot, the history changed), then again (the memo).
  let pulled = 0;
  const pullAgain = () => {
    pulled++;
    for (let p = 0; p < 100; p++) {
      const row = Float64Array.from({ length: STATS }, () => 0);
      row[PLAY] = 1e12 + p + pulled * 1000;
      row[JUMP] = 1e9 + p + pulled * 1000;
      log.history.read(today, uuid(p), row);
    }
    snapshot = buildSnapshot(save, { now: (LAST_DAY + 2) * 86_400_000 + pulled });
    leaderboard(snapshot, 'jump', { limit: 1 });
  };
  const halls = [
    ['hall of fame year', () => periodHallOfFame(snapshot, [log.history], { period: 'year', limit: 50 }).total],
    ['hall of fame month', () => periodHallOfFame(snapshot, [log.history], { period: 'month', limit: 50 }).total],
    ['crowns (week, last week, month, last month)', () => periodCrowns(snapshot, [log.history]).length],
  ] as const;
  // CPU time beside wall time: on a loaded machine the wall time is mostly waiting for a core.
  const timed = (ask: () => number) => {
    const t = performance.now();
    const cpu = process.cpuUsage();
    const total = ask();
    const used = process.cpuUsage(cpu);
    return { ms: performance.now() - t, cpuMs: (used.user + used.system) / 1000, total };
  };
  for (const [name, ask] of halls) {
    pullAgain();
    const cold = timed(ask); // the first ever: every closed day summed
    // Five pulls, each followed by the request: the median and the least (the machine's load shows in the spread).
    const firsts = Array.from({ length: 5 }, () => {
      pullAgain();
      return timed(ask);
    }).sort((a, b) => a.ms - b.ms);
    const again = timed(ask);
    const first = firsts[2]!;
    rows.push(`| ${name} (${first.total}) | ${first.ms.toFixed(1)} ms first after a pull, median of 5 (least ${firsts[0]!.ms.toFixed(1)} ms; CPU ${first.cpuMs.toFixed(1)} ms), ${cold.ms.toFixed(1)} ms the first time, ${again.ms.toFixed(2)} ms again |`);
  }
  // The pull's `record` phase as `blockstats serve` runs it (synced): the first pull after the
  // load reads every player; the next one, with 1 % of the stats files changed, is the one timed.
  const pullAt = (LAST_DAY + 1) * 86_400_000 + 3_600_000;
  began = performance.now();
  recordStatHistory(log, pullAt, save.players);
  const firstPullMs = performance.now() - began;
  // Five such pulls, each with another 1 % changed: the median.
  let changedPlayers = save.players;
  const pullsMs: number[] = [];
  let pull = { changed: 0 };
  for (let k = 0; k < 5; k++) {
    changedPlayers = changedPlayers.map((player, p) => (p % 100 === k ? { ...player, stats: Object.freeze({ 'minecraft:custom': Object.freeze({ 'minecraft:play_time': 2e12 + p + k, 'minecraft:jump': 2e9 + p + k }) }) } : player));
    began = performance.now();
    pull = recordStatHistory(log, pullAt + 60_000 * (k + 1), changedPlayers);
    pullsMs.push(performance.now() - began);
  }
  const pullMs = [...pullsMs].sort((a, b) => a - b)[2]!;
  // `blockstats record` from cron: opened only to append (the checkpoint the first pull wrote).
  began = performance.now();
  const appender = await openStatHistory(dir, { append: true });
  const appendOpenMs = performance.now() - began;
  began = performance.now();
  recordStatHistory(appender, pullAt + 600_000, changedPlayers.map((player, p) => (p % 100 === 9 ? { ...player, stats: Object.freeze({ 'minecraft:custom': Object.freeze({ 'minecraft:play_time': 3e12 + p, 'minecraft:jump': 3e9 + p }) }) } : player)));
  const appendPullMs = performance.now() - began;
  const checkpointMb = mb(statSync(join(dir, 'history', 'latest.bin')).size);
  rows.push(`| \`blockstats record\`: open to append (checkpoint latest.bin ${checkpointMb}) + record the pull | ${appendOpenMs.toFixed(0)} ms + ${appendPullMs.toFixed(0)} ms (days read: ${appender.history.days().length}) |`);
  rows.push(`| pull \`record\` phase, ${pull.changed} of ${PLAYERS} players changed (synced) | ${pullMs.toFixed(1)} ms median of ${pullsMs.map((ms) => ms.toFixed(0)).join(', ')} (${firstPullMs.toFixed(0)} ms for the first pull after the load: every player read, the checkpoint written) |`);
  console.log(`stat history bench: ${PLAYERS} players, ${DAYS} days, ${ACTIVE * 100}% active a day, ${CHANGED} stats changed per active player-day`);
  console.log('| measure | result |\n|---|---|');
  console.log(`| disk (history/) | ${mb(disk)} |`);
  console.log(`| held in memory once loaded (heap + array buffers) | ${mb(held)} (history.bytes() ${mb(log.history.bytes())}) |`);
  console.log(`| load at start | ${(loadMs / 1000).toFixed(1)} s (CPU ${((loadCpuUsed.user + loadCpuUsed.system) / 1e6).toFixed(2)} s) |`);
  console.log(reused ? `| write a year | reused ${kept} (copied in ${(writeMs / 1000).toFixed(1)} s) |` : `| write a year (bench, unsynced) | ${(writeMs / 1000).toFixed(1)} s |`);
  for (const row of rows) console.log(row);
} finally {
  rmSync(dir, { recursive: true, force: true });
}

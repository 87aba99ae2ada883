import { spawn } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { firstPullPeak } from './firstPullPeak.js';
import { benchFile, changedPlayers, type BenchSave } from './generate/generate-save.js';
import { NODE_FLAGS } from './lib/child.js';
import { processCpuMs, waitIdle } from './lib/cores.js';
import { cpuTimeline } from './lib/cpuTimeline.js';
import { procStatusMb } from './lib/procStatusMb.js';
import { stopChild } from './lib/stopChild.js';
import { runtimeSpec, type Runtime } from './lib/runtime.js';
import type { PullLine } from './pullLine.js';
import { pullLog, type PullLog } from './pullLog.js';


// Pulls as `blockstats serve` performs them (read, build, swap, record, persist, last-good
// store, collections), timed by the server's own `pull` log line: the CLI as users start it, its
// defaults except skins and Modrinth off (nothing leaves the machine), its log on stdout into a
// pipe. Between two scheduled pulls another process rewrites 1 % of the players' three files, as
// the game server does, once the server is idle (as it is when a 15-minute pull begins); a pull
// counts only when it began after the writer had finished and parsed exactly those files. Peak RSS (VmHWM) is read right after the first (full) pull.

/** One pull as the server logged it. */
export interface LoggedPull {
  durationMs: number;
  filesParsed: number;
  filesReused: number;
  /** The pull's phases (`phases_ms` of the log line), when the server logs them. */
  phases: Record<string, number> | null;
  rssMb: number | null;
  /**
   * CPU time of the server process (all threads) from the pull's start (its line's arrival less
   * its duration, read from samples taken every 25 ms) to its log line: the pull's own work, less
   * sensitive to other load on the machine than its wall time. Until 2026-11-27 it was counted
   * from the end of the writer, which also took in a pull begun while the writer ran. Null for
   * the first pull.
   */
  cpuMs: number | null;
  /**
   * CPU time of the server process (all threads) from the pull's log line until it is idle again
   * (under 5 % of a core over a second, that second included): what it does after the pull in
   * the background (snapshot.json when due, last good readings, collections). Null when another
   * pull began first, or for the first pull.
   */
  afterCpuMs: number | null;
}

export interface PullBenchResult {
  players: number;
  runtimeLabel: string;
  command: string;
  refreshMs: number;
  /**
   * The first (full) pull with the default refresh, and the process's peak RSS (VmHWM) once it
   * and its background writes are done (see `firstPullPeak`).
   */
  first: LoggedPull;
  firstPeakMb: number;
  /**
   * The background write of snapshot.json after each measured pull, as the server logged it
   * (`snapshot_persisted`): the median, in ms, with the collection that follows it; null when
   * the server does not log it (it wrote the file inside the pull).
   */
  persistMs: { write: number; gc: number } | null;
  /**
   * The background write of the changed players' last good readings after each measured pull
   * (`last_good_written`): the median players and ms; null when the server does not log it.
   */
  lastGood: { players: number; ms: number } | null;
  /** Players rewritten before each measured pull, and the files a pull must then parse. */
  changedPlayers: number;
  expectedParsed: number;
  /** Every measured 1 %-changed pull, in order. */
  pulls: LoggedPull[];
  /** Pulls left out: they parsed other files than the changed ones. */
  discarded: number;
  /** The median pull (by duration). */
  median: LoggedPull;
  /** Peak RSS over the whole run. */
  peakMb: number;
}

/**
 * What a pull bench runs `blockstats serve` on: one generated save, or a generated network (its
 * servers as `--server id=DIR`, one network pull line per pull, each server's own line before it).
 */
export interface PullTarget {
  /** Player files (slots) over every server. */
  players: number;
  label: string;
  /** `serve`'s arguments naming the save(s). */
  args: string[];
  /** More of the configuration file (a network's `sftp` login when one of its servers is remote). */
  config?: Record<string, unknown>;
  /** Players rewritten before each measured pull, over every server. */
  changedPlayers: number;
  /** Rewrites the changed players at `version` (0: as generated) in processes of their own. */
  write(version: number): Promise<void>;
  /** Time between pulls, when `pullRefreshMs(players)` is too short (a pull the writer overlaps is not counted). */
  refreshMs?: number;
}

/** The target of a lone generated save. */
export function saveTarget(save: BenchSave): PullTarget {
  return { players: save.players, label: `${save.players}`, args: ['--server', save.dir], changedPlayers: changedPlayers(save.players).length, write: (version) => writePlayers(save, version) };
}

/** Time between pulls: long enough for a pull plus the writer at each size. */
export function pullRefreshMs(players: number): number {
  return players >= 50_000 ? 40_000 : players >= 10_000 ? 10_000 : 5_000;
}

/**
 * Rewrites the changed players at `version` (0: as generated) in a process of its own; resolves
 * when it exited. `save` is the save, or `@file` naming a file holding it (a network's server).
 */
export function writePlayers(save: BenchSave | string, version: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const writer = spawn(process.execPath, [...NODE_FLAGS, benchFile('generate/change-players.ts'), typeof save === 'string' ? save : JSON.stringify(save), String(version)], { stdio: ['ignore', 'ignore', 'inherit'] });
    writer.once('error', reject);
    writer.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`change-players ${version} failed (exit ${code})`))));
  });
}

/**
 * Runs `blockstats serve` on the target with a short refresh and measures `rounds` pulls after 1 %
 * of the players changed (first, the first pull's peak RSS with the default refresh).
 */
export async function pullBench(target: PullTarget, workDir: string, runtime: Runtime, rounds: number, log: (line: string) => void): Promise<PullBenchResult> {
  const spec = runtimeSpec(runtime);
  const refreshMs = target.refreshMs ?? pullRefreshMs(target.players);
  const dataDir = join(workDir, `pull-data-${target.label}`);
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  const config = join(workDir, 'pull-config.json');
  writeFileSync(config, JSON.stringify({ ...target.config, skins: { enabled: false }, modrinth: { enabled: false } }));
  log(`  pull ${target.label}: blockstats serve (${spec.label}), default refresh: first pull, its peak RSS …`);
  const firstRun = await firstPullPeak(target, workDir, spec, config);
  // BENCH_SERVE_FLAGS adds node flags to the measured server, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`.
  const extra = (process.env.BENCH_SERVE_FLAGS ?? '').split(' ').filter(Boolean);
  const argv = [...extra, ...spec.flags, spec.entry, 'serve', ...target.args, '--data', dataDir, '--config', config, '--host', '127.0.0.1', '--port', '0', '--refresh', `${refreshMs / 1000}s`];
  const child = spawn(process.execPath, argv, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NO_COLOR: '1' } });
  // The server's CPU time every 25 ms: each pull's is read from its own start (see LoggedPull.cpuMs).
  const timeline = cpuTimeline(child.pid as number);
  const serveLog = pullLog(child);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const changed = target.changedPlayers;
  const expectedParsed = 3 * changed;
  const writer = { version: 0 };
  try {
    log(`  pull ${target.label}: blockstats serve (${spec.label}), --refresh ${refreshMs / 1000}s: first pull, then 1 %-changed pulls …`);
    await serveLog.nextPull(0, 900_000);
    // Once the first pull's background writes are done: they are not the measured pulls'.
    await waitIdle(child.pid as number);
    const persistedBefore = serveLog.persisted.length;
    const lastGoodBefore = serveLog.lastGoodLines.length;
    const { pulls, discarded } = await measurePulls({ target, rounds, refreshMs, expectedParsed, pid: child.pid as number, serveLog, timeline, writer, log });
    const median = [...pulls].sort((a, b) => a.durationMs - b.durationMs)[Math.floor((pulls.length - 1) / 2)]!;
    return {
      players: target.players,
      runtimeLabel: spec.label,
      command: ['node', ...spec.flags, spec.entry.slice(spec.entry.indexOf('packages/')), ...argv.slice(spec.flags.length + 1).map((a) => (a.startsWith(workDir) ? `…/${a.slice(workDir.length + 1)}` : a))].join(' '),
      refreshMs,
      first: loggedPull(firstRun.entry),
      firstPeakMb: firstRun.peakMb,
      ...backgroundWrites(serveLog.persisted.slice(persistedBefore), serveLog.lastGoodLines.slice(lastGoodBefore)),
      changedPlayers: changed,
      expectedParsed,
      pulls,
      discarded,
      median,
      peakMb: procStatusMb(child.pid as number, 'VmHWM'),
    };
  } finally {
    timeline.stop();
    await stopChild(child, exited);
    if (writer.version > 0) await target.write(0);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** What `measurePulls` needs of the running bench; `writer.version` is the changed players' last version written. */
interface Measuring {
  target: PullTarget;
  rounds: number;
  refreshMs: number;
  expectedParsed: number;
  pid: number;
  serveLog: PullLog;
  timeline: ReturnType<typeof cpuTimeline>;
  writer: { version: number };
  log: (line: string) => void;
}

/**
 * Rewrites the changed players and times the next pull that began after the writer finished,
 * until `rounds` pulls parsed exactly the changed files; each pull's CPU time after it is read
 * once the server is idle again (see LoggedPull.afterCpuMs).
 */
async function measurePulls({ target, rounds, refreshMs, expectedParsed, pid, serveLog, timeline, writer, log }: Measuring): Promise<{ pulls: LoggedPull[]; discarded: number }> {
  const { lines, nextPull } = serveLog;
  const pulls: LoggedPull[] = [];
  let discarded = 0;
  let seen = 1;
  /** The last measured pull, its line's index and the CPU time when its line arrived. */
  let previous: { pull: LoggedPull; index: number; cpuMs: number } | null = null;
  const afterPrevious = (): void => {
    if (previous !== null && lines.length === previous.index + 1) previous.pull.afterCpuMs = processCpuMs(pid) - previous.cpuMs;
    previous = null;
  };
  while (pulls.length < rounds) {
    if (discarded > rounds) throw new Error(`${discarded} pulls overlapped the writer or parsed other files than the ${expectedParsed} changed ones; is the machine too busy for --refresh ${refreshMs / 1000}s?`);
    writer.version++;
    await waitIdle(pid);
    afterPrevious();
    seen = lines.length;
    await target.write(writer.version);
    const written = Date.now();
    // The next pull that begins after the writer finished (pulls meanwhile are not counted).
    let line = await nextPull(seen++, 4 * refreshMs);
    while (line.arrived - (line.entry.duration_ms ?? 0) < written) line = await nextPull(seen++, 4 * refreshMs);
    const pull = loggedPull(line.entry, line.cpuMs - timeline.before(line.arrived - (line.entry.duration_ms ?? 0)));
    if (pull.filesParsed !== expectedParsed) {
      discarded++;
      log(`  pull ${target.label}: a pull parsed ${pull.filesParsed} files, not the ${expectedParsed} changed ones: not counted`);
      continue;
    }
    pulls.push(pull);
    previous = { pull, index: seen - 1, cpuMs: line.cpuMs };
    log(`  pull ${target.label}: ${pulls.length}/${rounds}: ${pull.durationMs} ms${pull.phases ? ` (${Object.entries(pull.phases).map(([k, v]) => `${k} ${v}`).join(', ')})` : ''}`);
  }
  await waitIdle(pid);
  afterPrevious();
  return { pulls, discarded };
}

/** A pull as its log line says, with its CPU time when measured. */
function loggedPull(entry: PullLine, cpuMs: number | null = null): LoggedPull {
  return {
    durationMs: entry.duration_ms ?? Number.NaN,
    filesParsed: entry.files_parsed ?? Number.NaN,
    filesReused: entry.files_reused ?? Number.NaN,
    phases: entry.phases_ms ?? null,
    rssMb: entry.rss_mb ?? null,
    cpuMs,
    afterCpuMs: null,
  };
}

/** The medians of the background writes logged after the measured pulls (see PullBenchResult). */
function backgroundWrites(writes: PullLine[], goods: PullLine[]): Pick<PullBenchResult, 'persistMs' | 'lastGood'> {
  const middle = (values: number[]): number => values.sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)]!;
  const persistMs = writes.length > 0 ? { write: middle(writes.map((w) => w.write_ms ?? 0)), gc: middle(writes.map((w) => w.gc_ms ?? 0)) } : null;
  const lastGood = goods.length > 0 ? { players: middle(goods.map((g) => g.players ?? 0)), ms: middle(goods.map((g) => g.duration_ms ?? 0)) } : null;
  return { persistMs, lastGood };
}

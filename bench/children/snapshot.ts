import { buildSnapshot, type Snapshot } from '@blockstats/core';
import { createParseCache, readSave } from '@blockstats/core/node';
import { BENCH_NOW } from '../generate/player-files.js';
import { spawnSync } from 'node:child_process';
import { benchFile, changedPlayers, type BenchSave } from '../generate/generate-save.js';
import { cpuMs, peakRssMb, reportResult } from '../lib/child.js';

// One full snapshot build (readSave with a fresh parse cache + buildSnapshot) in a fresh process,
// then, with `--rebuild`, successive rebuilds after 1 % of the players' files changed (same cache).
// Usage: snapshot.ts <save json> [--rebuild]

/** Timings of one build. */
export interface BuildTiming {
  readMs: number;
  buildMs: number;
  totalMs: number;
  cpuMs: number;
  /** Files parsed (cache misses) and reused (hits). */
  parsed: number;
  reused: number;
}

export interface SnapshotResult {
  players: number;
  warnings: number;
  full: BuildTiming;
  /** The median of the successive rebuilds, with the first one and every total. */
  rebuild: (BuildTiming & { changedPlayers: number; first: BuildTiming; all: number[] }) | null;
  peakRssMb: number;
  /** Players of the snapshot held at the end (the last one built, as a server holds it). */
  heldPlayers: number;
}

/**
 * Rewrites the changed players (version 0: back as generated) in a process of its own, as the
 * game server writes them: see bench/generate/change-players.ts.
 */
function writeInAnotherProcess(changedSave: BenchSave, version: number): void {
  const result = spawnSync(process.execPath, ['--import', 'tsx', benchFile('generate/change-players.ts'), JSON.stringify(changedSave), String(version)], { stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`change-players ${version} failed (exit ${result.status})`);
}

/** Rebuilds measured, each after another round of changes to the same players. */
const REBUILDS = 5;

const save = JSON.parse(process.argv[2] ?? 'null') as BenchSave | null;
if (!save) throw new Error('usage: snapshot.ts <save json> [--rebuild]');
const cache = createParseCache();
/**
 * The snapshot of the previous build, kept as `blockstats serve` keeps the snapshot it serves
 * while it builds the next: the builder patches the last result it can still reach.
 */
let served: Snapshot | null = null;

async function build(): Promise<BuildTiming & { players: number; warnings: number }> {
  const before = cache.stats();
  const cpu0 = cpuMs();
  const t0 = performance.now();
  const data = await readSave(save!.dir, { cache });
  const t1 = performance.now();
  const snapshot = buildSnapshot(data, { now: BENCH_NOW });
  const t2 = performance.now();
  served = snapshot;
  const after = cache.stats();
  return {
    readMs: t1 - t0,
    buildMs: t2 - t1,
    totalMs: t2 - t0,
    cpuMs: cpuMs() - cpu0,
    parsed: after.misses - before.misses,
    reused: after.hits - before.hits,
    players: snapshot.players.length,
    warnings: snapshot.warnings.length,
  };
}

const { players, warnings, ...full } = await build();
if (players !== save.players) throw new Error(`expected ${save.players} players in the snapshot, got ${players}`);
let rebuild: SnapshotResult['rebuild'] = null;
const rebuilds: BuildTiming[] = [];
if (process.argv.includes('--rebuild')) {
  // Successive pulls, each after the same 1 % of the players played again (new content each
  // time): the first pays for compiling the rebuild path and collecting the full build's
  // garbage; the median is what a long-running server's 15-minute pulls cost.
  const changed = changedPlayers(save.players);
  try {
    for (let version = 1; version <= REBUILDS; version++) {
      writeInAnotherProcess(save, version);
      const { players: _p, warnings: _w, ...timing } = await build();
      rebuilds.push(timing);
    }
  } finally {
    writeInAnotherProcess(save, 0);
  }
  const median = [...rebuilds].sort((a, b) => a.totalMs - b.totalMs)[Math.floor(REBUILDS / 2)]!;
  rebuild = { ...median, changedPlayers: changed.length, first: rebuilds[0]!, all: rebuilds.map((r) => r.totalMs) };
}
reportResult({ players, warnings, full, rebuild, peakRssMb: peakRssMb(), heldPlayers: (served as Snapshot | null)?.players.length ?? 0 } satisfies SnapshotResult);

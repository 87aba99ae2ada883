import { buildSnapshot, createParseCache, readSave } from '@blockstats/core';
import { BENCH_NOW } from '../generate/player-files.js';
import { changePlayers, changedPlayers, restorePlayers, type BenchSave } from '../generate/generate-save.js';
import { cpuMs, peakRssMb, reportResult } from '../lib/child.js';

// One full snapshot build (readSave with a fresh parse cache + buildSnapshot) in a fresh process,
// then, with `--rebuild`, a rebuild after 1 % of the players' files changed (same cache).
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
  rebuild: (BuildTiming & { changedPlayers: number }) | null;
  peakRssMb: number;
}

const save = JSON.parse(process.argv[2] ?? 'null') as BenchSave | null;
if (!save) throw new Error('usage: snapshot.ts <save json> [--rebuild]');
const cache = createParseCache();

async function build(): Promise<BuildTiming & { players: number; warnings: number }> {
  const before = cache.stats();
  const cpu0 = cpuMs();
  const t0 = performance.now();
  const data = await readSave(save!.dir, { cache });
  const t1 = performance.now();
  const snapshot = buildSnapshot(data, { now: BENCH_NOW });
  const t2 = performance.now();
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
if (process.argv.includes('--rebuild')) {
  const changed = changedPlayers(save.players);
  await changePlayers(save, changed, 1);
  try {
    const { players: _p, warnings: _w, ...timing } = await build();
    rebuild = { ...timing, changedPlayers: changed.length };
  } finally {
    await restorePlayers(save, changed);
  }
}
reportResult({ players, warnings, full, rebuild, peakRssMb: peakRssMb() } satisfies SnapshotResult);

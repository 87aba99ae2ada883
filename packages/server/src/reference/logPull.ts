import type { SaveWarning } from '@blockstats/core';
import type { SaveWatch } from '@blockstats/core/node';
import { memoryFigures } from './memoryFigures.js';
import type { PullContext } from './PullContext.js';
import type { PullResult } from './types.js';

/** Logs a good pull: what it read, what it served, the process's memory. */
export function logPull(context: PullContext, result: PullResult, warnings: readonly SaveWarning[], online: number | null, parsed: number, reused: number, phases: PullPhases, scan: string): void {
  context.log.log(warnings.length > 0 ? 'warn' : 'info', 'pull', {
    ok: true,
    duration_ms: result.durationMs,
    players: result.players,
    changed: result.changed,
    generation: result.generation,
    recorded: result.recorded,
    online,
    files_parsed: parsed,
    files_reused: reused,
    scan,
    kept: result.kept,
    warnings: warnings.length,
    phases_ms: phases,
    ...memoryFigures(),
    ...(warnings.length > 0 ? { warning_list: warnings.slice(0, 20).map((w) => `${w.file}: ${w.reason}`) } : {}),
  });
}

/** How a pull found the changed files: `changes` (the watchers'), `full: <why>` (every file stat-ed), or `full` (watching off). */
export function scanOf(watch: SaveWatch | null, fullScansBefore: number): string {
  if (watch === null) return 'full';
  const { fullScans, lastFullScanReason } = watch.stats();
  return fullScans > fullScansBefore ? `full: ${lastFullScanReason ?? '?'}` : 'changes';
}

/** Milliseconds of each step of a good pull, for its log line (what a slow pull spent its time on). */
export type PullPhases = Record<'read' | 'gc' | 'build' | 'record' | 'prepare' | 'persist' | 'gc_after', number>;

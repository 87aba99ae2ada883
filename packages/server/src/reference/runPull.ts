import { join } from 'node:path';
import { buildSnapshot, eventCounters, hiddenPlayers, pullCounters, type EventConfig, type SaveData, type Snapshot } from '@blockstats/core';
import { readSave, recordPull, type ParseCache } from '@blockstats/core/node';
import type { ModJar } from '../live/types.js';
import { collectGarbage } from './collectGarbage.js';
import { keepLastGood, suspiciousSave } from './keepLastGood.js';
import type { LiveSources } from './liveSources.js';
import type { Logger } from './logger.js';
import { memoryFigures } from './memoryFigures.js';
import type { PullState } from './PullState.js';
import { SNAPSHOT_FILE, writeSnapshotFile } from './snapshotFile.js';
import { keepPlayerLists } from './keepPlayerLists.js';
import { playerRules, playerRulesKey, snapshotOptions } from './snapshotOptions.js';
import type { PullResult, ReferenceServerConfig, ReferenceServerOptions } from './types.js';

/** What a pull works with besides the state it updates. */
export interface PullContext {
  config: ReferenceServerConfig;
  /** Absolute server and data directories. */
  serverDir: string;
  dataDir: string;
  clock: () => number;
  log: Logger;
  cache: ParseCache;
  live: LiveSources;
  eventConfig: EventConfig;
  options: Pick<ReferenceServerOptions, 'readOnly' | 'onProgress'>;
}

/** Identity of a mods folder's content, to notice added, removed or replaced jars. */
function jarsKey(jars: readonly ModJar[]): string {
  return jars.map((jar) => `${jar.file}:${jar.sha1}`).join('\n');
}

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Players online now by the live ping, or null when there is no ping or it failed. */
async function onlineNow(live: LiveSources): Promise<number | null> {
  if (!live.status) return null;
  try {
    const status = await live.status.status();
    return status.online ? status.players_online : null;
  } catch {
    return null;
  }
}

/** Appends the pull to the activity record; false when recording is off or failed (logged). */
async function record(state: PullState, context: PullContext, save: SaveData, at: number, online: number | null): Promise<boolean> {
  if (!state.recordLog || context.options.readOnly) return false;
  try {
    const { statIds, event } = eventCounters(state.recordLog.record, { ...context.eventConfig, at });
    await recordPull(state.recordLog, { at, online, counters: pullCounters(save.players, statIds), event });
    return true;
  } catch (error) {
    context.log.log('warn', 'record_failed', { error: errorMessage(error) });
    return false;
  }
}

/**
 * Background work after a good pull: skin lookups for the players served, and the mod list kept
 * current by the pulls, not only by requests, so it is saved (and survives a restart with
 * Modrinth down) even if nobody asked yet: at once when the jars changed (or after a start; a
 * failure is retried at the next pull), otherwise once it is older than `modrinth.refresh`.
 */
function refreshLive(state: PullState, context: PullContext, save: SaveData, snapshot: Snapshot): void {
  const { skins, mods } = context.live;
  if (state.closing || context.options.readOnly) return;
  // The players served only: a hidden player's skin is neither needed nor looked up.
  if (skins) void skins.refresh(snapshot.players.map((p) => ({ uuid: p.uuid, edition: p.edition })));
  if (!mods) return;
  const jars = jarsKey(save.mods);
  if (jars !== state.lastJars) {
    state.lastJars = jars;
    void mods.refresh().then((ok) => {
      if (!ok && state.lastJars === jars) state.lastJars = null;
    });
  } else {
    void mods.mods();
  }
}

/** Logs a good pull: what it read, what it served, the process's memory. */
function logPull(context: PullContext, result: PullResult, snapshot: Snapshot, online: number | null, parsed: number, reused: number): void {
  context.log.log(snapshot.warnings.length > 0 ? 'warn' : 'info', 'pull', {
    ok: true,
    duration_ms: result.durationMs,
    players: result.players,
    changed: result.changed,
    generation: result.generation,
    recorded: result.recorded,
    online,
    files_parsed: parsed,
    files_reused: reused,
    kept: result.kept,
    warnings: snapshot.warnings.length,
    ...memoryFigures(),
    ...(snapshot.warnings.length > 0 ? { warning_list: snapshot.warnings.slice(0, 20).map((w) => `${w.file}: ${w.reason}`) } : {}),
  });
}

/**
 * One pull: re-reads the save (changed files only), keeps unreadable players' last good data,
 * rebuilds the snapshot and swaps it in, appends to the record, persists the snapshot and
 * refreshes the live sources. Never rejects: a failure keeps the last good snapshot and is
 * recorded in the state for `/v1/health`.
 */
export async function runPull(state: PullState, context: PullContext): Promise<PullResult> {
  const { config, clock, log, cache } = context;
  const at = clock();
  const begin = performance.now();
  const previousGeneration = state.current?.generation ?? null;
  const { misses: parsedBefore, hits: reusedBefore } = cache.stats();
  state.pulls++;
  try {
    const [read, online] = await Promise.all([
      readSave(context.serverDir, {
        cache,
        ...(config.schedule?.read_threads !== undefined ? { threads: config.schedule.read_threads } : {}),
        ...(context.options.onProgress ? { onProgress: context.options.onProgress } : {}),
      }),
      onlineNow(context.live),
    ]);
    const suspicious = suspiciousSave(state.lastSave, read);
    if (suspicious) throw new Error(suspicious);
    const { save, kept, lastGood } = keepLastGood(keepPlayerLists(read, state.lastSave), state.lastGood);
    // The read's garbage (directory listings, file stats) goes before the build allocates a
    // second snapshot beside the one being served.
    collectGarbage();
    const snapshot = buildSnapshot(save, snapshotOptions(config, at, context.live.skins));

    // The swap: one assignment, so every request sees the old snapshot or the new one.
    state.current = snapshot;
    state.lastSave = save;
    state.lastGood = lastGood;
    state.hidden = hiddenPlayers(save, playerRules(config), at);
    state.lastSuccessAt = at;
    state.lastError = null;

    const recorded = await record(state, context, save, at, online);
    if (!context.options.readOnly) {
      try {
        await writeSnapshotFile(join(context.dataDir, SNAPSHOT_FILE), context.serverDir, snapshot, playerRulesKey(config));
      } catch (error) {
        log.log('warn', 'snapshot_persist_failed', { error: errorMessage(error) });
      }
    }
    refreshLive(state, context, save, snapshot);

    const result: PullResult = {
      ok: true,
      at,
      durationMs: Math.round(performance.now() - begin),
      players: snapshot.players.length,
      warnings: snapshot.warnings.length,
      kept: kept.length,
      generation: snapshot.generation,
      changed: snapshot.generation !== previousGeneration,
      recorded,
      error: null,
      cause: null,
    };
    // The previous snapshot and the pull's garbage go now, not when V8's heap has grown to a
    // few times the live data (see collectGarbage).
    collectGarbage();
    const stats = cache.stats();
    logPull(context, result, snapshot, online, stats.misses - parsedBefore, stats.hits - reusedBefore);
    return result;
  } catch (error) {
    state.lastErrorAt = at;
    state.lastError = errorMessage(error);
    const result: PullResult = {
      ok: false,
      at,
      durationMs: Math.round(performance.now() - begin),
      players: 0,
      warnings: 0,
      kept: 0,
      generation: state.current?.generation ?? null,
      changed: false,
      recorded: false,
      error: state.lastError,
      cause: error,
    };
    log.log('error', 'pull', {
      ok: false,
      duration_ms: result.durationMs,
      error: state.lastError,
      serving: state.current ? state.current.data_updated_at : null,
    });
    return result;
  }
}

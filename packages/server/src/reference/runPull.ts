import { buildSnapshotInSteps, hiddenPlayers, snapshotStillCurrent, type SaveData, type Snapshot } from '@blockstats/core';
import type { KeptSave } from './keepLastGood.js';
import { RemoteSaveError } from '../remote/RemoteSaveError.js';
import { appendPullToRecord } from './appendPullToRecord.js';
import { answerWaiting } from './answerWaiting.js';
import { collectGarbage } from './collectGarbage.js';
import { errorMessage } from './errorMessage.js';
import { logPull, scanOf } from './logPull.js';
import type { PullContext } from './PullContext.js';
import type { PullState } from './PullState.js';
import { readWithinBudget } from './readWithinBudget.js';
import { refreshLive } from './refreshLive.js';
import { recipeSourceOfSave, servedState } from './ServedState.js';
import { playerRules, snapshotOptions } from './snapshotOptions.js';
import { steadyHeapGrowth } from './steadyHeapGrowth.js';
import type { PullResult } from './types.js';

/**
 * Files parsed by a read from which it is worth a full collection before the build: at least
 * this many, and at least this share of the files read (a 1 % change at 50,000 players parses
 * 1,500 files on worker threads and leaves little garbage here; the collection took ~230 ms).
 */
const COLLECT_AFTER_PARSING = 1000;
const COLLECT_SHARE = 0.1;

/**
 * A read that parsed many files (a first pull, a restored backup) leaves hundreds of MB of
 * garbage at 10,000 players: it goes before the build allocates a second snapshot beside the
 * one being served, which would otherwise be the process's peak. A read of the few files a
 * 15-minute pull finds changed leaves little, which young-generation collections take.
 * (A network's server builds nothing: its read's garbage goes before the next server's read.)
 */
function collectBeforeBuild(state: PullState, context: PullContext, before: { misses: number; hits: number }): void {
  const after = context.cache.stats();
  const parsed = after.misses - before.misses;
  const first = context.options.buildSnapshot !== false ? state.current === null : state.lastSave === null;
  if (first || parsed >= Math.max(COLLECT_AFTER_PARSING, (parsed + after.hits - before.hits) * COLLECT_SHARE)) collectGarbage();
}

/**
 * One pull: re-reads the save (changed files only, within the pull's time budget), keeps missing
 * or unreadable players' last good data, rejects a save that lost too many players at once,
 * rebuilds the snapshot (or keeps the served one when nothing it shows changed, see
 * `snapshotStillCurrent`), appends to the record (while the snapshot builds: it needs only the
 * reading), prepares what many answers share for the new snapshot and swaps it in, persists the
 * snapshot and the players' last good readings, and refreshes the live sources. Never rejects: a failure keeps
 * the last good snapshot and is recorded in the state for `/v1/health`.
 */
export async function runPull(state: PullState, context: PullContext): Promise<PullResult> {
  const { config, clock, cache } = context;
  // The last pull's collection, if the server was never quiet since: before this one allocates.
  context.collector?.flush();
  const at = clock();
  const begin = performance.now();
  const previousGeneration = state.current?.generation ?? null;
  const cacheBefore = cache.stats();
  const fullScansBefore = context.watch?.stats().fullScans ?? 0;
  const givenUpBefore = context.watch?.stats().givenUp ?? null;
  state.pulls++;
  let lap = begin;
  /** Milliseconds since the last lap. */
  const laps = (): number => {
    const now = performance.now();
    const ms = Math.round(now - lap);
    lap = now;
    return ms;
  };
  try {
    const reading = await readWithinBudget(state, context);
    const { kept: { save, kept, lastGood }, online } = reading;
    const readMs = laps();
    const building = context.options.buildSnapshot !== false;
    collectBeforeBuild(state, context, cacheBefore);
    const gcMs = laps();
    // The record needs the reading only: its appends wait on the disk while the build runs.
    const recording = appendPullToRecord(state, context, save, at, online);
    // In steps, with the requests that came meanwhile answered between them (see buildSnapshotInSteps).
    // Given the served snapshot as `previous`, what is derived from it later (lookup tables, the
    // players list's order, the history's numbers) is patched from it (see predecessorOf).
    const options = { ...snapshotOptions(config, at, context.live.skins), previous: state.current };
    // Nothing changed that the snapshot shows: the served one stays, with its generation and ETags.
    const stillCurrent = building && state.current !== null && snapshotStillCurrent(state.current, save, options) ? state.current : null;
    const snapshot = building ? (stillCurrent ?? (await buildSnapshotInSteps(save, options, answerWaiting))) : null;
    const buildMs = laps();
    // The record (appended while the snapshot built), then what many answers share for the new
    // snapshot (period crowns read the record), then the swap: its first visitors find that ready
    // instead of waiting for it. Requests meanwhile answer from the snapshot served.
    const recorded = await recording;
    const recordMs = laps();
    if (snapshot && context.prepare) await context.prepare({ snapshot });
    const prepareMs = laps();

    publish(state, context, reading.kept, snapshot, at);
    // A snapshot still current was handed to the persister by the pull that built it.
    const writing = persist(state, context, save, lastGood, snapshot === stillCurrent ? null : snapshot);
    refreshLive(state, context, save, snapshot);
    const persistMs = laps();
    // A snapshot still current left no replaced one, and the pull little garbage.
    if (building && snapshot !== stillCurrent) collectAfterBuild(context, writing);
    const gcAfterMs = laps();

    const result: PullResult = {
      ok: true,
      at,
      durationMs: Math.round(performance.now() - begin),
      players: snapshot ? snapshot.players.length : save.players.length - state.hidden.size,
      warnings: (snapshot ?? save).warnings.length,
      kept: kept.length,
      generation: snapshot ? snapshot.generation : previousGeneration,
      changed: snapshot !== null && snapshot.generation !== previousGeneration,
      recorded,
      error: null,
      cause: null,
    };
    const stats = cache.stats();
    const phases = { read: readMs, gc: gcMs, build: buildMs, record: recordMs, prepare: prepareMs, persist: persistMs, gc_after: gcAfterMs };
    logPull(context, result, (snapshot ?? save).warnings, online, stats.misses - cacheBefore.misses, stats.hits - cacheBefore.hits, phases, scanOf(context.watch, fullScansBefore));
    return result;
  } catch (error) {
    return failedPull(state, context, error, at, begin);
  } finally {
    noteWatchGivenUp(context, givenUpBefore);
  }
}

/** A pull that failed: the last good snapshot stays served; the state and the log say why. */
function failedPull(state: PullState, context: PullContext, error: unknown, at: number, begin: number): PullResult {
  state.lastErrorAt = at;
  state.lastError = errorMessage(error);
  if (error instanceof RemoteSaveError) state.sourceDown = { since: state.sourceDown?.since ?? at, reason: error.message };
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
  context.log.log('error', 'pull', {
    ok: false,
    duration_ms: result.durationMs,
    error: state.lastError,
    serving: state.current ? state.current.data_updated_at : null,
    ...(state.sourceDown ? { save: context.source.display, unreachable_since: new Date(state.sourceDown.since).toISOString() } : {}),
  });
  return result;
}

/** Says once that the save's watchers gave up, whether or not the pull that found it out went on to succeed. */
function noteWatchGivenUp(context: PullContext, givenUpBefore: string | null): void {
  const givenUp = context.watch?.stats().givenUp ?? null;
  if (givenUp !== null && givenUpBefore === null) {
    context.log.log('warn', 'watch_given_up', { reason: givenUp, detail: 'the periodic full scan found changes no event named; every pull now stats every file (set schedule.watch to false to say so)' });
  }
}

/** Swaps the pull's snapshot and what else it read in: what every request answers from now on. */
function publish(state: PullState, context: PullContext, { save, kept, lastGood, keptParts }: KeptSave, snapshot: Snapshot | null, at: number): void {
  // The swap: one assignment, so every request sees the old snapshot or the new one.
  if (snapshot) state.current = snapshot;
  state.lastSave = save;
  state.recipes = recipeSourceOfSave(save);
  state.lastGood = lastGood;
  state.keptParts = keptParts;
  state.hidden = hiddenPlayers(save, playerRules(context.config), at);
  state.lastSuccessAt = at;
  state.lastError = null;
  state.sourceDown = null;
  // Files unreadable (or missing) at this pull, whose players are served their last good data.
  state.unreadable = [...kept, ...save.warnings.filter((w) => w.unreadable && !kept.some((k) => k.file === w.file))];
}

/**
 * Hands the pull to its writers, unless read-only: the snapshot (when built) and the players'
 * last good readings. Returns whether snapshot.json is being written now.
 */
function persist(state: PullState, context: PullContext, save: SaveData, lastGood: KeptSave['lastGood'], snapshot: Snapshot | null): boolean {
  if (context.options.readOnly) return false;
  // Both write after the pull (one write at a time, the newest data wins), each file replaced
  // whole by a rename: a crash leaves the previous pull's files, never half a file.
  // snapshot.json at most once per `schedule.persist` (see createSnapshotPersister).
  const writing = snapshot ? context.persister?.save(snapshot, servedState(save, state.hidden, state.unreadable)) ?? false : false;
  // The last good readings once no request came for a moment (with the collection, see
  // idleCollector), not beside the first visitors of the new snapshot; a later pull or the
  // shutdown writes them if that moment has not come.
  const store = context.store;
  if (store) {
    if (context.collector) context.collector.defer(() => store.save(lastGood));
    else store.save(lastGood);
  }
  return writing;
}

/**
 * The previous snapshot and the pull's garbage go at once, not when V8's heap has grown to a
 * few times the live data (see collectGarbage): here when nothing is written; at the quiet
 * moment after the pull otherwise: as the snapshot's write begins there when it is written (the
 * persister collects then, and asks for one more once the file is on disk, for the write's own
 * garbage), else as that moment comes.
 * From now on the heap grows by a fixed share past what those collections leave (see
 * steadyHeapGrowth): the next pull's build then runs without a full marking beside it.
 * (A network's server leaves both to the network, which builds once all are read.)
 */
function collectAfterBuild(context: PullContext, writing: boolean): void {
  if (context.persister === null) collectGarbage();
  else if (!writing) {
    if (context.collector) context.collector.request();
    else setImmediate(collectGarbage);
  }
  steadyHeapGrowth();
}

import { buildSnapshotInSteps, eventCounters, hiddenPlayers, pullCounterMap, type EventConfig, type PlayerSave, type SaveData, type SaveWarning, type Snapshot } from '@blockstats/core';
import { answerWaiting } from './answerWaiting.js';
import { readSave, recordPull, type ParseCache, type ParseWorkerPool, type SaveWatch } from '@blockstats/core/node';
import type { ModJar } from '../live/types.js';
import { collectGarbage } from './collectGarbage.js';
import type { IdleCollector } from './idleCollector.js';
import { steadyHeapGrowth } from './steadyHeapGrowth.js';
import { recordHistory } from './recordHistory.js';
import { keepLastGood, lostTooMany, playersToRestore, suspiciousSave, type KeptSave } from './keepLastGood.js';
import type { LastGoodStore } from './lastGoodStore.js';
import type { LiveSources } from './liveSources.js';
import type { Logger } from './logger.js';
import { memoryFigures } from './memoryFigures.js';
import { formatDuration } from './parseDuration.js';
import type { PullLimits } from './pullLimits.js';
import type { PullState } from './PullState.js';
import type { SnapshotPersister } from './snapshotPersister.js';
import { recipeSourceOfSave, servedState } from './ServedState.js';
import { keepPlayerLists } from './keepPlayerLists.js';
import { playerRules, snapshotOptions } from './snapshotOptions.js';
import type { PullResult, ReferenceServerConfig, ReferenceServerOptions } from './types.js';
import type { SaveSource } from '../remote/createSaveSource.js';
import { RemoteSaveError } from '../remote/RemoteSaveError.js';

/** What a pull works with besides the state it updates. */
export interface PullContext {
  config: ReferenceServerConfig;
  /** Absolute server and data directories (the server directory is the mirror of a remote save). */
  serverDir: string;
  /** Brings `serverDir` up to date before each read (a remote save's sync). */
  source: SaveSource;
  dataDir: string;
  clock: () => number;
  log: Logger;
  cache: ParseCache;
  /** Watchers of the player folders (`schedule.watch`): a pull stats only the files that changed; null: every file. */
  watch: SaveWatch | null;
  /** Parse worker threads kept between pulls: a pull's few changed files are parsed on them. */
  workers: ParseWorkerPool;
  live: LiveSources;
  limits: PullLimits;
  /** Every player's last good reading on disk, for the first pull after a restart; null when read-only. */
  store: LastGoodStore | null;
  /** Writes `snapshot.json` after the pulls, in the background; null when read-only. */
  persister: SnapshotPersister | null;
  eventConfig: EventConfig;
  options: Pick<ReferenceServerOptions, 'readOnly' | 'onProgress' | 'pullTimer' | 'buildSnapshot'>;
  /**
   * Computes what many answers share for the snapshot and record just served (see
   * `prepareShared`), so that the first requests after the pull do not; started once the pull
   * has ended, never rejects.
   */
  prepare?: () => Promise<void>;
  /** Runs the full collection after the swap once no request waits (see `idleCollector`); absent: just after the pull. */
  collector?: IdleCollector;
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
    const players = state.recordedReadings.toRecord(save.players, statIds);
    const { reread } = await recordPull(state.recordLog, { at, online, counters: pullCounterMap(players, statIds), event });
    // Another writer changed the record: what it holds is not known, the next pull gives everyone.
    if (reread) state.recordedReadings.forget();
    else state.recordedReadings.recorded(save.players, players, statIds);
    state.recordError = null;
    // The stat history is read in the background after a start: the first pull waits for it.
    if (state.historyLoading !== null) await state.historyLoading;
    recordHistory(state, save, at, context.log);
    return true;
  } catch (error) {
    // ENOSPC, EROFS, a lock never released…: the pull is served, not recorded; health says so.
    state.recordedReadings.forget();
    state.recordError = errorMessage(error);
    context.log.log('warn', 'record_failed', { error: state.recordError });
    return false;
  }
}

/**
 * Background work after a good pull: skin lookups for the players served, and the mod list kept
 * current by the pulls, not only by requests, so it is saved (and survives a restart with
 * Modrinth down) even if nobody asked yet: at once when the jars changed (or after a start; a
 * failure is retried at the next pull), otherwise once it is older than `modrinth.refresh`.
 */
function refreshLive(state: PullState, context: PullContext, save: SaveData, snapshot: Snapshot | null): void {
  const { skins, mods } = context.live;
  if (state.closing || context.options.readOnly) return;
  // The players served only: a hidden player's skin is neither needed nor looked up.
  if (skins && snapshot) void skins.refresh(snapshot.players.map((p) => ({ uuid: p.uuid, edition: p.edition })));
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
function logPull(context: PullContext, result: PullResult, warnings: readonly SaveWarning[], online: number | null, parsed: number, reused: number, phases: PullPhases, scan: string): void {
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
function scanOf(watch: SaveWatch | null, fullScansBefore: number): string {
  if (watch === null) return 'full';
  const { fullScans, lastFullScanReason } = watch.stats();
  return fullScans > fullScansBefore ? `full: ${lastFullScanReason ?? '?'}` : 'changes';
}

/** Milliseconds of each step of a good pull, for its log line (what a slow pull spent its time on). */
type PullPhases = Record<'read' | 'gc' | 'build' | 'record' | 'persist' | 'gc_after', number>;

/**
 * Files parsed by a read from which it is worth a full collection before the build: at least
 * this many, and at least this share of the files read (a 1 % change at 50,000 players parses
 * 1,500 files on worker threads and leaves little garbage here; the collection took ~230 ms).
 */
const COLLECT_AFTER_PARSING = 1000;
const COLLECT_SHARE = 0.1;

/** Pulls rejected in a row for a loss after which the loss is taken as real (players deleted on purpose). */
const LOSS_REJECTIONS_BEFORE_ACCEPTING = 3;

/** The reading half of a pull: what may take long or hang, and may be abandoned. */
interface Reading {
  kept: KeptSave;
  online: number | null;
}

/** The last good reading of the players a read needs: in memory, or (first pull after a start) from disk. */
async function previousReadings(state: PullState, context: PullContext, read: SaveData): Promise<{ previous: ReadonlyMap<string, PlayerSave>; known: Iterable<string> }> {
  if (state.lastGood !== null) return { previous: state.lastGood, known: state.lastGood.keys() };
  const previous = new Map<string, PlayerSave>();
  if (context.store === null) return { previous, known: [] };
  for (const uuid of playersToRestore(read)) {
    if (!state.storedPlayers.has(uuid)) continue;
    const player = await context.store.read(uuid);
    if (player !== null) previous.set(uuid, player);
  }
  return { previous, known: state.storedPlayers };
}

/** Reads the save, keeps last good data, and refuses a save that lost too much at once. */
async function readPull(state: PullState, context: PullContext, signal: AbortSignal): Promise<Reading> {
  const { config, cache, limits } = context;
  // A remote save is synced first; one that cannot be reached fails the pull (the last good
  // snapshot stays served) and health says since when.
  const synced = await context.source.prepare(signal);
  state.sourceDown = null;
  signal.throwIfAborted();
  const [read, online] = await Promise.all([
    readSave(context.serverDir, {
      cache,
      ...(context.watch ? { watch: context.watch } : {}),
      workers: context.workers,
      limits: limits.read,
      signal,
      ...(config.schedule?.read_threads !== undefined ? { threads: config.schedule.read_threads } : {}),
      ...(context.options.onProgress ? { onProgress: context.options.onProgress } : {}),
    }),
    onlineNow(context.live),
  ]);
  // Files refused or vanished during the sync are the read's warnings like any unreadable file.
  read.warnings.push(...synced);
  const suspicious = suspiciousSave(state.lastSave, read);
  if (suspicious) throw new Error(suspicious);
  const { previous, known } = await previousReadings(state, context, read);
  signal.throwIfAborted();
  const knownPlayers = [...known];
  // A ban or operator list caught mid-write keeps its last good entries (see keepPlayerLists).
  const kept = keepLastGood(keepPlayerLists(read, state.lastSave), previous, knownPlayers, state.keptParts);
  const tooMany = lostTooMany(kept.lost, knownPlayers.length, { share: limits.lostShare, min: limits.lostMin });
  if (tooMany !== null) {
    if (state.lossRejections < LOSS_REJECTIONS_BEFORE_ACCEPTING) {
      state.lossRejections++;
      throw new Error(`${tooMany} (rejection ${state.lossRejections} of ${LOSS_REJECTIONS_BEFORE_ACCEPTING} before the loss is taken as real)`);
    }
    context.log.log('warn', 'loss_accepted', { lost: kept.lost.length, known: knownPlayers.length, after_rejections: state.lossRejections });
  }
  state.lossRejections = 0;
  return { kept, online };
}

/** The default pull timer: a `setTimeout` that does not keep the process alive. */
function unrefTimer(expire: () => void, ms: number): () => void {
  const timer = setTimeout(expire, ms);
  timer.unref();
  return () => clearTimeout(timer);
}

/**
 * `readPull` within the pull's time budget: past it (or on shutdown) the pull is abandoned, its
 * reading told to stop (worker threads terminated, no further file read), and the caller keeps
 * the last good snapshot. A reading stuck in the file system cannot be stopped: it stays in
 * `state.abandoned` until it ends, and health reports it.
 */
function readWithinBudget(state: PullState, context: PullContext): Promise<Reading> {
  const controller = new AbortController();
  const budget = context.limits.pullTimeoutMs;
  const reading = readPull(state, context, controller.signal);
  return new Promise<Reading>((resolve, reject) => {
    let settled = false;
    const settle = (): boolean => {
      if (settled) return false;
      settled = true;
      cancelTimer();
      state.stopPull = null;
      return true;
    };
    const stop = (reason: Error): void => {
      if (!settle()) return;
      controller.abort(reason);
      const ending = reading.catch(() => undefined).finally(() => state.abandoned.delete(ending));
      state.abandoned.add(ending);
      reject(reason);
    };
    const expire = () => stop(new Error(`the pull did not finish within ${formatDuration(budget)} (limits.pull_timeout) and was abandoned`));
    const cancelTimer = (context.options.pullTimer ?? unrefTimer)(expire, budget);
    state.stopPull = stop;
    reading.then(
      (value) => settle() && resolve(value),
      (error: unknown) => settle() && reject(error),
    );
  });
}

/**
 * One pull: re-reads the save (changed files only, within the pull's time budget), keeps missing
 * or unreadable players' last good data, rejects a save that lost too many players at once,
 * rebuilds the snapshot and swaps it in, appends to the record, persists the snapshot and the
 * players' last good readings, and refreshes the live sources. Never rejects: a failure keeps
 * the last good snapshot and is recorded in the state for `/v1/health`.
 */
export async function runPull(state: PullState, context: PullContext): Promise<PullResult> {
  const { config, clock, log, cache } = context;
  // The last pull's collection, if the server was never quiet since: before this one allocates.
  context.collector?.flush();
  const at = clock();
  const begin = performance.now();
  const previousGeneration = state.current?.generation ?? null;
  const { misses: parsedBefore, hits: reusedBefore } = cache.stats();
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
    const { kept: { save, kept, lastGood, keptParts }, online } = await readWithinBudget(state, context);
    const readMs = laps();
    // A read that parsed many files (a first pull, a restored backup) leaves hundreds of MB of
    // garbage at 10,000 players: it goes before the build allocates a second snapshot beside the
    // one being served, which would otherwise be the process's peak. A read of the few files a
    // 15-minute pull finds changed leaves little, which young-generation collections take.
    // (A network's server builds nothing: its read's garbage goes before the next server's read.)
    const building = context.options.buildSnapshot !== false;
    const after = cache.stats();
    const parsed = after.misses - parsedBefore;
    const first = building ? state.current === null : state.lastSave === null;
    if (first || parsed >= Math.max(COLLECT_AFTER_PARSING, (parsed + after.hits - reusedBefore) * COLLECT_SHARE)) collectGarbage();
    const gcMs = laps();
    // In steps, with the requests that came meanwhile answered between them (see buildSnapshotInSteps).
    const snapshot = building ? await buildSnapshotInSteps(save, snapshotOptions(config, at, context.live.skins), answerWaiting) : null;
    const buildMs = laps();

    // The swap: one assignment, so every request sees the old snapshot or the new one.
    if (snapshot) state.current = snapshot;
    state.lastSave = save;
    state.recipes = recipeSourceOfSave(save);
    state.lastGood = lastGood;
    state.keptParts = keptParts;
    state.hidden = hiddenPlayers(save, playerRules(config), at);
    state.lastSuccessAt = at;
    state.lastError = null;
    state.sourceDown = null;
    // Files unreadable (or missing) at this pull, whose players are served their last good data.
    state.unreadable = [...kept, ...save.warnings.filter((w) => w.unreadable && !kept.some((k) => k.file === w.file))];

    const recorded = await record(state, context, save, at, online);
    const recordMs = laps();
    let writing = false;
    if (!context.options.readOnly) {
      // Both write after the pull (one write at a time, the newest data wins), each file
      // replaced whole by a rename: a crash leaves the previous pull's files, never half a file.
      // snapshot.json at most once per `schedule.persist` (see createSnapshotPersister).
      if (snapshot) writing = context.persister?.save(snapshot, servedState(save, state.hidden, state.unreadable)) ?? false;
      context.store?.save(lastGood);
    }
    refreshLive(state, context, save, snapshot);
    const persistMs = laps();
    // The previous snapshot and the pull's garbage go at once, not when V8's heap has grown to a
    // few times the live data (see collectGarbage): here when nothing is written; once the
    // snapshot is on disk when it is written (the persister collects then, with the write's own
    // garbage); and when its write waits for `schedule.persist`, just after the pull, as then.
    // From now on the heap grows by a fixed share past what those collections leave (see
    // steadyHeapGrowth): the next pull's build then runs without a full marking beside it.
    // (A network's server leaves both to the network, which builds once all are read.)
    if (building) {
      if (context.persister === null) collectGarbage();
      else if (!writing) {
        if (context.collector) context.collector.request();
        else setImmediate(collectGarbage);
      }
      steadyHeapGrowth();
    }
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
    const phases = { read: readMs, gc: gcMs, build: buildMs, record: recordMs, persist: persistMs, gc_after: gcAfterMs };
    logPull(context, result, (snapshot ?? save).warnings, online, stats.misses - parsedBefore, stats.hits - reusedBefore, phases, scanOf(context.watch, fullScansBefore));
    // After the pull, in steps between which requests are answered: not part of its duration.
    if (snapshot && context.prepare) void context.prepare();
    return result;
  } catch (error) {
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
    log.log('error', 'pull', {
      ok: false,
      duration_ms: result.durationMs,
      error: state.lastError,
      serving: state.current ? state.current.data_updated_at : null,
      ...(state.sourceDown ? { save: context.source.display, unreachable_since: new Date(state.sourceDown.since).toISOString() } : {}),
    });
    return result;
  } finally {
    // Said once, whether or not the pull that found it out went on to succeed.
    const givenUp = context.watch?.stats().givenUp ?? null;
    if (givenUp !== null && givenUpBefore === null) {
      log.log('warn', 'watch_given_up', { reason: givenUp, detail: 'the periodic full scan found changes no event named; every pull now stats every file (set schedule.watch to false to say so)' });
    }
  }
}

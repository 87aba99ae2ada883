import type { PlayerSave, SaveData } from '@blockstats/core';
import { readSave } from '@blockstats/core/node';
import { keepLastGood, lostTooMany, playersToRestore, suspiciousSave, type KeptSave } from './keepLastGood.js';
import { keepPlayerLists } from './keepPlayerLists.js';
import type { LiveSources } from './liveSources.js';
import { formatDuration } from './parseDuration.js';
import type { PullContext } from './PullContext.js';
import type { PullState } from './PullState.js';

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

/** Pulls rejected in a row for a loss after which the loss is taken as real (players deleted on purpose). */
const LOSS_REJECTIONS_BEFORE_ACCEPTING = 3;

/** The reading half of a pull: what may take long or hang, and may be abandoned. */
export interface Reading {
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
export function readWithinBudget(state: PullState, context: PullContext): Promise<Reading> {
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

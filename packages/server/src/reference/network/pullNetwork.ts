import { buildSnapshotInSteps, hiddenPlayers, mergeSaves, serverView, type NetworkMember, type SaveData, type Snapshot } from '@blockstats/core';
import { answerWaiting } from '../answerWaiting.js';
import { collectGarbage } from '../collectGarbage.js';
import type { IdleCollector } from '../idleCollector.js';
import type { ReferenceConfigFile } from '../configSchema.js';
import type { LiveSources } from '../liveSources.js';
import type { Logger } from '../logger.js';
import type { PendingSnapshots } from '../sharedPreparer.js';
import { memoryFigures } from '../memoryFigures.js';
import { playerRules, snapshotOptions } from '../snapshotOptions.js';
import { steadyHeapGrowth } from '../steadyHeapGrowth.js';
import type { PullResult, ReferenceServer, ReferenceServerConfig } from '../types.js';
import { collectIfGrown, heapSize } from './collectIfGrown.js';
import { servedSince } from './networkHealth.js';
import type { NetworkPersister } from './networkPersister.js';
import type { NetworkState } from './NetworkState.js';

/** One server of a network: its id and name, and the reference server that pulls (and records) it. */
export interface Backend {
  id: string;
  name: string;
  /** What logs and health may show of its save (a path, or the sftp:// URL without secrets). */
  display: string;
  config: ReferenceServerConfig;
  server: ReferenceServer;
}

/** What a network pull works with besides the state it updates. */
export interface NetworkPullContext {
  config: ReferenceConfigFile;
  backends: readonly Backend[];
  clock: () => number;
  log: Logger;
  /** The network's own live sources (the proxy's status, the skin lookups). */
  live: LiveSources;
  persister: NetworkPersister | null;
  /** The time every server's pull is recorded at during a network pull (their clocks read it), else null. */
  pinned: { at: number | null };
  /** Computes what many answers share for the network and its views built, before they are swapped in (see `prepareShared`); never rejects. */
  prepare?: (pending: PendingSnapshots) => Promise<void>;
  /** Runs the full collection after the swap once no request waits (see `idleCollector`); absent: just after the pull. */
  collector?: IdleCollector;
  /**
   * What the servers' pulls left for a quiet moment (their players' last good readings, see
   * `deferTo`): held until the network's pull is over, then given to `collector` (run at once
   * without one), so they never run between the network's steps.
   */
  held?: Array<() => void>;
}

/** The save each server's view was built from (`serverView`'s), while the view is kept: the next view patches it. */
const viewSaves = new WeakMap<Snapshot, SaveData>();

/**
 * Pulls every server in turn (each records its own pull, all at the same time), noting which
 * failed. The remote servers' syncs start first, all at once: they mostly wait on the network,
 * and meanwhile the servers before them in turn are read. The servers' reads themselves are not
 * overlapped: each read takes the shared pool's idle parse workers (4 kept), so reads at once
 * started threads of their own, and at a 1 % change of 5 × 10,000 slots the threads beside the
 * main one used ~2.8 s of CPU in the servers' phase instead of ~1 s (2026-11-29, loaded).
 */
async function pullBackends(state: NetworkState, context: NetworkPullContext, at: number): Promise<{ failed: string[]; recorded: boolean }> {
  const failed: string[] = [];
  let recorded = false;
  context.pinned.at = at;
  for (const backend of context.backends) backend.server.prepareAhead?.();
  try {
    for (const backend of context.backends) {
      if (state.closing) break;
      const result: PullResult = await backend.server.pull();
      recorded ||= result.recorded;
      const stale = state.stale.get(backend.id);
      if (result.ok) {
        if (stale) context.log.log('info', 'server_back', { server: backend.id, stale_since: new Date(stale.since).toISOString() });
        state.stale.delete(backend.id);
        continue;
      }
      const since = stale?.since ?? at;
      state.stale.set(backend.id, { since, reason: result.error ?? 'the pull failed' });
      failed.push(backend.id);
      const lastGood = servedSince(state, backend);
      context.log.log('warn', 'server_stale', {
        server: backend.id,
        save: backend.display,
        since: new Date(since).toISOString(),
        error: result.error,
        serving: lastGood === null ? null : new Date(lastGood).toISOString(),
      });
    }
  } finally {
    context.pinned.at = null;
  }
  return { failed, recorded };
}

/**
 * One network pull: every server pulled (changed files only; each keeps its last good data and
 * appends to its own record, and builds nothing), then the network's snapshot built from the
 * merge of every server's last good save, and each server's view from `serverView` (a player
 * hidden anywhere is hidden on every server), each build patching the snapshot it replaces. A server down keeps its last good save in the merge and is listed
 * stale (log, `/v1/health`). Never rejects: with no server read yet the last snapshot stays.
 */
export async function pullNetwork(state: NetworkState, context: NetworkPullContext): Promise<PullResult> {
  try {
    return await pullOnce(state, context);
  } finally {
    for (const task of context.held?.splice(0) ?? []) {
      if (context.collector) context.collector.defer(task);
      else task();
    }
  }
}

async function pullOnce(state: NetworkState, context: NetworkPullContext): Promise<PullResult> {
  const { config, backends, clock, log } = context;
  // The last pull's collection, if the network was never quiet since: before this one allocates.
  context.collector?.flush();
  const at = clock();
  const begin = performance.now();
  let last = begin;
  /** Milliseconds since the last lap. */
  const lap = (): number => {
    const now = performance.now();
    const ms = Math.round(now - last);
    last = now;
    return ms;
  };
  state.pulls++;
  const previous = state.current?.generation ?? null;
  const { failed, recorded } = await pullBackends(state, context, at);
  const members: Array<NetworkMember & { backend: Backend }> = [];
  for (const backend of backends) {
    const save = backend.server.lastSave();
    if (save !== null) members.push({ id: backend.id, save, backend });
  }
  const error = failed.length === 0 ? null : `server(s) not read: ${failed.map((id) => `${id} (${state.stale.get(id)?.reason ?? '?'})`).join('; ')}`;
  if (members.length === 0 || state.closing) {
    state.lastErrorAt = at;
    state.lastError = state.closing ? 'the server is shutting down' : error ?? 'no server has been read yet';
    log.log('error', 'pull', { ok: false, network: true, error: state.lastError, serving: state.current?.data_updated_at ?? null });
    return { ok: false, at, durationMs: Math.round(performance.now() - begin), players: 0, warnings: 0, kept: 0, generation: previous, changed: false, recorded: false, error: state.lastError, cause: null };
  }
  const readMs = lap();
  const heap = heapSize();
  const network = mergeSaves(members);
  const mergeMs = lap();
  // The merge's garbage collected before the build allocates, when it grew the heap: see collectIfGrown.
  const collectMs = collectIfGrown(heap) ? lap() : 0;
  const skins = context.live.skins;
  // Each build patches the snapshot it replaces (only the players whose files changed are
  // redone), the network's and each server's alike: not the last one built, another server's.
  const snapshot = await buildSnapshotInSteps(network, { ...snapshotOptions(config, at, skins), previous: state.current }, answerWaiting);
  const buildMs = lap();
  const views = new Map<string, Snapshot>();
  for (const member of members) {
    const previous = state.views.get(member.id) ?? null;
    const options = { ...snapshotOptions(member.backend.config, at, skins), previous };
    // The view's players patched from the last view's (see serverView): only changed ones looked up.
    const save = serverView(member.save, network, previous === null ? null : viewSaves.get(previous));
    const view = await buildSnapshotInSteps(save, options, answerWaiting);
    viewSaves.set(view, save);
    views.set(member.id, view);
  }
  const viewsMs = lap();
  // What many answers share for the new network and its views, before the swap (see runPull).
  if (context.prepare) await context.prepare({ snapshot, servers: views });
  const prepareMs = lap();
  // The swap: every request sees the old network or the new one.
  state.current = snapshot;
  state.views = views;
  state.hidden = hiddenPlayers(network, playerRules(config), at);
  state.lastSuccessAt = at;
  if (error === null) state.lastError = null;
  else {
    state.lastErrorAt = at;
    state.lastError = error;
  }
  const writing = context.persister?.save(snapshot, views, state.hidden) ?? false;
  if (skins && !state.closing) void skins.refresh(snapshot.players.map((p) => ({ uuid: p.uuid, edition: p.edition })));
  // The replaced snapshots and the pull's garbage go now (see runPull; the servers left it to
  // the network): at once without a persister, after the write when one is due, else just after.
  if (context.persister === null) collectGarbage();
  else if (!writing) {
    if (context.collector) context.collector.request();
    else setImmediate(collectGarbage);
  }
  steadyHeapGrowth();
  const gcMs = lap();
  const result: PullResult = {
    ok: true,
    at,
    durationMs: Math.round(performance.now() - begin),
    players: snapshot.players.length,
    warnings: snapshot.warnings.length,
    kept: 0,
    generation: snapshot.generation,
    changed: snapshot.generation !== previous,
    recorded,
    error: null,
    cause: null,
  };
  log.log(failed.length > 0 ? 'warn' : 'info', 'pull', {
    ok: true,
    network: true,
    duration_ms: result.durationMs,
    players: result.players,
    changed: result.changed,
    generation: result.generation,
    servers: members.map((m) => m.id),
    stale: [...state.stale.entries()].map(([id, s]) => ({ server: id, since: new Date(s.since).toISOString() })),
    warnings: result.warnings,
    // collect: the full collection after the merge, when it grew the heap (see collectIfGrown).
    phases_ms: { servers: readMs, merge: mergeMs, collect: collectMs, build: buildMs, views: viewsMs, prepare: prepareMs, gc: gcMs },
    ...memoryFigures(),
  });
  return result;
}

import type { Snapshot } from '@blockstats/core';
import { prepareShared, type SharedSources } from '../router/prepareShared.js';
import { answerWaiting } from './answerWaiting.js';
import type { Logger } from './logger.js';

/**
 * The snapshots a pull has built and not swapped in yet: the server's (or the network's) and,
 * for a network, each server's view by id.
 */
export interface PendingSnapshots {
  snapshot: Snapshot;
  servers?: ReadonlyMap<string, Snapshot>;
}

/** `sources` reading the pending snapshots instead of the served ones (the record and histories as they are). */
function pendingSources(sources: SharedSources, pending: PendingSnapshots): SharedSources {
  return {
    ...sources,
    snapshot: () => pending.snapshot,
    ...(sources.servers ? { servers: sources.servers.map((server) => ({ ...server, snapshot: () => pending.servers?.get(server.id) ?? server.snapshot() })) } : {}),
  };
}

/**
 * The pull's `prepare` step of a server or a network: `prepareShared` over the router's sources
 * (for `pending`, the snapshots a pull built and swaps in once this resolves, so the first
 * visitors of a new snapshot wait for none of it), its requests answered between the steps,
 * logged as `shared_prepared` (its wall time, pauses included, and each step's CPU time in
 * `steps_cpu_ms`: the process's, which is the step's while the parse workers are idle, and
 * unlike its wall time not the machine's load) or `prepare_failed`. One at a time: a pull that
 * ends while the last one still runs waits for it.
 *
 * @example
 * const prepare = sharedPreparer(routerOptions, log);
 * await prepare({ snapshot }); // after a pull's build, before its swap
 */
export function sharedPreparer(sources: SharedSources, log: Logger, fields: Record<string, unknown> = {}): (pending?: PendingSnapshots) => Promise<void> {
  let running: Promise<void> = Promise.resolve();
  return (pending) => {
    running = running.then(async () => {
      const begin = performance.now();
      const steps = await prepareShared(pending ? pendingSources(sources, pending) : sources, answerWaiting, (error) => log.log('warn', 'prepare_failed', { ...fields, error: error instanceof Error ? error.message : String(error) }), cpuMs);
      const stepsMs = Object.fromEntries(Object.entries(steps).map(([step, ms]) => [step, Math.round(ms * 10) / 10]));
      log.log('info', 'shared_prepared', { ...fields, duration_ms: Math.round(performance.now() - begin), steps_cpu_ms: stepsMs });
    });
    return running;
  };
}

/** The process's CPU time so far, in milliseconds. */
function cpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

import { prepareShared, type SharedSources } from '../router/prepareShared.js';
import { answerWaiting } from './answerWaiting.js';
import type { Logger } from './logger.js';

/**
 * The pull's `prepare` step of a server or a network: `prepareShared` over the router's sources,
 * its requests answered between the steps, logged as `shared_prepared` (its wall time, pauses
 * included, and each step's in `steps_ms`) or `prepare_failed`. One at a time: a pull that ends while the last one still runs
 * waits for it.
 *
 * @example
 * const prepare = sharedPreparer(routerOptions, log);
 * void prepare(); // after a pull
 */
export function sharedPreparer(sources: SharedSources, log: Logger, fields: Record<string, unknown> = {}): () => Promise<void> {
  let running: Promise<void> = Promise.resolve();
  return () => {
    running = running.then(async () => {
      const begin = performance.now();
      const steps = await prepareShared(sources, answerWaiting, (error) => log.log('warn', 'prepare_failed', { ...fields, error: error instanceof Error ? error.message : String(error) }));
      const stepsMs = Object.fromEntries(Object.entries(steps).map(([step, ms]) => [step, Math.round(ms * 10) / 10]));
      log.log('info', 'shared_prepared', { ...fields, duration_ms: Math.round(performance.now() - begin), steps_ms: stepsMs });
    });
    return running;
  };
}

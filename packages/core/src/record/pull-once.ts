import type { ParseCache } from '../save/parse-cache.js';
import { readSave } from '../save/read-save.js';
import type { SaveWarning } from '../save/types.js';
import { openRecord, type RecordLog } from './open-record.js';
import { pullCounters } from './pull-counters.js';
import { recordPull, type RecordedPull } from './record-pull.js';

/** Options of `pullOnce`. */
export interface PullOnceOptions {
  /** Server root or world folder, as `readSave` takes it. */
  server: string;
  /** Data directory holding `record/` (ignored when `log` is given). */
  dataDir: string;
  /** The clock (epoch ms); the pull is stamped after the save has been read. */
  clock: () => number;
  /**
   * The status ping: players online, or null when the server did not answer. A rejection counts
   * as a failed ping. Without it every sample is null (offline).
   */
  online?: () => Promise<number | null>;
  /** Extra stat ids to record (the weekly-event pool and schedule) besides play time and deaths. */
  statIds?: readonly string[];
  /** An already opened log (a long-running server keeps one); default: open `dataDir`. */
  log?: RecordLog;
  /** `readSave`'s parse cache, to skip unchanged files. */
  cache?: ParseCache;
}

/** What `pullOnce` did. */
export interface PullOnceResult extends RecordedPull {
  /** The save reader's warnings (files it skipped); the pull was still recorded. */
  saveWarnings: SaveWarning[];
}

/**
 * One pull, the `blockstats record` command's work: reads the save, pings the server, and
 * appends the counters and the sample to the record, flushed to disk before it resolves.
 *
 * @example
 * ```ts
 * const result = await pullOnce({ server: '/srv/minecraft', dataDir: '/srv/blockstats-data',
 *   clock: Date.now, online: async () => (await pingServer()).players?.online ?? null, statIds: ['jump'] });
 * console.log(`recorded ${result.players} changed players into ${result.file}`);
 * ```
 */
export async function pullOnce(options: PullOnceOptions): Promise<PullOnceResult> {
  pullCounters([], options.statIds ?? []); // an unknown stat id fails before any work
  const ping = async (): Promise<number | null> => {
    if (!options.online) return null;
    try {
      const n = await options.online();
      return Number.isInteger(n) && (n as number) >= 0 ? n : null;
    } catch {
      return null;
    }
  };
  const [save, online] = await Promise.all([
    readSave(options.server, options.cache ? { cache: options.cache } : {}),
    ping(),
  ]);
  const counters = pullCounters(save.players, options.statIds ?? []);
  const log = options.log ?? (await openRecord(options.dataDir));
  const recorded = await recordPull(log, { at: options.clock(), online, counters });
  return { ...recorded, saveWarnings: save.warnings };
}

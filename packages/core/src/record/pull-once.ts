import { eventCounters } from '../events/event-counters.js';
import type { EventConfig } from '../events/event-weeks.js';
import type { ParseCache } from '../save/parse-cache.js';
import type { ReadLimits } from '../save/read-limits.js';
import { readSave } from '../save/read-save.js';
import type { SaveWarning } from '../save/types.js';
import { openRecord, type RecordLog } from './open-record.js';
import { pullCounterMap } from './pull-counter-map.js';
import { recordPull, type RecordedPull } from './record-pull.js';
import { openStatHistory } from '../stat-history/open-stat-history.js';
import { recordStatHistory, type RecordedHistory } from '../stat-history/record-stat-history.js';
import type { RecordWarning } from './types.js';

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
  /** The weekly-event configuration: the running week's stat (and choice) is recorded. */
  events?: EventConfig;
  /** Extra stat ids to record on every pull, besides play time and deaths. */
  statIds?: readonly string[];
  /** An already opened log (a long-running server keeps one); default: open `dataDir`. */
  log?: RecordLog;
  /** `readSave`'s parse cache, to skip unchanged files. */
  cache?: ParseCache;
  /** `readSave`'s bounds on every read (default `DEFAULT_READ_LIMITS`). */
  limits?: Partial<ReadLimits>;
  /** Largest monthly record file loaded (see `loadRecord`; default 1 GiB). */
  maxRecordFileBytes?: number;
  /** How long to wait for the record's lock held by another live writer (default 60 s: see `recordPull`). */
  lockWaitMs?: number;
  /** Time zone of the stat history's server days (default the events' time zone, else UTC). */
  timeZone?: string;
  /** Also add the pull to the stat history (`history/`, see `recordStatHistory`); default true. */
  history?: boolean;
}

/** What `pullOnce` did. */
export interface PullOnceResult extends RecordedPull {
  /** The save reader's warnings (files it skipped); the pull was still recorded. */
  saveWarnings: SaveWarning[];
  /**
   * The stat history's part: what it recorded, or why it could not (the pull is in the record
   * all the same), with the problems found reading it; null when `history` is false.
   */
  history: { recorded: RecordedHistory | null; error: string | null; warnings: RecordWarning[] } | null;
}

/**
 * One pull, the `blockstats record` command's work: reads the save, pings the server, and
 * appends the counters and the sample to the record, flushed to disk before it resolves.
 * Only good readings are recorded: a player whose stats file is missing or unreadable keeps their
 * previous values (see `pullCounters`; the pull reads them through `pullCounterMap`). Waits
 * (`lockWaitMs`) for a record another process is appending to. Throws (recording nothing) for an
 * unreadable save, an unknown stat id, a clock behind the last pull, a lock not released in time
 * or a failed write.
 *
 * @example
 * ```ts
 * const result = await pullOnce({ server: '/srv/minecraft', dataDir: '/srv/blockstats-data',
 *   clock: Date.now, online: async () => (await ping()).players?.online ?? null,
 *   events: { timeZone: 'Europe/Berlin', pool: ['jump', 'fish_caught'] } });
 * console.log(`recorded ${result.players} changed players into ${result.file}`);
 * ```
 */
export async function pullOnce(options: PullOnceOptions): Promise<PullOnceResult> {
  // Unknown stat ids fail before any work.
  pullCounterMap([], [...(options.statIds ?? []), ...(options.events?.pool ?? []), ...Object.values(options.events?.schedule ?? {})]);
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
    readSave(options.server, { ...(options.cache ? { cache: options.cache } : {}), ...(options.limits ? { limits: options.limits } : {}) }),
    ping(),
  ]);
  const log = options.log ?? (await openRecord(options.dataDir, options.maxRecordFileBytes !== undefined ? { maxFileBytes: options.maxRecordFileBytes } : {}));
  const at = options.clock();
  const { statIds, event } = options.events
    ? eventCounters(log.record, { ...options.events, at })
    : { statIds: [], event: null };
  const counters = pullCounterMap(save.players, [...statIds, ...(options.statIds ?? [])]);
  const recorded = await recordPull(log, { at, online, counters, event }, options.lockWaitMs !== undefined ? { lockWaitMs: options.lockWaitMs } : {});
  let history: PullOnceResult['history'] = null;
  if (options.history !== false) {
    const timeZone = options.timeZone ?? options.events?.timeZone ?? 'UTC';
    const historyLog = await openStatHistory(log.dataDir, { timeZone, append: true, ...(options.maxRecordFileBytes !== undefined ? { maxFileBytes: options.maxRecordFileBytes } : {}) });
    try {
      history = { recorded: recordStatHistory(historyLog, at, save.players), error: null, warnings: historyLog.warnings };
    } catch (error) {
      history = { recorded: null, error: (error as Error).message, warnings: historyLog.warnings };
    }
  }
  return { ...recorded, saveWarnings: save.warnings, history };
}

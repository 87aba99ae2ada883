import { readLog, type LogTail, type ReadLogOptions } from './read-log.js';
import type { ActivityRecord, RecordWarning } from './types.js';

/** A data directory's record opened for appending (see `recordPull`). */
export interface RecordLog {
  readonly dataDir: string;
  /** The record as loaded plus every pull appended since; updated in place by `recordPull`. */
  readonly record: ActivityRecord;
  /** Problems found while loading or repaired while appending (torn lines cut off). */
  readonly warnings: RecordWarning[];
  /** @internal The newest file as last seen: how `recordPull` notices other writers. */
  tail: LogTail | null;
  /** @internal How the log is (re-)read. */
  readonly options?: ReadLogOptions;
}

/**
 * Opens (loads) the record of a data directory for appending. The directory is created by the
 * first `recordPull`, not here. Never throws (see `loadRecord`): a monthly file that could not be
 * read is in `warnings`, and `recordPull` refuses to append to it.
 *
 * @example
 * ```ts
 * const log = await openRecord('/srv/blockstats-data');
 * recordPull(log, { at: Date.now(), online: 4, counters });
 * log.record.times.length; // one more than before
 * ```
 */
export async function openRecord(dataDir: string, options: ReadLogOptions = {}): Promise<RecordLog> {
  const { record, warnings, tail } = await readLog(dataDir, options);
  return { dataDir, record, warnings, tail, options };
}

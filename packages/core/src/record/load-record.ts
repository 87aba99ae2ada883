import { readLog, type ReadLogOptions } from './read-log.js';
import type { ActivityRecord, RecordWarning } from './types.js';

/**
 * Loads the activity record of a data directory, read-only (the API server's view).
 *
 * Reads `<dataDir>/record/record-YYYY-MM.jsonl` in order. A missing directory is an empty record.
 * A torn last line (a writer killed mid-append) and any damaged line are skipped with a warning;
 * nothing else is lost. Never throws: an unreadable directory or monthly file (or one over
 * `maxFileBytes`) is a warning too. Keys from the files (uuids, counter names) are plain data,
 * whatever they are (`__proto__`, `toString`).
 *
 * @example
 * ```ts
 * const { record, warnings } = await loadRecord('/srv/blockstats-data');
 * for (const w of warnings) console.warn(`${w.file}:${w.line ?? '-'} ${w.reason}`);
 * record.recordingSince; // epoch ms of the first pull, or null
 * ```
 */
export async function loadRecord(dataDir: string, options: ReadLogOptions = {}): Promise<{ record: ActivityRecord; warnings: RecordWarning[] }> {
  const { record, warnings } = await readLog(dataDir, options);
  return { record, warnings };
}

import { readLog } from './read-log.js';
import type { ActivityRecord, RecordWarning } from './types.js';

/**
 * Loads the activity record of a data directory, read-only (the API server's view).
 *
 * Reads `<dataDir>/record/record-YYYY-MM.jsonl` in order. A missing directory is an empty record.
 * A torn last line (a writer killed mid-append) and any damaged line are skipped with a warning;
 * nothing else is lost. Throws only when the directory exists but cannot be read.
 *
 * @example
 * ```ts
 * const { record, warnings } = await loadRecord('/srv/blockstats-data');
 * for (const w of warnings) console.warn(`${w.file}:${w.line ?? '-'} ${w.reason}`);
 * record.recordingSince; // epoch ms of the first pull, or null
 * ```
 */
export async function loadRecord(dataDir: string): Promise<{ record: ActivityRecord; warnings: RecordWarning[] }> {
  const { record, warnings } = await readLog(dataDir);
  return { record, warnings };
}

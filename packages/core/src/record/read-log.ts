import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { applyEntry } from './apply-entry.js';
import { emptyRecord } from './empty-record.js';
import { decodeLog, isLogFileName, type LogFileState } from './log-format.js';
import type { ActivityRecord, RecordWarning } from './types.js';

/** The newest log file as the writer needs it to append safely. */
export interface LogTail {
  /** File name inside `<dataDir>/record/`. */
  name: string;
  /** Size on disk when read (bytes), torn tail included. */
  size: number;
  validLength: number;
  tornBytes: number;
  state: LogFileState;
}

/** Everything read from a data directory's log. */
export interface ReadLog {
  record: ActivityRecord;
  warnings: RecordWarning[];
  tail: LogTail | null;
}

/** `<dataDir>/record`: where the monthly files live. */
export const recordDir = (dataDir: string): string => join(dataDir, 'record');

/**
 * Reads every monthly file in order into one record. A missing directory is an empty record;
 * damaged lines and torn tails become warnings, never errors.
 */
export async function readLog(dataDir: string): Promise<ReadLog> {
  const dir = recordDir(dataDir);
  let names: string[];
  try {
    names = (await readdir(dir)).filter(isLogFileName).sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { record: emptyRecord(), warnings: [], tail: null };
    throw new Error(`cannot read the record directory ${dir}: ${(error as Error).message}`);
  }
  const record = emptyRecord();
  const warnings: RecordWarning[] = [];
  let tail: LogTail | null = null;
  for (const name of names) {
    const file = `record/${name}`;
    const bytes = await readFile(join(dir, name));
    const decoded = decodeLog(bytes, file);
    warnings.push(...decoded.warnings);
    let outOfOrder = 0;
    for (const entry of decoded.entries) {
      const last = record.times.at(-1);
      if (last !== undefined && entry.at <= last) {
        outOfOrder++;
        continue;
      }
      applyEntry(record, entry);
    }
    if (outOfOrder > 0) {
      warnings.push({ file, line: null, reason: `${outOfOrder} pull(s) not later than the pull before them; skipped` });
    }
    const { validLength, tornBytes, state } = decoded;
    tail = { name, size: bytes.length, validLength, tornBytes, state };
  }
  return { record, warnings, tail };
}

import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { readBoundedFile } from '../save/read-bounded-file.js';
import { readErrorReason } from '../save/read-error-reason.js';
import { applyEntry } from './apply-entry.js';
import { emptyRecord } from './empty-record.js';
import { decodeLog, isLogFileName, type LogFileState } from './log-format.js';
import type { ActivityRecord, RecordWarning } from './types.js';

/** The newest log file as the writer needs it to append safely. */
export interface LogTail {
  /** File name inside `<dataDir>/record/`. */
  name: string;
  /** Size on disk when read (bytes), torn tail included; NaN when it could not be read. */
  size: number;
  validLength: number;
  tornBytes: number;
  state: LogFileState;
  /** Why the file could not be read (the writer never appends to it then), or null. */
  unreadable: string | null;
}

/** Everything read from a data directory's log. */
export interface ReadLog {
  record: ActivityRecord;
  warnings: RecordWarning[];
  tail: LogTail | null;
}

/** Options of the record's loaders. */
export interface ReadLogOptions {
  /**
   * Largest monthly file loaded, in bytes (default 1 GiB; a busy year's month is tens of MB):
   * a larger one is skipped with a warning, and never appended to.
   */
  maxFileBytes?: number;
}

/** Default of `ReadLogOptions.maxFileBytes`. */
export const RECORD_FILE_BYTES = 1024 * 1024 * 1024;

/** `<dataDir>/record`: where the monthly files live. */
export const recordDir = (dataDir: string): string => join(dataDir, 'record');

/**
 * Reads every monthly file in order into one record. Never throws: a missing directory is an
 * empty record; an unreadable directory or file (or one over `maxFileBytes`, or not a regular
 * file), damaged lines and torn tails become warnings.
 */
export async function readLog(dataDir: string, options: ReadLogOptions = {}): Promise<ReadLog> {
  const dir = recordDir(dataDir);
  const record = emptyRecord();
  const warnings: RecordWarning[] = [];
  let names: string[];
  try {
    names = (await readdir(dir)).filter(isLogFileName).sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
      warnings.push({ file: 'record', line: null, reason: `the record directory cannot be read: ${readErrorReason(error)}` });
    }
    return { record, warnings, tail: null };
  }
  let tail: LogTail | null = null;
  for (const name of names) {
    const file = `record/${name}`;
    let bytes: Buffer;
    try {
      bytes = await readBoundedFile(join(dir, name), options.maxFileBytes ?? RECORD_FILE_BYTES);
    } catch (error) {
      const reason = readErrorReason(error);
      warnings.push({ file, line: null, reason: `file cannot be read (${reason}); its pulls are left out` });
      tail = { name, size: Number.NaN, validLength: 0, tornBytes: 0, state: { columns: [], index: new Map() }, unreadable: reason };
      continue;
    }
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
    tail = { name, size: bytes.length, validLength, tornBytes, state, unreadable: null };
  }
  return { record, warnings, tail };
}

import { join } from 'node:path';
import { serverDayDate } from './server-day.js';

/** `<dataDir>/history`: the stat history's files, beside the activity record's `record/`. */
export const historyDir = (dataDir: string): string => join(dataDir, 'history');

/**
 * The day in progress: a header, then one frame per pull that changed it (appended, flushed);
 * written anew (write, flush, rename) when a new day starts. A file holding the whole day in one
 * frame (as earlier versions replaced it at each pull) reads the same.
 */
export const TODAY_FILE = 'today.bin';

const MONTH_FILE = /^history-(\d{4})-(\d{2})\.bin$/;

/** The monthly file a closed server day is appended to: `history-2026-11.bin`. */
export function historyFileName(day: number): string {
  return `history-${serverDayDate(day).slice(0, 7)}.bin`;
}

/** True for names `historyFileName` produces. */
export function isHistoryFileName(name: string): boolean {
  return MONTH_FILE.test(name);
}

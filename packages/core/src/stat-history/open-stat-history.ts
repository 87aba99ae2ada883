import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { statCatalogue } from '../catalogue/stat-catalogue.js';
import type { RecordWarning } from '../record/types.js';
import { readBoundedFile } from '../save/read-bounded-file.js';
import { readErrorReason } from '../save/read-error-reason.js';
import { decodeHeader } from './day-block.js';
import { blockOf, decodeFlatDay, emptyFlatDay } from './flat-day.js';
import { historyDir, isHistoryFileName, TODAY_FILE } from './history-files.js';
import { decodeFrames } from './history-frame.js';
import { checkpointCurrent, readCheckpoint } from './checkpoint-file.js';
import { StatHistory } from './stat-history.js';

/** The newest monthly file as the writer needs it to append. */
export interface HistoryTail {
  name: string;
  validLength: number;
  tornBytes: number;
  /** The file's uuid table (uuid → number in the file). */
  table: Map<string, number>;
  /** Why the file could not be read (never appended to then), or null. */
  unreadable: string | null;
}

/** The day in progress file (`today.bin`) as the writer needs it to append a pull's frame. */
export interface TodayTail {
  /** The server day its frames hold. */
  day: number;
  validLength: number;
  tornBytes: number;
  /** The file's uuid table (uuid → number in the file). */
  table: Map<string, number>;
}

/** A data directory's stat history, opened for reading and appending (`recordStatHistory`). */
export interface StatHistoryLog {
  readonly dataDir: string;
  /** The server's time zone: what makes a server day. */
  readonly timeZone: string;
  readonly history: StatHistory;
  /** Damaged frames skipped, torn tails dropped or cut off. */
  readonly warnings: RecordWarning[];
  /** @internal */
  tail: HistoryTail | null;
  /** @internal The day in progress file, when it can be appended to (else it is written anew). */
  todayTail?: TodayTail | null;
  /** @internal Whether `history/latest.bin` is to be written (again) at the next pull. */
  checkpointStale?: boolean;
  /**
   * @internal What each player's last stats row taken was computed from (`statRowKey`), to skip
   * the unchanged ones (the same object).
   */
  readonly rows: Map<string, object>;
}

/** Options of `openStatHistory`. */
export interface OpenStatHistoryOptions {
  /** IANA time zone of the server days (the configuration's `time_zone`). Default `UTC`. */
  timeZone?: string;
  /** Largest file read, bytes (default 1 GiB): a larger one is skipped with a warning and never appended to. */
  maxFileBytes?: number;
  /** Stat ids of the columns (default the catalogue's). */
  stats?: readonly string[];
  /**
   * Opened only to append a pull (`blockstats record` from cron): each player's latest values are
   * read from `history/latest.bin` (written at each day's close) instead of every closed day,
   * when it matches the newest monthly file; else every file is read, as without it. The history
   * then answers no period over the closed days. Default false.
   */
  append?: boolean;
}

/** The columns of a file's stats in the history's (-1: not tracked). */
function columnsOf(history: StatHistory, stats: readonly string[]): Int32Array {
  const index = new Map(history.stats.map((id, i) => [id, i]));
  return Int32Array.from(stats, (id) => index.get(id) ?? -1);
}

interface AppliedFile {
  table: Map<string, number>;
  validLength: number;
  tornBytes: number;
  /** The day of its day frames (the last one's), or null when it has none. */
  day: number | null;
  /** Whether its header lists the history's own stats (frames can be appended under it). */
  sameStats: boolean;
}

/** Frames read between two turns of the event loop: at 10,000 players about 50 ms of work. */
const FRAMES_PER_TURN = 8;

/** Lets the event loop run (a server reading its history answers requests meanwhile). */
const nextTurn = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * Reads one file's frames into the history; returns its uuid table. In a monthly file each
 * frame is a closed day; in `today.bin` each is a pull's changes to the day in progress.
 */
async function applyFile(history: StatHistory, bytes: Uint8Array, file: string, warnings: RecordWarning[], today: boolean): Promise<AppliedFile> {
  const decoded = decodeFrames(bytes, file);
  warnings.push(...decoded.warnings);
  const uuids: string[] = [];
  const result: AppliedFile = { table: new Map(), validLength: decoded.validLength, tornBytes: decoded.tornBytes, day: null, sameStats: false };
  const [first, ...days] = decoded.payloads;
  if (first === undefined) return result;
  const header = decodeHeader(first);
  if ('error' in header) {
    warnings.push({ file, line: 1, reason: `${header.error}; file ignored` });
    return result;
  }
  result.sameStats = header.stats.length === history.stats.length && header.stats.every((id, i) => id === history.stats[i]);
  const columns = columnsOf(history, header.stats);
  let older = 0;
  const flat = emptyFlatDay(); // one for the file's frames: decoded into, applied, reused
  const numbers: number[] = []; // the file's uuid numbers → the history's player numbers
  for (const [i, payload] of days.entries()) {
    if (i > 0 && i % FRAMES_PER_TURN === 0) await nextTurn();
    try {
      decodeFlatDay(payload, uuids, flat);
      if (today && result.day !== null && flat.day !== result.day) {
        warnings.push({ file, line: null, reason: `a frame of day ${flat.day} in the file of day ${result.day}; skipped` });
        continue;
      }
      result.day = flat.day;
      const applied = today ? history.restoreToday(blockOf(flat, uuids), columns) : history.applyFlatDay(flat, uuids, columns, numbers);
      if (!applied) older++;
    } catch (error) {
      warnings.push({ file, line: null, reason: `a day frame could not be read (${(error as Error).message}); skipped` });
    }
  }
  if (older > 0 && !today) warnings.push({ file, line: null, reason: `${older} day(s) not after the day before them; skipped` });
  uuids.forEach((uuid, i) => result.table.set(uuid, i));
  return result;
}

/**
 * Opens the stat history of a data directory (`<dataDir>/history/`): every monthly file of
 * closed server days in order, then the day in progress (`today.bin`, unless that day was
 * closed already: its frames, one per pull that changed something, in order). Never throws: a missing directory is an empty history; an unreadable file, a
 * frame failing its checksum and a torn last frame (a crash mid-append) are warnings.
 *
 * @example
 * ```ts
 * const log = await openStatHistory('/srv/blockstats-data', { timeZone: 'Europe/Berlin' });
 * for (const w of log.warnings) console.warn(`${w.file}: ${w.reason}`);
 * log.history.firstDay; // the first server day recorded
 * ```
 */
export async function openStatHistory(dataDir: string, options: OpenStatHistoryOptions = {}): Promise<StatHistoryLog> {
  const history = new StatHistory(options.stats ?? statCatalogue.map((s) => s.id));
  const warnings: RecordWarning[] = [];
  const log: StatHistoryLog = { dataDir, timeZone: options.timeZone ?? 'UTC', history, warnings, tail: null, rows: new Map() };
  const dir = historyDir(dataDir);
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') warnings.push({ file: 'history', line: null, reason: `the history directory cannot be read: ${readErrorReason(error)}` });
    return log;
  }
  const max = options.maxFileBytes ?? 1024 * 1024 * 1024;
  const months = names.filter(isHistoryFileName).sort();
  const fromCheckpoint = options.append === true && (await readCheckpoint(log, months.at(-1), max));
  if (fromCheckpoint) months.length = 0;
  for (const name of months) {
    const file = `history/${name}`;
    try {
      const bytes = await readBoundedFile(join(dir, name), max);
      const { table, validLength, tornBytes } = await applyFile(history, bytes, file, warnings, false);
      log.tail = { name, table, validLength, tornBytes, unreadable: null };
    } catch (error) {
      const reason = readErrorReason(error);
      warnings.push({ file, line: null, reason: `file cannot be read (${reason}); its days are left out` });
      log.tail = { name, validLength: 0, tornBytes: 0, table: new Map(), unreadable: reason };
    }
  }
  history.trim(); // the latest values sized to the players read, no room to grow
  // Every file read: the checkpoint is written (again) at the next pull unless it is current.
  if (months.length > 0) log.checkpointStale = !(await checkpointCurrent(log, max));
  if (names.includes(TODAY_FILE)) {
    try {
      const today = await applyFile(history, await readBoundedFile(join(dir, TODAY_FILE), max), `history/${TODAY_FILE}`, warnings, true);
      // Appended to only while it holds the day in progress under the history's own columns.
      if (today.day !== null && today.sameStats && history.openDay === today.day) {
        log.todayTail = { day: today.day, validLength: today.validLength, tornBytes: today.tornBytes, table: today.table };
      }
    } catch (error) {
      warnings.push({ file: `history/${TODAY_FILE}`, line: null, reason: `the day in progress cannot be read (${readErrorReason(error)}); it starts again` });
    }
  }
  return log;
}

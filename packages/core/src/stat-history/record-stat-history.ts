import { closeSync, fsyncSync, mkdirSync, openSync, renameSync, statSync, truncateSync, writeSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { join } from 'node:path';
import { findStat } from '../catalogue/stat-catalogue.js';
import type { StatDefinition } from '../catalogue/types.js';
import { hasStatsReading } from '../save/has-stats-reading.js';
import type { PlayerSave } from '../save/types.js';
import { statRowKey, statRowWriter } from '../snapshot/player-stat-row.js';
import { encodeDay, encodeHeader, type DayBlock } from './day-block.js';
import { historyDir, historyFileName, TODAY_FILE } from './history-files.js';
import { encodeFrame } from './history-frame.js';
import { writeCheckpoint } from './checkpoint-file.js';
import { LATEST_FILE } from './latest-checkpoint.js';
import type { StatHistoryLog } from './open-stat-history.js';
import { serverDay } from './server-day.js';

/** What `recordStatHistory` did. */
export interface RecordedHistory {
  /** The server day the pull counted for. */
  day: number;
  /** The server day closed (appended to its monthly file) by this pull, or null. */
  closed: number | null;
  /** Players whose entry for the day changed. */
  changed: number;
  /**
   * With `background`: resolves once the pull's frame is written (and flushed, with `sync`),
   * rejects when that failed (the next pull then writes the day's file anew: nothing is lost).
   */
  written?: Promise<void>;
}

/** Writes all of `chunks` to `fd`. */
function writeAll(fd: number, bytes: Uint8Array): void {
  let written = 0;
  while (written < bytes.length) written += writeSync(fd, bytes, written, bytes.length - written);
}

function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** Appends a closed day to its monthly file (header first in a new file), flushed before it returns. Exported for the bench only (not in the package index). */
export function appendDay(log: StatHistoryLog, block: DayBlock, sync: boolean): void {
  const dir = historyDir(log.dataDir);
  const name = historyFileName(block.day);
  let tail = log.tail;
  if (tail && tail.name === name && tail.unreadable !== null) throw new Error(`history/${name} could not be read (${tail.unreadable}); not appending to it until it can be`);
  if (tail && tail.name === name && tail.tornBytes > 0) {
    truncateSync(join(dir, name), tail.validLength);
    log.warnings.push({ file: `history/${name}`, line: null, reason: `cut off a torn last frame (${tail.tornBytes} bytes) before appending` });
    tail = { ...tail, tornBytes: 0 };
  }
  const fresh = !tail || tail.name !== name || tail.validLength === 0;
  const table = fresh ? new Map<string, number>() : new Map(tail!.table);
  const frame = encodeFrame(encodeDay(block, table));
  const bytes = fresh ? concat([encodeFrame(encodeHeader(log.history.stats)), frame]) : frame;
  const path = join(dir, name);
  log.tail = null; // until the append is known complete: a failure leaves it to be re-read
  writeFile(path, fresh ? 'w' : 'a', bytes, sync);
  log.tail = { name, validLength: statSync(path).size, tornBytes: 0, table, unreadable: null };
}

/** Writes `bytes` to `path` (opened with `flags`), flushed when `sync`. */
function writeFile(path: string, flags: 'w' | 'a', bytes: Uint8Array, sync: boolean): void {
  const fd = openSync(path, flags);
  try {
    writeAll(fd, bytes);
    if (sync) fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/**
 * Adds a pull to `today.bin`: one frame with the rows of the players it changed, appended (a
 * torn last frame cut off first). A file that cannot be appended to (none yet, another day's,
 * other columns, a failed append) is replaced whole instead: a header and the whole day in one
 * frame, in a temporary file flushed and renamed over it (a crash leaves the old or the new).
 */
function writeToday(log: StatHistoryLog, day: number, changed: readonly string[], sync: boolean, background: boolean): Promise<void> | null {
  const dir = historyDir(log.dataDir);
  const path = join(dir, TODAY_FILE);
  const tail = log.todayTail;
  log.todayTail = null; // until the write is known complete: a failure has the next pull write the file anew
  if (tail && tail.day === day && tail.validLength > 0) {
    if (tail.tornBytes > 0) {
      truncateSync(path, tail.validLength);
      log.warnings.push({ file: `history/${TODAY_FILE}`, line: null, reason: `cut off a torn last frame (${tail.tornBytes} bytes) before appending` });
    }
    const frame = encodeFrame(encodeDay(log.history.todayBlock(changed) ?? { day, rows: [] }, tail.table));
    const done = (): void => {
      log.todayTail = { ...tail, validLength: tail.validLength + frame.length, tornBytes: 0 };
    };
    if (background) return appendInBackground(path, frame, sync).then(done);
    writeFile(path, 'a', frame, sync);
    done();
    return null;
  }
  const table = new Map<string, number>();
  const bytes = concat([encodeFrame(encodeHeader(log.history.stats)), encodeFrame(encodeDay(log.history.todayBlock() ?? { day, rows: [] }, table))]);
  const temporary = join(dir, `${TODAY_FILE}.${process.pid}.tmp`);
  writeFile(temporary, 'w', bytes, sync);
  renameSync(temporary, path);
  log.todayTail = { day, validLength: bytes.length, tornBytes: 0, table };
  return null;
}

/**
 * Appends `frame` to `path` (flushed when `sync`) without blocking the thread: one write, so a
 * crash leaves the frame whole or torn (and a torn last frame is cut off when read).
 */
async function appendInBackground(path: string, frame: Uint8Array, sync: boolean): Promise<void> {
  const file = await open(path, 'a');
  try {
    let written = 0;
    while (written < frame.length) written += (await file.write(frame, written, frame.length - written)).bytesWritten;
    if (sync) await file.sync();
  } finally {
    await file.close();
  }
}

/** Writes `latest.bin` once a day closed (or after a full read): a failure is a warning, retried at the next pull. */
function checkpoint(log: StatHistoryLog, sync: boolean): void {
  try {
    writeCheckpoint(log, sync);
    log.checkpointStale = false;
  } catch (error) {
    log.warnings.push({ file: `history/${LATEST_FILE}`, line: null, reason: `the checkpoint could not be written (${(error as Error).message}); \`blockstats record\` reads every file until it is` });
  }
}

/** Catalogue definitions of the history's columns (an id not in the catalogue reads as 0). */
const definitions = new WeakMap<readonly string[], readonly StatDefinition[]>();
function definitionsOf(stats: readonly string[]): readonly StatDefinition[] {
  let defs = definitions.get(stats);
  if (!defs) {
    defs = stats.map((id) => findStat(id) ?? { id, title: id, description: null, unit: 'int', category: 'other', sources: [] });
    definitions.set(stats, defs);
  }
  return defs;
}

/**
 * Adds one pull to the stat history (issue 41), beside the activity record: each player's value
 * of every statistic. The first pull of a new server day (in `log.timeZone`) appends the day
 * before, whole, to its monthly file (`history/history-YYYY-MM.bin`, flushed), and starts
 * `history/today.bin` anew; every other pull that changed a player's values appends one frame
 * to it with just those players' entries (flushed), so a pull costs what it changed. Players without a
 * stats reading (missing or unreadable file) are left as they were. Throws on a failed write
 * (nothing is lost: the day stays open and is appended at a later pull). With `background`, a
 * pull's frame is appended and flushed without blocking the thread: `written` says when (or
 * rejects on a failure, the next pull then writing the day's file anew); wait for it before
 * the next call. A day's close, a new day file and the checkpoint are written before it returns.
 *
 * @example
 * ```ts
 * const log = await openStatHistory(dataDir, { timeZone: 'Europe/Berlin' });
 * recordStatHistory(log, Date.now(), (await readSave('/srv/minecraft')).players);
 * ```
 */
export function recordStatHistory(log: StatHistoryLog, at: number, players: readonly PlayerSave[], options: { sync?: boolean; background?: boolean } = {}): RecordedHistory {
  const sync = options.sync ?? true;
  const { history } = log;
  mkdirSync(historyDir(log.dataDir), { recursive: true });
  // A clock set back (or a time zone moved west) never reopens a closed day.
  const day = Math.max(serverDay(at, log.timeZone), history.lastDay ?? -Infinity);
  let closed: number | null = null;
  const open = history.openDay !== null && history.openDay < day ? history.todayBlock() : null;
  if (open !== null) {
    appendDay(log, open, sync);
    history.closeToday();
    closed = open.day;
    log.rows.clear();
    log.checkpointStale = true;
  }
  const defs = definitionsOf(history.stats);
  const writeRow = statRowWriter(defs);
  const row = new Float64Array(defs.length);
  const changed = new Set<string>();
  for (const player of players) {
    if (!hasStatsReading(player)) continue;
    // The same key: the player's stats file is unchanged since the last pull. The row is
    // written into one scratch array (`read` copies what it keeps), not kept per player.
    const key = statRowKey(player);
    if (key !== null && log.rows.get(player.uuid) === key) continue;
    if (history.read(day, player.uuid, writeRow(player, row))) changed.add(player.uuid);
    if (key !== null) log.rows.set(player.uuid, key);
    else log.rows.delete(player.uuid);
  }
  const written = changed.size > 0 || closed !== null ? writeToday(log, day, [...changed], sync, options.background === true) : null;
  if (log.checkpointStale) checkpoint(log, sync);
  if (!options.background) return { day, closed, changed: changed.size };
  return { day, closed, changed: changed.size, written: written ?? Promise.resolve() };
}

import { closeSync, fsyncSync, openSync, renameSync, writeSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { readBoundedFile } from '../save/read-bounded-file.js';
import { historyDir } from './history-files.js';
import { decodeFrames, encodeFrame } from './history-frame.js';
import { decodeCheckpoint, decodeCheckpointHeader, encodeCheckpoint, LATEST_FILE } from './latest-checkpoint.js';
import type { StatHistoryLog } from './open-stat-history.js';

/**
 * Writes `history/latest.bin` (a temporary file, flushed, renamed over it) from a log whose
 * closed days are all read and whose newest monthly file is known: each player's latest values,
 * so that `blockstats record` appends without reading the year. False when there is nothing to
 * stand for (no monthly file yet, or an unreadable one).
 */
export function writeCheckpoint(log: StatHistoryLog, sync: boolean): boolean {
  const tail = log.tail;
  if (tail === null || tail.unreadable !== null || tail.validLength === 0 || tail.tornBytes > 0 || log.history.lastClosedDay === null) return false;
  const bytes = Buffer.concat(encodeCheckpoint(log.history, tail.name, tail.validLength, tail.table).map(encodeFrame));
  const path = join(historyDir(log.dataDir), LATEST_FILE);
  const temporary = `${path}.${process.pid}.tmp`;
  const fd = openSync(temporary, 'w');
  try {
    for (let at = 0; at < bytes.length; ) at += writeSync(fd, bytes, at, bytes.length - at);
    if (sync) fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(temporary, path);
  return true;
}

/** The checkpoint's two frame payloads when the file is whole (every checksum good), else null. */
async function checkpointPayloads(log: StatHistoryLog, maxBytes: number): Promise<[Uint8Array, Uint8Array] | null> {
  try {
    const { payloads, warnings } = decodeFrames(await readBoundedFile(join(historyDir(log.dataDir), LATEST_FILE), maxBytes), LATEST_FILE);
    return warnings.length === 0 && payloads.length === 2 ? [payloads[0]!, payloads[1]!] : null;
  } catch {
    return null;
  }
}

/**
 * Whether `history/latest.bin` stands for a log whose every file was just read (its newest
 * monthly file, at its length, under the same columns): then it need not be written again.
 */
export async function checkpointCurrent(log: StatHistoryLog, maxBytes: number): Promise<boolean> {
  const tail = log.tail;
  if (tail === null || tail.unreadable !== null || tail.tornBytes > 0) return false;
  const payloads = await checkpointPayloads(log, maxBytes);
  if (payloads === null) return false;
  try {
    const header = decodeCheckpointHeader(payloads[0]);
    return header.month === tail.name && header.monthLength === tail.validLength && header.last === log.history.lastClosedDay && header.stats.join('\n') === log.history.stats.join('\n');
  } catch {
    return false;
  }
}

/**
 * Starts `log` from `history/latest.bin` instead of the closed days, when it stands for the
 * history as it is: written under the same columns, after the newest monthly file (`newest`)
 * reached its present length. False (the caller reads every file) otherwise: missing, damaged,
 * or older than an append made since.
 */
export async function readCheckpoint(log: StatHistoryLog, newest: string | undefined, maxBytes: number): Promise<boolean> {
  if (newest === undefined) return false;
  const dir = historyDir(log.dataDir);
  const payloads = await checkpointPayloads(log, maxBytes);
  if (payloads === null) return false;
  try {
    const checkpoint = decodeCheckpoint(...payloads);
    const { history } = log;
    if (checkpoint.month !== newest || checkpoint.stats.join('\n') !== history.stats.join('\n')) return false;
    if ((await stat(join(dir, newest))).size !== checkpoint.monthLength) return false;
    if (!history.restoreLatest(checkpoint.first, checkpoint.last, checkpoint.players)) return false;
    log.tail = { name: newest, validLength: checkpoint.monthLength, tornBytes: 0, table: new Map(checkpoint.monthTable.map((uuid, i) => [uuid, i])), unreadable: null };
    return true;
  } catch {
    return false;
  }
}

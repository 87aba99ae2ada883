import { ByteReader } from './byte-reader.js';
import { ByteWriter } from './byte-writer.js';
import { readPairs, writePairs } from './day-block.js';
import type { StatHistory } from './stat-history.js';

/** `history/latest.bin`: each player's values at the end of the last closed day. */
export const LATEST_FILE = 'latest.bin';
const FORMAT = 'blockstats-stat-history-latest';
const VERSION = 1;

/** What a checkpoint holds: enough to append to the history without reading its closed days. */
export interface LatestCheckpoint {
  stats: string[];
  /** The first and last closed days it stands for. */
  first: number;
  last: number;
  /** The newest monthly file and its length when written: the checkpoint is good while they match. */
  month: string;
  monthLength: number;
  players: Array<{ uuid: string; known: boolean; pairs: number[] }>;
  /** The monthly file's uuid table, in its order. */
  monthTable: string[];
}

/**
 * A checkpoint's two frame payloads (a JSON header, then the players), from a history whose
 * closed days end with `month` (of `monthLength` bytes, uuids numbered by `monthTable`).
 */
export function encodeCheckpoint(history: StatHistory, month: string, monthLength: number, monthTable: ReadonlyMap<string, number>): Uint8Array[] {
  const header = new ByteWriter();
  header.text(JSON.stringify({ format: FORMAT, version: VERSION, stats: history.stats, first: history.firstDay, last: history.lastClosedDay, month, monthLength }));
  const w = new ByteWriter();
  w.uint(history.uuids.length);
  history.uuids.forEach((uuid, p) => {
    const { known, pairs } = history.latestOf(p);
    w.text(uuid);
    w.uint(known ? 1 : 0);
    writePairs(w, pairs);
  });
  const table = [...monthTable].sort((a, b) => a[1] - b[1]);
  w.uint(table.length);
  for (const [uuid] of table) w.uint(history.playerOf(uuid)!);
  return [header.bytes().slice(), w.bytes().slice()];
}

/** A checkpoint's header: what it stands for. Throws on one this version does not write. */
export function decodeCheckpointHeader(headerPayload: Uint8Array): Omit<LatestCheckpoint, 'players' | 'monthTable'> {
  const header = JSON.parse(new ByteReader(headerPayload).text()) as Partial<LatestCheckpoint> & { format?: unknown; version?: unknown };
  if (header.format !== FORMAT || header.version !== VERSION) throw new RangeError(`not a ${FORMAT} v${VERSION} file`);
  const { stats, first, last, month, monthLength } = header;
  if (!Array.isArray(stats) || typeof first !== 'number' || typeof last !== 'number' || typeof month !== 'string' || typeof monthLength !== 'number') throw new RangeError('an incomplete header');
  return { stats, first, last, month, monthLength };
}

/** Reads a checkpoint's two payloads; throws on one this version does not write. */
export function decodeCheckpoint(headerPayload: Uint8Array, playersPayload: Uint8Array): LatestCheckpoint {
  const { stats, first, last, month, monthLength } = decodeCheckpointHeader(headerPayload);
  const r = new ByteReader(playersPayload);
  const players: LatestCheckpoint['players'] = [];
  for (let i = 0, n = r.uint(); i < n; i++) players.push({ uuid: r.text(), known: r.uint() === 1, pairs: readPairs(r) });
  const monthTable: string[] = [];
  for (let i = 0, n = r.uint(); i < n; i++) {
    const player = players[r.uint()];
    if (player === undefined) throw new RangeError('the monthly table names a player the checkpoint never listed');
    monthTable.push(player.uuid);
  }
  return { stats, first, last, month, monthLength, players, monthTable };
}

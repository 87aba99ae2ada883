/**
 * The on-disk form of the record: JSON Lines, one file per UTC month (`record-2026-11.jsonl`).
 *
 * A file starts with a header line, then one line per pull:
 *
 * ```text
 * {"format":"blockstats-record","version":1}
 * {"t":1794830400000,"o":3,"c":["play_time","deaths"],"n":{"0":"069a79f4-…"},"p":[0,72000,2]}
 * {"t":1794831300000,"o":null,"p":[0,90000,2,1,18000,0]}
 * ```
 *
 * `t` pull time (epoch ms), `o` online count or null (ping failed), `c` the counter columns from
 * this line on (only when they change), `n` new uuids interned for this file (index → uuid), `e`
 * the weekly event's `[week start, stat]` when it changes, `p` the changed players as one flat
 * array of rows `index, …values` (null: not recorded; one array per line keeps loading cheap). Interning keeps a year of pulls for 500
 * players in tens of megabytes; explicit indices mean one damaged line loses only itself.
 */
import type { PullEntry } from './pull-entry.js';
import type { RecordWarning } from './types.js';

export const LOG_FORMAT = 'blockstats-record';
export const LOG_VERSION = 1;
export const LOG_HEADER = `${JSON.stringify({ format: LOG_FORMAT, version: LOG_VERSION })}\n`;
const FILE_NAME = /^record-(\d{4})-(\d{2})\.jsonl$/;

/** Per-file state both the writer and the reader keep: columns in force and the uuid table. */
export interface LogFileState {
  columns: string[];
  index: Map<string, number>;
}

/** The monthly file a pull at `at` belongs to. */
export function logFileName(at: number): string {
  return `record-${new Date(at).toISOString().slice(0, 7)}.jsonl`;
}

/** True for names `logFileName` produces. */
export function isLogFileName(name: string): boolean {
  return FILE_NAME.test(name);
}

/** Encodes one entry as a line; returns the line and the file state after it (input untouched). */
export function encodeEntry(entry: PullEntry, state: LogFileState): { line: string; state: LogFileState } {
  const line: Record<string, unknown> = { t: entry.at, o: entry.online };
  const sameColumns = entry.columns.length === state.columns.length
    && entry.columns.every((c, i) => c === state.columns[i]);
  if (!sameColumns) line.c = entry.columns;
  // A month's file numbers thousands of players: the index is copied only when this entry adds one.
  const known = state.index;
  const index = entry.uuids.every((uuid) => known.has(uuid)) ? known : new Map(known);
  const fresh: Record<string, string> = {};
  const width = entry.columns.length;
  const players: (number | null)[] = [];
  entry.uuids.forEach((uuid, r) => {
    let i = index.get(uuid);
    if (i === undefined) {
      i = index.size;
      index.set(uuid, i);
      fresh[i] = uuid;
    }
    players.push(i);
    for (let j = 0; j < width; j++) players.push(entry.values[r * width + j] ?? null);
  });
  if (Object.keys(fresh).length > 0) line.n = fresh;
  if (entry.event) line.e = [entry.event.weekStart, entry.event.stat];
  line.p = players;
  return { line: `${JSON.stringify(line)}\n`, state: { columns: entry.columns, index } };
}

/** Result of decoding one log file. */
export interface DecodedLog {
  entries: PullEntry[];
  warnings: RecordWarning[];
  /** Byte length of the complete lines (everything up to and including the last newline). */
  validLength: number;
  /** Bytes after the last newline: an append that was interrupted. */
  tornBytes: number;
  state: LogFileState;
}

const isCount = (v: unknown): v is number => Number.isInteger(v) && (v as number) >= 0;

/**
 * Decodes a log file's bytes. Never throws: a damaged line is skipped with a warning and a torn
 * tail (no final newline) is reported so the writer can cut it off before appending.
 */
export function decodeLog(bytes: Uint8Array, file: string): DecodedLog {
  const warnings: RecordWarning[] = [];
  const state: LogFileState = { columns: [], index: new Map() };
  const uuids = new Map<number, string>();
  const entries: PullEntry[] = [];
  const validLength = bytes.lastIndexOf(0x0a) + 1;
  const tornBytes = bytes.length - validLength;
  const text = new TextDecoder().decode(bytes.subarray(0, validLength));
  const lines = text.split('\n');
  lines.pop(); // the empty string after the final newline

  const skip = (line: number, reason: string) => warnings.push({ file, line, reason });
  let headerSeen = false;
  for (let n = 0; n < lines.length; n++) {
    // Whatever a line holds, it costs at most itself: never the file, never the record.
    try {
      const raw = lines[n]!;
      if (raw.trim() === '') continue;
      let value: unknown;
      try {
        value = JSON.parse(raw);
      } catch {
        skip(n + 1, 'line is not valid JSON; skipped');
        continue;
      }
      if (typeof value !== 'object' || value === null || Array.isArray(value)) {
        skip(n + 1, 'line is not a JSON object; skipped');
        continue;
      }
      const obj = value as Record<string, unknown>;
      if ('format' in obj) {
        if (obj.format !== LOG_FORMAT || obj.version !== LOG_VERSION) {
          warnings.push({ file, line: n + 1, reason: `not a ${LOG_FORMAT} v${LOG_VERSION} file; ignored` });
          return { entries: [], warnings, validLength, tornBytes, state };
        }
        headerSeen = true;
        continue;
      }
      if (!headerSeen) {
        warnings.push({ file, line: null, reason: `missing ${LOG_FORMAT} header; file ignored` });
        return { entries: [], warnings, validLength, tornBytes, state };
      }
      const { t, o, c, n: names, e, p } = obj;
      if (typeof t !== 'number' || !Number.isFinite(t) || !(o === null || isCount(o)) || !Array.isArray(p)) {
        skip(n + 1, 'pull line lacks a valid t, o or p; skipped');
        continue;
      }
      if (c !== undefined) {
        if (!Array.isArray(c) || !c.every((x) => typeof x === 'string')) {
          skip(n + 1, 'invalid counter columns; skipped');
          continue;
        }
        state.columns = c as string[];
      }
      if (names !== undefined) {
        if (typeof names !== 'object' || names === null) {
          skip(n + 1, 'invalid uuid table; skipped');
          continue;
        }
        for (const [i, uuid] of Object.entries(names)) {
          if (typeof uuid === 'string' && /^\d+$/.test(i)) {
            uuids.set(Number(i), uuid);
            state.index.set(uuid, Number(i));
          }
        }
      }
      const width = state.columns.length;
      const uuidsOut: string[] = [];
      const values: (number | null)[] = [];
      let bad = 0;
      if (p.length % (width + 1) !== 0) {
        skip(n + 1, `player rows do not match the ${width} counter columns; skipped`);
        continue;
      }
      // A hot loop on load (a year is ~10^6 rows): plain indexing, no callbacks.
      for (let r = 0; r < p.length; r += width + 1) {
        const i = p[r];
        const uuid = isCount(i) ? uuids.get(i) : undefined;
        let ok = uuid !== undefined;
        for (let j = 1; ok && j <= width; j++) {
          const v = p[r + j];
          ok = v === null || (typeof v === 'number' && Number.isFinite(v));
        }
        if (!ok) {
          bad++;
          continue;
        }
        uuidsOut.push(uuid!);
        for (let j = 1; j <= width; j++) values.push(p[r + j] as number | null);
      }
      if (bad > 0) skip(n + 1, `${bad} player entr${bad === 1 ? 'y' : 'ies'} unreadable; skipped`);
      const entry: PullEntry = { at: t, online: o as number | null, columns: state.columns, uuids: uuidsOut, values };
      if (Array.isArray(e) && e.length === 2 && Number.isFinite(e[0]) && typeof e[1] === 'string' && e[1] !== '') {
        entry.event = { weekStart: e[0] as number, stat: e[1] };
      } else if (e !== undefined) {
        skip(n + 1, 'invalid event choice ignored');
      }
      entries.push(entry);
    } catch (error) {
      skip(n + 1, `line could not be read (${(error as Error).message}); skipped`);
    }
  }
  if (tornBytes > 0) {
    warnings.push({
      file,
      line: lines.length + 1,
      reason: `torn last line (${tornBytes} bytes, an interrupted append) dropped`,
    });
  }
  return { entries, warnings, validLength, tornBytes, state };
}

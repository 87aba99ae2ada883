import { readFileSync } from 'node:fs';
import { packAdvancements, packStats, sharedStrings, type PackedAdvancements, type PackedStats, type StringTable } from './packed.js';
import { parseAdvancementsFile } from './parse-advancements-file.js';
import { parsePlayerDataFile, type PlayerDataSummary } from './parse-player-data-file.js';
import { parseStatsFile } from './parse-stats-file.js';

/** The three per-player folders of a world. */
export type PlayerFileKind = 'stats' | 'advancements' | 'playerdata';

/** What the reader keeps of each kind of player file. */
export interface PlayerFileSummaries {
  stats: PackedStats;
  advancements: PackedAdvancements;
  playerdata: PlayerDataSummary;
}

/** Reads a small UTF-8 file at once, without a leading byte-order mark (see `readTextFile`). */
function readTextFileSync(path: string): string {
  const text = readFileSync(path, { encoding: 'utf8', flag: 'r' });
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

// Player files are read synchronously: they are small and, the game having just written them,
// almost always in the page cache, where a synchronous read is one system call while an
// asynchronous one is four trips through libuv's thread pool (open, fstat, read, close), several
// times the CPU of the read itself on a save of tens of thousands of files.
const PARSERS: { [K in PlayerFileKind]: (path: string, strings: StringTable) => PlayerFileSummaries[K] } = {
  stats: (path, strings) => packStats(parseStatsFile(readTextFileSync(path)), strings),
  advancements: (path, strings) => packAdvancements(parseAdvancementsFile(readTextFileSync(path)), strings),
  playerdata: (path) => parsePlayerDataFile(readFileSync(path, { flag: 'r' })),
};

/**
 * Reads and parses one player file into what the reader keeps of it (stats and advancements
 * packed against `strings`). Throws when the file is unreadable or not such a file; the error's
 * message is the reason (see `readErrorReason`).
 */
export function parsePlayerFile<K extends PlayerFileKind>(
  kind: K,
  path: string,
  strings: StringTable = sharedStrings,
): PlayerFileSummaries[K] {
  return PARSERS[kind](path, strings) as PlayerFileSummaries[K];
}

import { packAdvancements, packStats, sharedStrings, type PackedAdvancements, type PackedStats, type StringTable } from './packed.js';
import { parseAdvancementsFile } from './parse-advancements-file.js';
import { parsePlayerDataFile, type PlayerDataSummary } from './parse-player-data-file.js';
import { parseStatsFile } from './parse-stats-file.js';
import { scanStatsFile } from './scan-stats-file.js';
import { readBoundedFileSync, ReadScratch, textOf } from './read-bounded-file.js';
import { DEFAULT_READ_LIMITS, type ReadLimits } from './read-limits.js';

/** The three per-player folders of a world. */
export type PlayerFileKind = 'stats' | 'advancements' | 'playerdata';

/** What the reader keeps of each kind of player file. */
export interface PlayerFileSummaries {
  stats: PackedStats;
  advancements: PackedAdvancements;
  playerdata: PlayerDataSummary;
}

type Limits = Pick<ReadLimits, 'playerFileBytes' | 'playerDataInflatedBytes'>;

// Player files are read synchronously: they are small and, the game having just written them,
// almost always in the page cache, where a synchronous read is one system call while an
// asynchronous one is four trips through libuv's thread pool (open, fstat, read, close), several
// times the CPU of the read itself on a save of tens of thousands of files. Every read is
// bounded (see readBoundedFileSync): a FIFO is never waited on, a huge file never read.
// Each file is read into this thread's one scratch buffer (see ReadScratch): the parsers keep
// nothing of the bytes (text, numbers and names are copies), so the next read may overwrite them.
const scratch = new ReadScratch();
const PARSERS: { [K in PlayerFileKind]: (path: string, strings: StringTable, limits: Limits) => PlayerFileSummaries[K] } = {
  stats: (path, strings, limits) => {
    const text = textOf(readBoundedFileSync(path, limits.playerFileBytes, scratch));
    // Files in the game's own shape take the scanner; anything else (and any doubt) JSON.parse, with the same result.
    return scanStatsFile(text, strings) ?? packStats(parseStatsFile(text), strings);
  },
  advancements: (path, strings, limits) =>
    packAdvancements(parseAdvancementsFile(textOf(readBoundedFileSync(path, limits.playerFileBytes, scratch))), strings),
  playerdata: (path, _, limits) => parsePlayerDataFile(readBoundedFileSync(path, limits.playerFileBytes, scratch), limits.playerDataInflatedBytes),
};

/**
 * Reads and parses one player file into what the reader keeps of it (stats and advancements
 * packed against `strings`), within `limits`. Throws when the file is unreadable, refused (not a
 * regular file, over a limit) or not such a file; the error's message is the reason (see
 * `readErrorReason`).
 */
export function parsePlayerFile<K extends PlayerFileKind>(
  kind: K,
  path: string,
  strings: StringTable = sharedStrings,
  limits: Limits = DEFAULT_READ_LIMITS,
): PlayerFileSummaries[K] {
  return PARSERS[kind](path, strings, limits) as PlayerFileSummaries[K];
}

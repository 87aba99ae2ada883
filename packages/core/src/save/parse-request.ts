import { sharedStrings, type PackedAdvancements, type PackedStats, type StringTable } from './packed.js';
import type { PlayerDataSummary } from './parse-player-data-file.js';
import { parsePlayerFile, type PlayerFileKind } from './parse-player-file.js';
import { parsePlayerList } from './parse-player-list.js';
import { parseProfileList } from './parse-profile-list.js';
import { indexProfiles, type ProfileIndex } from './profile-index.js';
import { readBoundedFileSync, textOf } from './read-bounded-file.js';
import { readErrorReason } from './read-error-reason.js';
import { DEFAULT_READ_LIMITS, type ReadLimits } from './read-limits.js';

/**
 * What can be parsed on a worker thread: a player file, a root profile list (`usercache.json`,
 * `whitelist.json`) or a root player list (`banned-players.json`, `ops.json`).
 */
export type ParseKind = PlayerFileKind | 'profiles' | 'player-list';

/** What `parsePlayerList` gives. */
export type PlayerList = ReturnType<typeof parsePlayerList>;

/** One file to parse. */
export interface ParseRequest {
  kind: ParseKind;
  /** Absolute path. */
  path: string;
}

/** A parsed file (stats and advancements packed against a string table), or why it could not be. */
export type ParseOutcome =
  | { ok: true; value: PackedStats | PackedAdvancements | PlayerDataSummary | ProfileIndex | PlayerList }
  | { ok: false; reason: string };

/** The limits a parse applies. */
export type ParseLimits = Pick<ReadLimits, 'playerFileBytes' | 'playerDataInflatedBytes' | 'rootFileBytes'>;

/**
 * Reads and parses one file within `limits`, the same on this thread as on a worker thread
 * (`parseInWorkers`). Never throws: a failure is an outcome whose reason becomes a warning.
 *
 * @example
 * parseRequest({ kind: 'stats', path: '/srv/mc/world/stats/<uuid>.json' }); // { ok: true, value: PackedStats }
 */
export function parseRequest(request: ParseRequest, strings: StringTable = sharedStrings, limits: ParseLimits = DEFAULT_READ_LIMITS): ParseOutcome {
  try {
    if (request.kind === 'profiles') {
      // Indexed where it is parsed: the index crosses to the reading thread as four values.
      return { ok: true, value: indexProfiles(parseProfileList(textOf(readBoundedFileSync(request.path, limits.rootFileBytes)))) };
    }
    if (request.kind === 'player-list') {
      return { ok: true, value: parsePlayerList(textOf(readBoundedFileSync(request.path, limits.rootFileBytes))) };
    }
    return { ok: true, value: parsePlayerFile(request.kind, request.path, strings, limits) };
  } catch (error) {
    return { ok: false, reason: readErrorReason(error) };
  }
}

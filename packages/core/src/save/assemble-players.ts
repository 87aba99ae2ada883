import { buildPlayerSave, type PlayerFilePart } from './build-player-save.js';
import { playerFileUuid, type SaveListing } from './list-save-files.js';
import type { ProfileLookup } from './profile-index.js';
import type { PackedAdvancements, PackedStats } from './packed.js';
import type { ParseCache } from './parse-cache.js';
import type { PlayerDataSummary } from './parse-player-data-file.js';
import type { PlayerFileKind } from './parse-player-file.js';
import type { RootFiles } from './read-root-files.js';
import type { PlayerFileResult } from './read-player-files.js';
import { PlayerMemo } from './player-memo.js';
import type { PlayerSave, SaveWarning } from './types.js';
import { indexOfUuid } from './index-of-uuid.js';

/**
 * What the last assembly through a cache gave, for the next read of the same listing: a read
 * whose listing is unchanged (the same arrays: no file added or removed) rebuilds only the
 * players a changed or failed file or a renamed entry names, and copies the rest.
 */
interface Assembly {
  listed: SaveListing['players'];
  usercache: RootFiles['usercache'];
  whitelist: RootFiles['whitelist'];
  /** Indices (in `listed`) of the files that could not be used at that read. */
  failed: readonly number[];
  /** Sorted by uuid. */
  players: PlayerSave[];
  /** The warnings of partly usable advancement files, by uuid. */
  skipped: Map<string, SaveWarning>;
  dataVersions: number[];
}

interface PlayerMemos {
  reads: number;
  players: Map<string, PlayerMemo>;
  last: Assembly | null;
}

/** Per parse cache, each player's memo of the last read (weakly: it goes with the cache), and a count of reads. */
const memosByCache = new WeakMap<ParseCache, PlayerMemos>();

function playerMemos(cache: ParseCache): PlayerMemos {
  let memos = memosByCache.get(cache);
  if (memos === undefined) memosByCache.set(cache, (memos = { reads: 0, players: new Map(), last: null }));
  return memos;
}

/**
 * Whether a player's files are as the memo has them: the same files, modification times and
 * (cached, so identical) summaries. Compared in place: no part is built for the ~99 % of
 * players a pull finds unchanged. Each kind is read by name (a computed `files[kind]` over
 * 10,000 players' objects of several shapes is a slow keyed load).
 */
function unchanged(memo: PlayerMemo, files: Partial<Record<PlayerFileKind, number>>, listing: SaveListing, results: readonly PlayerFileResult[]): boolean {
  return (
    samePart(memo.statsFile, memo.statsMtimeMs, memo.statsSummary, files.stats, listing, results) &&
    samePart(memo.advancementsFile, memo.advancementsMtimeMs, memo.advancementsSummary, files.advancements, listing, results) &&
    samePart(memo.playerdataFile, memo.playerdataMtimeMs, memo.playerdataSummary, files.playerdata, listing, results)
  );
}

/** Whether a part of a memo (its file, modification time and summary) is what file `index` of the listing (undefined: none) gave this read. */
function samePart(file: string | null, mtimeMs: number | null, summary: unknown, index: number | undefined, listing: SaveListing, results: readonly PlayerFileResult[]): boolean {
  if (index === undefined) return file === null;
  const { stamp, outcome } = results[index]!;
  return listing.players[index]!.file === file && (stamp?.mtimeMs ?? null) === mtimeMs && (outcome.ok ? outcome.value : null) === summary;
}

/** What a read's files did, for `assemblePlayers` to rebuild only the players they name. */
export interface ReadChanges {
  /** Indices (in `listing.players`) of the files not taken from the cache as they were: parsed, or failed. */
  touched: readonly number[];
  /** Indices of the files that could not be used. */
  failed: readonly number[];
}

/**
 * The memo of one player for this read: the last one when its files and name sources are as
 * then, else a new one (then remembered). Null when none of its files could be used.
 */
function playerOf(
  uuid: string,
  files: Partial<Record<PlayerFileKind, number>>,
  listing: SaveListing,
  results: readonly PlayerFileResult[],
  rootFiles: RootFiles,
  memos: PlayerMemos | null,
): PlayerMemo | null {
  const cachedName = rootFiles.usercache.get(uuid)?.name;
  // Few players are on the whitelist: skip the lookup when it is empty.
  const listedName = rootFiles.whitelist.size > 0 ? rootFiles.whitelist.get(uuid)?.name : undefined;
  // The snapshot builder's per-player caches apply to a player object it has seen before.
  const memo = memos?.players.get(uuid);
  if (memo !== undefined && memo.cachedName === cachedName && memo.listedName === listedName && unchanged(memo, files, listing, results)) return memo;
  const part = <T>(kind: PlayerFileKind): PlayerFilePart<T> => {
    const index = files[kind];
    if (index === undefined) return { file: null, mtimeMs: null, summary: null };
    const { stamp, outcome } = results[index]!;
    return { file: listing.players[index]!.file, mtimeMs: stamp?.mtimeMs ?? null, summary: outcome.ok ? (outcome.value as T) : null };
  };
  const stats = part<PackedStats>('stats');
  const advancements = part<PackedAdvancements>('advancements');
  const playerdata = part<PlayerDataSummary>('playerdata');
  if (stats.summary === null && advancements.summary === null && playerdata.summary === null) return null;
  const fresh = new PlayerMemo({ stats, advancements, playerdata }, cachedName, listedName, buildPlayerSave(uuid, { stats, advancements, playerdata }, rootFiles), memo?.seen ?? 0);
  memos?.players.set(uuid, fresh);
  return fresh;
}

/** The warning of a partly usable advancements file, or null. */
function skippedWarning(memo: PlayerMemo): SaveWarning | null {
  const skipped = (memo.advancementsSummary as PackedAdvancements | null)?.skipped ?? 0;
  return skipped > 0 ? { file: memo.advancementsFile!, reason: `${skipped} malformed entries or criterion times ignored` } : null;
}

/**
 * Builds every player of a listing from its files' results, sorted by uuid, with the warnings
 * of partly usable advancement files and the save's DataVersions. A player none of whose files
 * could be used is left out (its files' warnings say why): an unreadable file of an unknown
 * player is not a nameless player with no data. With a `cache`, a player whose files and name
 * sources are all as at the last read is the same object as then; given the read's `changes`
 * and a listing as at the last read, only the players they name (and those renamed in the
 * usercache or whitelist) are looked at (`patchAssembly`).
 */
export function assemblePlayers(
  listing: SaveListing,
  results: readonly PlayerFileResult[],
  rootFiles: RootFiles,
  cache: ParseCache | undefined,
  warnings: SaveWarning[],
  changes?: ReadChanges,
): { players: PlayerSave[]; dataVersions: number[] } {
  const memos = cache ? playerMemos(cache) : null;
  const patched = memos?.last && changes ? patchAssembly(memos, memos.last, listing, results, rootFiles, changes) : null;
  const assembly = patched ?? fullAssembly(listing, results, rootFiles, memos, changes?.failed ?? []);
  if (memos) memos.last = changes ? assembly : null;
  for (const warning of assembly.skipped.values()) warnings.push(warning);
  // A copy: the next patch looks players up in the memo's array by uuid, whatever a caller does with its own.
  return { players: assembly.players.slice(), dataVersions: [...assembly.dataVersions] };
}

/** Every player of the listing looked at (see `assemblePlayers`). */
function fullAssembly(listing: SaveListing, results: readonly PlayerFileResult[], rootFiles: RootFiles, memos: PlayerMemos | null, failed: readonly number[]): Assembly {
  const dataVersions = new Set<number>();
  const players: PlayerSave[] = [];
  const skipped = new Map<string, SaveWarning>();
  const read = memos ? ++memos.reads : 0;
  let lastVersion: number | null = null;
  for (const [uuid, files] of listing.byUuid) {
    const memo = playerOf(uuid, files, listing, results, rootFiles, memos);
    if (memo === null) continue;
    memo.seen = read;
    const { player } = memo;
    const warning = skippedWarning(memo);
    if (warning !== null) skipped.set(uuid, warning);
    // Nearly every file of a save has one DataVersion: a Set add only for another one than the last.
    const { statsDataVersion, advancementsDataVersion, playerDataVersion } = player;
    if (statsDataVersion !== null && statsDataVersion !== lastVersion) dataVersions.add((lastVersion = statsDataVersion));
    if (advancementsDataVersion !== null && advancementsDataVersion !== lastVersion) dataVersions.add((lastVersion = advancementsDataVersion));
    if (playerDataVersion !== null && playerDataVersion !== lastVersion) dataVersions.add((lastVersion = playerDataVersion));
    players.push(player);
  }
  players.sort((a, b) => (a.uuid < b.uuid ? -1 : a.uuid > b.uuid ? 1 : 0));
  if (memos) for (const [uuid, memo] of memos.players) if (memo.seen !== read) memos.players.delete(uuid);
  const { usercache, whitelist } = rootFiles;
  return { listed: listing.players, usercache, whitelist, failed, players, skipped, dataVersions: [...dataVersions].sort((a, b) => a - b) };
}

/**
 * The last assembly with only the players this read's `changes` name looked at again (files
 * parsed or failed now, or failed at the last read) and those the usercache or whitelist names
 * differently; every other player's files and names are as then, so its memo is. Null when the
 * listing is not the last one's, or when the change reaches beyond those players' own entries
 * (a player added or left out, a DataVersion changed): the full assembly then.
 */
function patchAssembly(
  memos: PlayerMemos,
  last: Assembly,
  listing: SaveListing,
  results: readonly PlayerFileResult[],
  rootFiles: RootFiles,
  changes: ReadChanges,
): Assembly | null {
  if (last.listed !== listing.players) return null;
  const uuids = new Set<string>();
  for (const i of changes.touched) uuids.add(playerFileUuid(listing.players[i]!));
  for (const i of last.failed) uuids.add(playerFileUuid(listing.players[i]!));
  renamed(last.usercache, rootFiles.usercache, listing.byUuid.keys(), uuids);
  renamed(last.whitelist, rootFiles.whitelist, listing.byUuid.keys(), uuids);
  const players = last.players.slice();
  let skipped = last.skipped;
  for (const uuid of uuids) {
    const files = listing.byUuid.get(uuid);
    const at = indexOfUuid(players, uuid);
    const memo = files === undefined ? null : playerOf(uuid, files, listing, results, rootFiles, memos);
    if (memo === null) {
      if (at >= 0) return null;
      continue;
    }
    if (at < 0) return null;
    const before = players[at]!;
    if (memo.player === before) continue;
    const { statsDataVersion, advancementsDataVersion, playerDataVersion } = memo.player;
    if (statsDataVersion !== before.statsDataVersion || advancementsDataVersion !== before.advancementsDataVersion || playerDataVersion !== before.playerDataVersion) return null;
    players[at] = memo.player;
    const warning = skippedWarning(memo);
    if (warning !== null || skipped.has(uuid)) {
      if (skipped === last.skipped) skipped = new Map(skipped);
      if (warning !== null) skipped.set(uuid, warning);
      else skipped.delete(uuid);
    }
  }
  const { usercache, whitelist } = rootFiles;
  return { listed: listing.players, usercache, whitelist, failed: changes.failed, players, skipped, dataVersions: last.dataVersions };
}

/**
 * Adds to `out` every listed uuid whose name in `now` differs from `before` (either missing
 * counts). Only the save's players are looked up: a usercache holds far more names than the
 * save has players (a 15.7 MB one ~150,000), and walking all of them held up the reading thread.
 */
function renamed(before: ProfileLookup, now: ProfileLookup, listed: Iterable<string>, out: Set<string>): void {
  if (before === now) return;
  for (const uuid of listed) if (before.get(uuid)?.name !== now.get(uuid)?.name) out.add(uuid);
}

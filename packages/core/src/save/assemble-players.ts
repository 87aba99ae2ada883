import { buildPlayerSave, type PlayerFilePart } from './build-player-save.js';
import type { SaveListing } from './list-save-files.js';
import type { PackedAdvancements, PackedStats } from './packed.js';
import type { ParseCache } from './parse-cache.js';
import type { PlayerDataSummary } from './parse-player-data-file.js';
import type { PlayerFileKind } from './parse-player-file.js';
import type { RootFiles } from './read-root-files.js';
import type { PlayerFileResult } from './read-player-files.js';
import type { PlayerSave, SaveWarning } from './types.js';

/** What a player was built from at the last read through a cache, and the result. */
interface PlayerMemo {
  parts: readonly [PlayerFilePart<unknown>, PlayerFilePart<unknown>, PlayerFilePart<unknown>];
  /** The usercache and whitelist names for the uuid. */
  names: readonly [string | undefined, string | undefined];
  player: PlayerSave;
  /** The read that last saw this player (memos of players not seen by a read are dropped). */
  seen: number;
}

/** Per parse cache, each player's memo of the last read (weakly: it goes with the cache), and a count of reads. */
const memosByCache = new WeakMap<ParseCache, { reads: number; players: Map<string, PlayerMemo> }>();

function playerMemos(cache: ParseCache): { reads: number; players: Map<string, PlayerMemo> } {
  let memos = memosByCache.get(cache);
  if (memos === undefined) memosByCache.set(cache, (memos = { reads: 0, players: new Map() }));
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
    samePart(memo.parts[0], files.stats, listing, results) &&
    samePart(memo.parts[1], files.advancements, listing, results) &&
    samePart(memo.parts[2], files.playerdata, listing, results)
  );
}

/** Whether the part of a memo is what file `index` of the listing (undefined: none) gave this read. */
function samePart(part: PlayerFilePart<unknown>, index: number | undefined, listing: SaveListing, results: readonly PlayerFileResult[]): boolean {
  if (index === undefined) return part.file === null;
  const { stamp, outcome } = results[index]!;
  return listing.players[index]!.file === part.file && (stamp?.mtimeMs ?? null) === part.mtimeMs && (outcome.ok ? outcome.value : null) === part.summary;
}

/**
 * Builds every player of a listing from its files' results, sorted by uuid, with the warnings
 * of partly usable advancement files and the save's DataVersions. A player none of whose files
 * could be used is left out (its files' warnings say why): an unreadable file of an unknown
 * player is not a nameless player with no data. With a `cache`, a player whose files and name
 * sources are all as at the last read is the same object as then.
 */
export function assemblePlayers(
  listing: SaveListing,
  results: readonly PlayerFileResult[],
  rootFiles: RootFiles,
  cache: ParseCache | undefined,
  warnings: SaveWarning[],
): { players: PlayerSave[]; dataVersions: number[] } {
  const dataVersions = new Set<number>();
  const players: PlayerSave[] = [];
  const memos = cache ? playerMemos(cache) : null;
  const read = memos ? ++memos.reads : 0;
  let lastVersion: number | null = null;
  const { usercache, whitelist } = rootFiles;
  // Few players are on the whitelist: skip the lookup when it is empty.
  const listed = whitelist.size > 0;
  for (const [uuid, files] of listing.byUuid) {
    const cachedName = usercache.get(uuid)?.name;
    const listedName = listed ? whitelist.get(uuid)?.name : undefined;
    // The snapshot builder's per-player caches apply to a player object it has seen before.
    let memo = memos?.players.get(uuid);
    if (memo === undefined || memo.names[0] !== cachedName || memo.names[1] !== listedName || !unchanged(memo, files, listing, results)) {
      const names = [cachedName, listedName] as const;
      const part = <T>(kind: PlayerFileKind): PlayerFilePart<T> => {
        const index = files[kind];
        if (index === undefined) return { file: null, mtimeMs: null, summary: null };
        const { stamp, outcome } = results[index]!;
        return { file: listing.players[index]!.file, mtimeMs: stamp?.mtimeMs ?? null, summary: outcome.ok ? (outcome.value as T) : null };
      };
      const stats = part<PackedStats>('stats');
      const advancements = part<PackedAdvancements>('advancements');
      const playerdata = part<PlayerDataSummary>('playerdata');
      if (stats.summary === null && advancements.summary === null && playerdata.summary === null) continue;
      memo = { parts: [stats, advancements, playerdata], names, player: buildPlayerSave(uuid, { stats, advancements, playerdata }, rootFiles), seen: read };
      memos?.players.set(uuid, memo);
    }
    memo.seen = read;
    const { player } = memo;
    const skipped = (memo.parts[1].summary as PackedAdvancements | null)?.skipped ?? 0;
    if (skipped > 0) warnings.push({ file: memo.parts[1].file!, reason: `${skipped} malformed entries or criterion times ignored` });
    // Nearly every file of a save has one DataVersion: a Set add only for another one than the last.
    const { statsDataVersion, advancementsDataVersion, playerDataVersion } = player;
    if (statsDataVersion !== null && statsDataVersion !== lastVersion) dataVersions.add((lastVersion = statsDataVersion));
    if (advancementsDataVersion !== null && advancementsDataVersion !== lastVersion) dataVersions.add((lastVersion = advancementsDataVersion));
    if (playerDataVersion !== null && playerDataVersion !== lastVersion) dataVersions.add((lastVersion = playerDataVersion));
    players.push(player);
  }
  players.sort((a, b) => (a.uuid < b.uuid ? -1 : a.uuid > b.uuid ? 1 : 0));
  if (memos) for (const [uuid, memo] of memos.players) if (memo.seen !== read) memos.players.delete(uuid);
  return { players, dataVersions: [...dataVersions].sort((a, b) => a - b) };
}

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
}

/** Per parse cache, each player's memo of the last read (weakly: it goes with the cache). */
const memosByCache = new WeakMap<ParseCache, Map<string, PlayerMemo>>();

function playerMemos(cache: ParseCache): Map<string, PlayerMemo> {
  let memos = memosByCache.get(cache);
  if (memos === undefined) memosByCache.set(cache, (memos = new Map()));
  return memos;
}

/** Same files, same modification times, same (cached, so identical) summaries. */
function sameParts(a: PlayerMemo['parts'], b: PlayerMemo['parts']): boolean {
  for (let i = 0; i < 3; i++) {
    const x = a[i]!;
    const y = b[i]!;
    if (x.file !== y.file || x.mtimeMs !== y.mtimeMs || x.summary !== y.summary) return false;
  }
  return true;
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
  const seen = new Set<string>();
  for (const [uuid, files] of listing.byUuid) {
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
    const names = [rootFiles.usercache.get(uuid)?.name, rootFiles.whitelist.get(uuid)?.name] as const;
    // The snapshot builder's per-player caches apply to a player object it has seen before.
    const memo = memos?.get(uuid);
    let player: PlayerSave;
    if (memo !== undefined && sameParts(memo.parts, [stats, advancements, playerdata]) && memo.names[0] === names[0] && memo.names[1] === names[1]) {
      player = memo.player;
    } else {
      player = buildPlayerSave(uuid, { stats, advancements, playerdata }, rootFiles);
      memos?.set(uuid, { parts: [stats, advancements, playerdata], names, player });
    }
    seen.add(uuid);
    const skipped = advancements.summary?.skipped ?? 0;
    if (skipped > 0) warnings.push({ file: advancements.file!, reason: `${skipped} malformed entries or criterion times ignored` });
    for (const version of [player.statsDataVersion, player.advancementsDataVersion, player.playerDataVersion]) {
      if (version !== null) dataVersions.add(version);
    }
    players.push(player);
  }
  players.sort((a, b) => (a.uuid < b.uuid ? -1 : a.uuid > b.uuid ? 1 : 0));
  if (memos) for (const uuid of memos.keys()) if (!seen.has(uuid)) memos.delete(uuid);
  return { players, dataVersions: [...dataVersions].sort((a, b) => a - b) };
}

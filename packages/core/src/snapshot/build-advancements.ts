import { ByteBlocks } from '../save/byte-blocks.js';
import { packedPartsOf } from '../save/packed.js';
import type { PlayerSave } from '../save/types.js';
import { fillHoldersSteps, patchHolders } from './advancement-holders.js';
import { packedRow, playerRow, rowsFor, tablePlan, type TablePlan } from './advancement-rows.js';
import { advancementTable } from './advancement-table.js';
import { stableNumbers, stableObject } from './content-hash.js';
import { IndexColumn, indexColumn } from './index-column.js';
import { HolderTimes, holderTimes } from './holder-times.js';
import { entryKey, heldCounts, sameUuids, type HeldIdsMemo } from './held-advancement-ids.js';
import { playerUuids } from './player-uuids.js';
import { runSteps } from './run-steps.js';
import type { SnapshotAdvancement } from './types.js';
import type { AdvancementEntries } from './advancement-row.js';

/**
 * Where the rows of the first build of a table go (every player's row, 50,000 at once, kept
 * together as long as their advancement files are): shared blocks, not an `ArrayBuffer` a row
 * (see `ByteBlocks`). A later build's few new rows have their own, so blocks hold dead bytes of
 * first builds only.
 */
const rowBlocks = new ByteBlocks();

/** The advancement table plus each player's held advancements. */
export interface BuiltAdvancements {
  advancements: SnapshotAdvancement[];
  /** Per player, the held advancements (see `SnapshotPlayer.advancements`). */
  playerAdvancements: AdvancementEntries[];
  /** Per player, completed vanilla advancements. */
  earned: number[];
}

/**
 * Builds the advancement table of a save: every vanilla advancement of the game versions the save
 * contains plus every one a player holds (DECISIONS 5: an upgraded world can hold both lodestone
 * ids), then datapack ids, sorted. Recipe unlocks are left out. Holders are kept in earn order
 * (unknown times last, name order inside a tie), and each player's entries newest first with
 * their requirement progress.
 *
 * @example
 * buildAdvancements(save.players, save.dataVersions, nameRank, null).advancements[0].id; // 'minecraft:story/root'
 */
export function buildAdvancements(
  players: readonly PlayerSave[],
  dataVersions: readonly number[],
  nameRank: ArrayLike<number>,
  iconTemplate: string | null,
): BuiltAdvancements {
  return runSteps(advancementSteps(players, dataVersions, nameRank, iconTemplate));
}

/**
 * `buildAdvancements` as steps: it yields after counting the held ids, after each player's row and
 * while a fresh build puts the holders in order, so a caller that must keep answering (see
 * `buildSnapshotInSteps`) can pause there.
 * `previous` is the result to patch (default: the last one built, while something still holds it).
 */
export function* advancementSteps(
  players: readonly PlayerSave[],
  dataVersions: readonly number[],
  nameRank: ArrayLike<number>,
  iconTemplate: string | null,
  previous?: readonly SnapshotAdvancement[],
): Generator<void, BuiltAdvancements, void> {
  // Packed summaries and frozen entries come from the reader's parse cache and stay the same
  // object while the player's advancements file is unchanged: per such key, the ids it holds and
  // (for a given table) the player's row are computed once.
  const keys = players.map(entryKey);
  const last = previous ?? lastBuilt?.deref();
  const memo = last === undefined ? undefined : memos.get(last);
  const held = heldCounts(players, keys, memo);
  const heldIds = new Set<string>();
  for (const [id, count] of held.counts) if (count > 0) heldIds.add(id);
  yield;

  const { advancements, vanilla } = advancementTable(dataVersions, heldIds, iconTemplate);
  const indexOf = new Map(advancements.map((a, i) => [a.id, i]));
  const definitions = new Map(vanilla.map((a) => [a.id, a]));

  const playerAdvancements: AdvancementEntries[] = [];
  const earned: number[] = [];
  const table = `${dataVersions.join(',')}\n${advancements.map((a) => a.id).join('\n')}`;
  const rows = rowsFor(table);
  let plan: TablePlan | null = null;
  // The same players in the same order and table as the last build: a player whose key is the
  // same object takes the last build's row as it is (no lookup, no pause: only rows computed cost).
  const kept = memo !== undefined && memo.table === table && samePlayers(memo, players, nameRank) ? memo : null;
  // The first build of a table computes every player's row: those share blocks (see `rowBlocks`).
  const blocks = memo === undefined || memo.table !== table ? rowBlocks : undefined;
  // Loops here and below rather than callbacks made at every build (see `playTimes` in build-snapshot.ts).
  for (let p = 0; p < players.length; p++) {
    const key = keys[p]!;
    if (kept !== null && key !== null && key === kept.keys[p]) {
      playerAdvancements.push(kept.rows[p]!);
      earned.push(kept.earned[p]!);
      continue;
    }
    const player = players[p]!;
    let row = key !== null ? rows.get(key) : undefined;
    if (row === undefined) {
      const packed = packedPartsOf(player)?.advancements;
      row = packed
        ? packedRow(packed, (plan ??= tablePlan(advancements, indexOf, definitions)), blocks)
        : playerRow(player.advancements, indexOf, definitions);
      if (key !== null) rows.set(key, row);
    }
    playerAdvancements.push(row.flat);
    earned.push(row.vanillaDone);
    yield;
  }
  if (kept !== null) {
    patchHolders(advancements, kept, playerAdvancements, nameRank);
  } else {
    yield* fillHoldersSteps(advancements, playerAdvancements, nameRank);
  }
  yield;
  for (let a = 0; a < advancements.length; a++) {
    const advancement = advancements[a]!;
    // 4 bytes a holder and a time; those kept from the last build are already (the same objects).
    if (!(advancement.holders instanceof IndexColumn)) advancement.holders = indexColumn(advancement.holders);
    if (!(advancement.holder_at instanceof HolderTimes)) advancement.holder_at = holderTimes(advancement.holder_at);
    stableNumbers(advancement.holders);
    stableNumbers(advancement.holder_at);
    // An advancement made as it was, holders and all, is the last build's object (its digest known).
    if (kept !== null && sameAdvancement(advancement, kept.advancements[a]!)) advancements[a] = kept.advancements[a]!;
    else stableObject(advancement);
  }
  memos.set(advancements, { table, uuids: playerUuids(players), nameRank: Int32Array.from(nameRank), keys, counts: held.counts, loose: held.loose, rows: playerAdvancements, earned, advancements });
  lastBuilt = new WeakRef(advancements);
  return { advancements, playerAdvancements, earned };
}

/** What the last build left, for the next one to recount its held ids and patch its holders (see `patchHolders`). */
interface HoldersMemo extends HeldIdsMemo {
  /** Data versions and advancement ids: the table the indexes refer to. */
  table: string;
  nameRank: Int32Array;
  /** Each player's row, by identity: the same object while the advancements file is unchanged. */
  rows: readonly AdvancementEntries[];
  /** Each player's completed vanilla advancements (`BuiltAdvancements.earned`), with `rows`. */
  earned: readonly number[];
  advancements: readonly SnapshotAdvancement[];
}

/** Kept as long as the advancements it describes are (the snapshot holding them). */
const memos = new WeakMap<readonly SnapshotAdvancement[], HoldersMemo>();
let lastBuilt: WeakRef<readonly SnapshotAdvancement[]> | null = null;

/**
 * Whether `made` equals `before` (the last build's advancement at the same index of the same
 * table): the same holders and times objects (kept by `patchHolders` when no changed player
 * moved them), and equal in every other field.
 */
function sameAdvancement(made: SnapshotAdvancement, before: SnapshotAdvancement): boolean {
  if (made.holders !== before.holders || made.holder_at !== before.holder_at) return false;
  const keys = Object.keys(made) as Array<keyof SnapshotAdvancement>;
  if (keys.length !== Object.keys(before).length) return false;
  for (const key of keys) if (made[key] !== before[key]) return false;
  return true;
}

/** The memo's players in the same order, each with the same name rank. */
function samePlayers(memo: HoldersMemo, players: readonly PlayerSave[], nameRank: ArrayLike<number>): boolean {
  if (!sameUuids(memo.uuids, players)) return false;
  for (let p = 0; p < players.length; p++) if (memo.nameRank[p] !== nameRank[p]) return false;
  return true;
}


import { packedPartsOf, sharedStrings, unpackAdvancements } from '../save/packed.js';
import type { AdvancementProgress, PlayerSave } from '../save/types.js';
import type { AdvancementDefinition } from '../catalogue/types.js';
import { vanillaAdvancementsFor } from '../catalogue/advancement-source.js';
import { isRecipeId } from '../save/is-recipe-id.js';
import { namespacedAdvancementId } from '../catalogue/advancement-catalogue.js';
import { advancementTitle } from './advancement-title.js';
import { stableNumbers } from './content-hash.js';
import { byNameRank, fitsMajor, fitsPlayers, keyMajor, keyRank, MAJOR_LIMIT, sortKey } from './sort-keys.js';
import { iconUrl } from './icon-url.js';
import { requirementProgress } from './requirement-progress.js';
import { PLAYER_ADVANCEMENT_STRIDE, type SnapshotAdvancement } from './types.js';

/** The advancement table plus each player's held advancements. */
export interface BuiltAdvancements {
  advancements: SnapshotAdvancement[];
  /** Per player, flat stride-5 entries (see `SnapshotPlayer.advancements`). */
  playerAdvancements: number[][];
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
  // Packed summaries and frozen entries come from the reader's parse cache and stay the same
  // object while the player's advancements file is unchanged: per such key, the ids it holds and
  // (for a given table) the player's row are computed once.
  const keys = players.map(entryKey);
  const last = lastBuilt?.deref();
  const memo = last === undefined ? undefined : memos.get(last);
  const held = heldCounts(players, keys, memo);
  const heldIds = new Set<string>();
  for (const [id, count] of held.counts) if (count > 0) heldIds.add(id);

  const vanilla = vanillaAdvancementsFor(dataVersions, heldIds);
  const vanillaIds = new Set(vanilla.map((a) => a.id));
  const datapackIds = [...heldIds].filter((id) => !vanillaIds.has(id) && !isRecipeId(id)).sort();

  const advancements: SnapshotAdvancement[] = [
    ...vanilla.map((a): SnapshotAdvancement => ({
      id: a.id,
      title: a.title,
      description: a.description,
      category: a.category,
      source: 'vanilla',
      frame: a.frame,
      hidden: a.hidden,
      icon_item: a.icon,
      icon: iconUrl(iconTemplate, a.icon),
      wiki: a.wiki,
      required: requirementProgress(a.requirements, {}, a.criteria).required,
      holders: [],
      holder_at: [],
    })),
    ...datapackIds.map((id): SnapshotAdvancement => ({
      id,
      title: advancementTitle(id),
      description: null,
      category: id.slice(0, id.indexOf(':')),
      source: 'datapack',
      frame: null,
      hidden: false,
      icon_item: null,
      icon: null,
      wiki: null,
      required: -1,
      holders: [],
      holder_at: [],
    })),
  ];
  const indexOf = new Map(advancements.map((a, i) => [a.id, i]));
  const definitions = new Map(vanilla.map((a) => [a.id, a]));

  const playerAdvancements: number[][] = [];
  const earned: number[] = [];
  const table = `${dataVersions.join(',')}\n${advancements.map((a) => a.id).join('\n')}`;
  const rows = rowsFor(table);
  players.forEach((player, p) => {
    const key = keys[p]!;
    let row = key !== null ? rows.get(key) : undefined;
    if (row === undefined) {
      const packed = packedPartsOf(player)?.advancements;
      row = playerRow(packed ? unpackAdvancements(packed) : player.advancements, indexOf, definitions);
      if (key !== null) rows.set(key, row);
    }
    playerAdvancements.push(row.flat);
    earned.push(row.vanillaDone);
  });
  if (memo !== undefined && memo.table === table && samePlayers(memo, players, nameRank)) {
    patchHolders(advancements, memo, playerAdvancements, nameRank);
  } else {
    fillHolders(advancements, playerAdvancements, nameRank);
  }
  for (const advancement of advancements) {
    stableNumbers(advancement.holders);
    stableNumbers(advancement.holder_at);
  }
  memos.set(advancements, { table, uuids: players.map((p) => p.uuid), nameRank: Int32Array.from(nameRank), keys, counts: held.counts, ids: held.ids, rows: playerAdvancements, advancements });
  lastBuilt = new WeakRef(advancements);
  return { advancements, playerAdvancements, earned };
}

/** What the last build left, for the next one to patch its holders (see `patchHolders`). */
interface HoldersMemo {
  /** Data versions and advancement ids: the table the indexes refer to. */
  table: string;
  uuids: readonly string[];
  nameRank: Int32Array;
  /** Each player's entries key (see `entryKey`). */
  keys: readonly (object | null)[];
  /** Players holding each advancement id (recipes included), of every id held. */
  counts: ReadonlyMap<string, number>;
  /** Each player's held ids at that build. */
  ids: readonly (readonly string[])[];
  /** Each player's row, by identity: the same object while the advancements file is unchanged. */
  rows: readonly (readonly number[])[];
  advancements: readonly SnapshotAdvancement[];
}

/**
 * What stays the same object while a player's advancements file is unchanged: the packed
 * summary, or frozen entries; null for entries that may change under us (never cached by).
 */
function entryKey(player: PlayerSave): object | null {
  const packed = packedPartsOf(player);
  if (packed !== undefined) return packed.advancements;
  return Object.isFrozen(player.advancements) ? player.advancements : null;
}

/** The distinct namespaced ids of a key's entries, computed once per key. */
const idsByKey = new WeakMap<object, readonly string[]>();

function heldIdsOf(player: PlayerSave, key: object | null): readonly string[] {
  let ids = key === null ? undefined : idsByKey.get(key);
  if (ids !== undefined) return ids;
  const held = new Set<string>();
  const packed = packedPartsOf(player)?.advancements;
  if (packed) {
    const { data } = packed;
    for (let o = 0; o < data.length; o += 4 + 2 * data[o + 3]!) held.add(namespacedId(data[o]!));
  } else {
    for (const entry of player.advancements) held.add(namespacedAdvancementId(entry.id));
  }
  ids = [...held];
  if (key !== null) idsByKey.set(key, ids);
  return ids;
}

/**
 * Each player's held ids, and how many players hold each id: from the last build's when the
 * same players are read again (only changed entries are recounted), else from every player.
 */
function heldCounts(
  players: readonly PlayerSave[],
  keys: readonly (object | null)[],
  memo: HoldersMemo | undefined,
): { counts: Map<string, number>; ids: (readonly string[])[] } {
  const add = (counts: Map<string, number>, ids: readonly string[], by: number): void => {
    for (const id of ids) counts.set(id, (counts.get(id) ?? 0) + by);
  };
  if (memo !== undefined && memo.uuids.length === players.length && players.every((player, p) => memo.uuids[p] === player.uuid)) {
    const counts = new Map(memo.counts);
    const ids: (readonly string[])[] = [];
    let recounted = 0;
    players.forEach((player, p) => {
      const key = keys[p]!;
      if (key !== null && key === memo.keys[p]) {
        ids.push(memo.ids[p]!);
        return;
      }
      recounted++;
      const now = heldIdsOf(player, key);
      add(counts, memo.ids[p]!, -1);
      add(counts, now, 1);
      ids.push(now);
    });
    if (recounted <= players.length * PATCH_SHARE) return { counts, ids };
  }
  const counts = new Map<string, number>();
  const ids = players.map((player, p) => heldIdsOf(player, keys[p]!));
  for (const held of ids) add(counts, held, 1);
  return { counts, ids };
}

/** Kept as long as the advancements it describes are (the snapshot holding them). */
const memos = new WeakMap<readonly SnapshotAdvancement[], HoldersMemo>();
let lastBuilt: WeakRef<readonly SnapshotAdvancement[]> | null = null;

/** Above this share of changed players the holders are gathered, and held ids counted, from scratch. */
const PATCH_SHARE = 1 / 8;

function samePlayers(memo: HoldersMemo, players: readonly PlayerSave[], nameRank: ArrayLike<number>): boolean {
  if (memo.uuids.length !== players.length) return false;
  for (let p = 0; p < players.length; p++) if (memo.uuids[p] !== players[p]!.uuid || memo.nameRank[p] !== nameRank[p]) return false;
  return true;
}

/**
 * Holders as `fillHolders` gives them, from the last build's: an advancement no changed player
 * held or holds keeps its arrays; one they did keeps its other holders' order and has theirs
 * merged in. Gathers from scratch when too many players changed.
 */
function patchHolders(
  advancements: SnapshotAdvancement[],
  memo: HoldersMemo,
  rows: readonly (readonly number[])[],
  nameRank: ArrayLike<number>,
): void {
  const changed: number[] = [];
  for (let p = 0; p < rows.length; p++) if (rows[p] !== memo.rows[p]) changed.push(p);
  if (changed.length > rows.length * PATCH_SHARE) {
    fillHolders(advancements, rows, nameRank);
    return;
  }
  const isChanged = new Uint8Array(rows.length);
  const touched = new Uint8Array(advancements.length);
  /** Per advancement, the changed players' completions now: [player, at, …]. */
  const added = new Map<number, number[]>();
  for (const p of changed) {
    isChanged[p] = 1;
    const before = memo.rows[p]!;
    for (let o = 0; o < before.length && before[o + 1] === 1; o += PLAYER_ADVANCEMENT_STRIDE) touched[before[o]!] = 1;
    const now = rows[p]!;
    for (let o = 0; o < now.length && now[o + 1] === 1; o += PLAYER_ADVANCEMENT_STRIDE) {
      const a = now[o]!;
      touched[a] = 1;
      let list = added.get(a);
      if (list === undefined) added.set(a, (list = []));
      list.push(p, now[o + 2]!);
    }
  }
  advancements.forEach((advancement, a) => {
    const previous = memo.advancements[a]!;
    if (!touched[a]) {
      advancement.holders = previous.holders;
      advancement.holder_at = previous.holder_at;
      return;
    }
    // The changed players' completions in earn order, then merged with the others'.
    const pairs = added.get(a) ?? [];
    const order: number[] = [];
    for (let i = 0; i < pairs.length; i += 2) order.push(i);
    const earlier = (p: number, at: number, q: number, bt: number): number => byTimeAsc(at, bt) || nameRank[p]! - nameRank[q]!;
    order.sort((i, j) => earlier(pairs[i]!, pairs[i + 1]!, pairs[j]!, pairs[j + 1]!));
    const holders: number[] = [];
    const holderAt: number[] = [];
    let k = 0;
    const takeAdded = (): void => {
      holders.push(pairs[order[k]!]!);
      holderAt.push(pairs[order[k++]! + 1]!);
    };
    for (let i = 0; i < previous.holders.length; i++) {
      const p = previous.holders[i]!;
      if (isChanged[p]) continue;
      const at = previous.holder_at[i]!;
      while (k < order.length && earlier(pairs[order[k]!]!, pairs[order[k]! + 1]!, p, at) < 0) takeAdded();
      holders.push(p);
      holderAt.push(at);
    }
    while (k < order.length) takeAdded();
    advancement.holders = holders;
    advancement.holder_at = holderAt;
  });
}

/**
 * Fills every advancement's holders and their times, in earn order: earliest first, unknown
 * times last, name order inside a tie. The completed entries of every player's row (they come
 * first in it) are grouped by advancement with a counting sort, then each group is put in order.
 */
function fillHolders(advancements: SnapshotAdvancement[], rows: readonly (readonly number[])[], nameRank: ArrayLike<number>): void {
  const starts = new Int32Array(advancements.length + 1);
  for (const flat of rows) {
    for (let o = 0; o < flat.length && flat[o + 1] === 1; o += PLAYER_ADVANCEMENT_STRIDE) starts[flat[o]! + 1]!++;
  }
  for (let a = 0; a < advancements.length; a++) starts[a + 1]! += starts[a]!;
  const holderOf = new Int32Array(starts[advancements.length]!);
  const atOf = new Float64Array(holderOf.length);
  const next = starts.slice(0, advancements.length);
  rows.forEach((flat, p) => {
    for (let o = 0; o < flat.length && flat[o + 1] === 1; o += PLAYER_ADVANCEMENT_STRIDE) {
      const i = next[flat[o]!]!++;
      holderOf[i] = p;
      atOf[i] = flat[o + 2]!;
    }
  });

  const playerAt = byNameRank(nameRank);
  const keys = new Float64Array(holderOf.length);
  advancements.forEach((advancement, a) => {
    const start = starts[a]!;
    const count = starts[a + 1]! - start;
    const holders: number[] = [];
    const holderAt: number[] = [];
    // Keys: the time in whole seconds (the game writes seconds), unknown after every time.
    let packable = fitsPlayers(rows.length);
    for (let i = 0; i < count && packable; i++) {
      const at = atOf[start + i]!;
      const major = at === -1 ? MAJOR_LIMIT - 1 : at / 1000;
      if (major === MAJOR_LIMIT - 1 && at !== -1) packable = false;
      else if (fitsMajor(major)) keys[i] = sortKey(major, nameRank[holderOf[start + i]!]!);
      else packable = false;
    }
    if (packable) {
      const sorted = keys.subarray(0, count).sort();
      for (let i = 0; i < count; i++) {
        const key = sorted[i]!;
        const major = keyMajor(key);
        holders.push(playerAt[keyRank(key)]!);
        holderAt.push(major === MAJOR_LIMIT - 1 ? -1 : major * 1000);
      }
    } else {
      const order = Array.from({ length: count }, (_, i) => start + i);
      order.sort((i, j) => byTimeAsc(atOf[i]!, atOf[j]!) || nameRank[holderOf[i]!]! - nameRank[holderOf[j]!]!);
      for (const i of order) {
        holders.push(holderOf[i]!);
        holderAt.push(atOf[i]!);
      }
    }
    advancement.holders = holders;
    advancement.holder_at = holderAt;
  });
}

/** One player's part of the advancement table, for a given table. */
interface PlayerRow {
  /** Flat stride-5 entries, completed first, newest first (shared between snapshots: never modified). */
  flat: number[];
  /** Completed vanilla advancements. */
  vanillaDone: number;
}

/** Rows per table (data versions and advancement ids), weakly keyed by the players' entries; a few tables at most. */
const rowsByTable = new Map<string, WeakMap<object, PlayerRow>>();
const MAX_TABLES = 4;

function rowsFor(table: string): WeakMap<object, PlayerRow> {
  let rows = rowsByTable.get(table);
  if (rows === undefined) {
    rows = new WeakMap();
    if (rowsByTable.size >= MAX_TABLES) rowsByTable.delete(rowsByTable.keys().next().value as string);
    rowsByTable.set(table, rows);
  }
  return rows;
}

/** Namespaced advancement ids by string number (a packed file holds ids as written). */
const namespaced: string[] = [];

function namespacedId(stringId: number): string {
  return (namespaced[stringId] ??= namespacedAdvancementId(sharedStrings.at(stringId)));
}

function playerRow(
  entriesOf: readonly AdvancementProgress[],
  indexOf: ReadonlyMap<string, number>,
  definitions: ReadonlyMap<string, AdvancementDefinition>,
): PlayerRow {
  const entries: number[][] = [];
  let vanillaDone = 0;
  for (const entry of entriesOf) {
    const id = namespacedAdvancementId(entry.id);
    const index = indexOf.get(id);
    if (index === undefined) continue; // a recipe
    const def = definitions.get(id);
    const progress = def
      ? requirementProgress(def.requirements, entry.criteria, def.criteria)
      : { obtained: Object.keys(entry.criteria).length, required: -1 };
    const at = entry.done ? (entry.doneAt ?? -1) : latest(entry.criteria);
    entries.push([index, entry.done ? 1 : 0, at, progress.obtained, progress.required]);
    if (entry.done && def) vanillaDone++;
  }
  // Completed first, newest first; unknown times last; advancement order inside a tie.
  entries.sort((a, b) => b[1]! - a[1]! || byTimeDesc(a[2]!, b[2]!) || a[0]! - b[0]!);
  // Preallocated and filled by index, not pushed: V8 then keeps the times as unboxed doubles
  // (pushing left most rows as arrays of boxed numbers, three times the memory).
  const flat = new Array<number>(entries.length * PLAYER_ADVANCEMENT_STRIDE);
  for (let i = 0; i < entries.length; i++) {
    const e = entries[i]!;
    for (let k = 0; k < PLAYER_ADVANCEMENT_STRIDE; k++) flat[i * PLAYER_ADVANCEMENT_STRIDE + k] = e[k]!;
  }
  return { flat: stableNumbers(flat), vanillaDone };
}

/** Latest criterion time, or -1 with none. */
function latest(criteria: Readonly<Record<string, number>>): number {
  let max = -1;
  for (const key in criteria) {
    const t = criteria[key]!;
    if (Number.isFinite(t) && t > max) max = t;
  }
  return max;
}

/** Newest first, with -1 (unknown) after every known time. */
function byTimeDesc(a: number, b: number): number {
  if (a === b) return 0;
  if (a === -1) return 1;
  if (b === -1) return -1;
  return b - a;
}

/** Oldest first, with -1 (unknown) after every known time. */
function byTimeAsc(a: number, b: number): number {
  if (a === b) return 0;
  if (a === -1) return 1;
  if (b === -1) return -1;
  return a - b;
}

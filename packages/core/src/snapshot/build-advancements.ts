import { packedPartsOf, sharedStrings, unpackAdvancements } from '../save/packed.js';
import type { AdvancementProgress, PlayerSave } from '../save/types.js';
import type { AdvancementDefinition } from '../catalogue/types.js';
import { vanillaAdvancementsFor } from '../catalogue/advancement-source.js';
import { isRecipeId } from '../save/is-recipe-id.js';
import { namespacedAdvancementId } from '../catalogue/advancement-catalogue.js';
import { advancementTitle } from './advancement-title.js';
import { stableArray } from './content-hash.js';
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
  const heldIds = new Set<string>();
  for (const player of players) {
    const packed = packedPartsOf(player);
    if (packed === undefined) {
      for (const entry of player.advancements) heldIds.add(namespacedAdvancementId(entry.id));
    } else if (packed.advancements !== null) {
      const { data } = packed.advancements;
      for (let o = 0; o < data.length; o += 4 + 2 * data[o + 3]!) heldIds.add(namespacedId(data[o]!));
    }
  }

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
  const rows = rowsFor(`${dataVersions.join(',')}\n${advancements.map((a) => a.id).join('\n')}`);
  players.forEach((player) => {
    // Packed summaries and frozen entries come from the reader's parse cache and stay the same
    // object while the player's advancements file is unchanged: with the same table, the row is
    // the same.
    const packed = packedPartsOf(player);
    const key: object | null = packed !== undefined ? packed.advancements : Object.isFrozen(player.advancements) ? player.advancements : null;
    let row = key !== null ? rows.get(key) : undefined;
    if (row === undefined) {
      row = playerRow(packed?.advancements ? unpackAdvancements(packed.advancements) : player.advancements, indexOf, definitions);
      if (key !== null) rows.set(key, row);
    }
    playerAdvancements.push(row.flat);
    earned.push(row.vanillaDone);
  });
  fillHolders(advancements, playerAdvancements, nameRank);
  return { advancements, playerAdvancements, earned };
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
    const holders = new Array<number>(count);
    const holderAt = new Array<number>(count);
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
        holders[i] = playerAt[keyRank(key)]!;
        holderAt[i] = major === MAJOR_LIMIT - 1 ? -1 : major * 1000;
      }
    } else {
      const order = Array.from({ length: count }, (_, i) => start + i);
      order.sort((i, j) => byTimeAsc(atOf[i]!, atOf[j]!) || nameRank[holderOf[i]!]! - nameRank[holderOf[j]!]!);
      order.forEach((i, k) => {
        holders[k] = holderOf[i]!;
        holderAt[k] = atOf[i]!;
      });
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
  return { flat: stableArray(flat), vanillaDone };
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

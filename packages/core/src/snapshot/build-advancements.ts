import type { AdvancementProgress, PlayerSave } from '../save/types.js';
import type { AdvancementDefinition } from '../catalogue/types.js';
import { vanillaAdvancementsFor } from '../catalogue/advancement-source.js';
import { isRecipeId } from '../save/is-recipe-id.js';
import { namespacedAdvancementId } from '../catalogue/advancement-catalogue.js';
import { advancementTitle } from './advancement-title.js';
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
  for (const player of players) for (const entry of player.advancements) heldIds.add(namespacedAdvancementId(entry.id));

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
  players.forEach((player, p) => {
    // Frozen entries come from the reader's parse cache and stay the same array while the
    // player's advancements file is unchanged: with the same table, the row is the same.
    const reusable = Object.isFrozen(player.advancements);
    let row = reusable ? rows.get(player.advancements) : undefined;
    if (row === undefined) {
      row = playerRow(player, indexOf, definitions);
      if (reusable) rows.set(player.advancements, row);
    }
    const { done } = row;
    for (let i = 0; i < done.length; i += 2) {
      const advancement = advancements[done[i]!]!;
      advancement.holders.push(p);
      advancement.holder_at.push(done[i + 1]!);
    }
    playerAdvancements.push(row.flat);
    earned.push(row.vanillaDone);
  });

  for (const advancement of advancements) sortHolders(advancement, nameRank);
  return { advancements, playerAdvancements, earned };
}

/** One player's part of the advancement table, for a given table. */
interface PlayerRow {
  /** Flat stride-5 entries, completed first, newest first (frozen: shared between snapshots). */
  flat: number[];
  /** Completed entries as flat `[advancement index, at]` pairs, in file order. */
  done: number[];
  /** Completed vanilla advancements. */
  vanillaDone: number;
}

/** Rows per table (data versions and advancement ids), weakly keyed by the players' entries; a few tables at most. */
const rowsByTable = new Map<string, WeakMap<readonly AdvancementProgress[], PlayerRow>>();
const MAX_TABLES = 4;

function rowsFor(table: string): WeakMap<readonly AdvancementProgress[], PlayerRow> {
  let rows = rowsByTable.get(table);
  if (rows === undefined) {
    rows = new WeakMap();
    if (rowsByTable.size >= MAX_TABLES) rowsByTable.delete(rowsByTable.keys().next().value as string);
    rowsByTable.set(table, rows);
  }
  return rows;
}

function playerRow(
  player: PlayerSave,
  indexOf: ReadonlyMap<string, number>,
  definitions: ReadonlyMap<string, AdvancementDefinition>,
): PlayerRow {
  const entries: number[][] = [];
  const done: number[] = [];
  let vanillaDone = 0;
  for (const entry of player.advancements) {
    const id = namespacedAdvancementId(entry.id);
    const index = indexOf.get(id);
    if (index === undefined) continue; // a recipe
    const def = definitions.get(id);
    const progress = def
      ? requirementProgress(def.requirements, entry.criteria, def.criteria)
      : { obtained: Object.keys(entry.criteria).length, required: -1 };
    const at = entry.done ? (entry.doneAt ?? -1) : latest(entry.criteria);
    entries.push([index, entry.done ? 1 : 0, at, progress.obtained, progress.required]);
    if (entry.done) {
      done.push(index, at);
      if (def) vanillaDone++;
    }
  }
  // Completed first, newest first; unknown times last; advancement order inside a tie.
  entries.sort((a, b) => b[1]! - a[1]! || byTimeDesc(a[2]!, b[2]!) || a[0]! - b[0]!);
  const flat = new Array<number>(entries.length * PLAYER_ADVANCEMENT_STRIDE);
  entries.forEach((e, i) => {
    for (let k = 0; k < PLAYER_ADVANCEMENT_STRIDE; k++) flat[i * PLAYER_ADVANCEMENT_STRIDE + k] = e[k]!;
  });
  return { flat: Object.freeze(flat) as number[], done, vanillaDone };
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

/** Earn order: earliest first, unknown times last, name order inside a tie. */
function sortHolders(advancement: SnapshotAdvancement, nameRank: ArrayLike<number>): void {
  const order = advancement.holders.map((_, i) => i);
  const { holders, holder_at: at } = advancement;
  order.sort((i, j) => byTimeAsc(at[i]!, at[j]!) || nameRank[holders[i]!]! - nameRank[holders[j]!]!);
  advancement.holders = order.map((i) => holders[i]!);
  advancement.holder_at = order.map((i) => at[i]!);
}

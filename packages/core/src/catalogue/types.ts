/** Types of the data tables that describe the game: tracked statistics and advancements. */

/** Native unit of a statistic's value (SPEC.md unit table). */
export type Unit = 'int' | 'cm' | 'ticks' | 'tenths_of_heart';

/**
 * Where a tracked statistic's value comes from in a player's raw counters. The value is the sum
 * over every `(type, key)` pair listed, plus, when `allKeys` is set, every key of that type.
 */
export interface StatSource {
  /** Stat type id, e.g. `minecraft:custom`, `minecraft:mined`, `minecraft:killed`. */
  type: string;
  /** Registry ids summed, e.g. `['minecraft:play_time', 'minecraft:play_one_minute']`. */
  keys?: string[];
  /** Sum every key of the type (e.g. all blocks mined). */
  allKeys?: boolean;
}

/** One of the 217 tracked statistics. */
export interface StatDefinition {
  /** snake_case id: the vanilla path for `minecraft:custom` stats (`jump`), descriptive otherwise. */
  id: string;
  title: string;
  description: string | null;
  unit: Unit;
  /** Grouping for people (e.g. `general`, `distance`, `mining`, `combat`, `crafting`). */
  category: string;
  sources: StatSource[];
}

/** Advancement tab. */
export type AdvancementCategory = 'story' | 'nether' | 'end' | 'adventure' | 'husbandry';

/** A vanilla advancement, as the game defines it. */
export interface AdvancementDefinition {
  /** Namespaced id, e.g. `minecraft:story/mine_stone`. */
  id: string;
  category: AdvancementCategory;
  title: string;
  description: string;
  /** Item id of the icon, e.g. `minecraft:stone_pickaxe`. */
  icon: string;
  frame: 'task' | 'goal' | 'challenge';
  hidden: boolean;
  parent: string | null;
  isRoot: boolean;
  /** Criterion names of the newest version that has this advancement. */
  criteria: string[];
  /** Requirement groups: each group is met by any one of its criteria; all groups are needed. */
  requirements: string[][];
  /** First DataVersion that has it (0 when it predates 1.20, the oldest version catalogued). */
  addedInDataVersion: number;
  /** First DataVersion that no longer has it, or null while it still exists. */
  removedInDataVersion: number | null;
  /** Minecraft Wiki page for it. */
  wiki: string;
}

/**
 * The 22 progression beats of a player's milestones, in story order (DECISIONS 17; SPEC
 * "Milestone beats: 22"). Each is a vanilla advancement id; a beat is reached when the player
 * completed that advancement.
 *
 * @example
 * ```ts
 * import { milestoneBeats, findAdvancement } from '@blockstats/core';
 * milestoneBeats.length; // 22
 * milestoneBeats.map((id) => findAdvancement(id)!.title); // ['Stone Age', 'Getting an Upgrade', …]
 * ```
 */
export const milestoneBeats: readonly string[] = Object.freeze([
  'minecraft:story/mine_stone',
  'minecraft:story/upgrade_tools',
  'minecraft:story/smelt_iron',
  'minecraft:story/obtain_armor',
  'minecraft:story/iron_tools',
  'minecraft:story/mine_diamond',
  'minecraft:story/enter_the_nether',
  'minecraft:story/enchant_item',
  'minecraft:nether/find_fortress',
  'minecraft:nether/obtain_blaze_rod',
  'minecraft:story/follow_ender_eye',
  'minecraft:story/enter_the_end',
  'minecraft:end/kill_dragon',
  'minecraft:end/enter_end_gateway',
  'minecraft:end/find_end_city',
  'minecraft:end/elytra',
  'minecraft:nether/obtain_ancient_debris',
  'minecraft:nether/netherite_armor',
  'minecraft:nether/summon_wither',
  'minecraft:nether/create_full_beacon',
  'minecraft:adventure/kill_all_mobs',
  'minecraft:adventure/adventuring_time',
]);

import { advancementCatalogue, statCatalogue, type AdvancementDefinition } from '@blockstats/core';

// Game-shaped vocabularies for the bench generator: recipe unlocks (the bulk of an advancement
// file), block/item/mob ids for stats files, and the vanilla advancements. Recipe ids are built
// from material × shape tables so their count (~1,450, as in 1.21.11) and lengths are realistic;
// the exact set does not matter to the reader, only the shape and the volume of the text.

/** One recipe unlock: `minecraft:recipes/<group>/<name>` unlocked by criterion `has_<x>`. */
export interface BenchRecipe {
  id: string;
  /** The item id the recipe book keeps in the player's `.dat` (`minecraft:<name>`). */
  item: string;
  criterion: string;
}

/** 1.21.11 has about this many recipe advancements (the demo table lists 1,458). */
export const RECIPE_COUNT = 1458;

const WOODS = ['oak', 'spruce', 'birch', 'jungle', 'acacia', 'dark_oak', 'mangrove', 'cherry', 'pale_oak', 'bamboo', 'crimson', 'warped'];
const WOOD_SHAPES: Array<[group: string, shape: string]> = [
  ['building_blocks', 'planks'], ['building_blocks', 'slab'], ['building_blocks', 'stairs'], ['building_blocks', 'wood'],
  ['building_blocks', 'stripped_wood'], ['decorations', 'fence'], ['redstone', 'fence_gate'], ['redstone', 'door'],
  ['redstone', 'trapdoor'], ['redstone', 'button'], ['redstone', 'pressure_plate'], ['decorations', 'sign'],
  ['decorations', 'hanging_sign'], ['transportation', 'boat'], ['transportation', 'chest_boat'], ['decorations', 'shelf'],
];
const TOOL_MATERIALS = ['wooden', 'stone', 'copper', 'iron', 'golden', 'diamond'];
const TOOLS: Array<[group: string, shape: string]> = [
  ['tools', 'pickaxe'], ['tools', 'axe'], ['tools', 'shovel'], ['tools', 'hoe'], ['combat', 'sword'],
  ['combat', 'helmet'], ['combat', 'chestplate'], ['combat', 'leggings'], ['combat', 'boots'],
];
const STONES = [
  'stone', 'cobblestone', 'mossy_cobblestone', 'smooth_stone', 'stone_brick', 'mossy_stone_brick', 'granite',
  'polished_granite', 'diorite', 'polished_diorite', 'andesite', 'polished_andesite', 'cobbled_deepslate',
  'polished_deepslate', 'deepslate_brick', 'deepslate_tile', 'brick', 'mud_brick', 'sandstone', 'smooth_sandstone',
  'cut_sandstone', 'red_sandstone', 'smooth_red_sandstone', 'cut_red_sandstone', 'prismarine', 'prismarine_brick',
  'dark_prismarine', 'nether_brick', 'red_nether_brick', 'blackstone', 'polished_blackstone',
  'polished_blackstone_brick', 'end_stone_brick', 'purpur', 'quartz', 'smooth_quartz', 'tuff', 'polished_tuff',
  'tuff_brick', 'resin_brick',
];
const STONE_SHAPES = ['slab', 'stairs', 'wall'];
const COLORS = [
  'white', 'orange', 'magenta', 'light_blue', 'yellow', 'lime', 'pink', 'gray', 'light_gray', 'cyan', 'purple',
  'blue', 'brown', 'green', 'red', 'black',
];
const COLOR_SHAPES: Array<[group: string, shape: string]> = [
  ['building_blocks', 'wool'], ['decorations', 'carpet'], ['decorations', 'bed'], ['decorations', 'banner'],
  ['building_blocks', 'stained_glass'], ['decorations', 'stained_glass_pane'], ['building_blocks', 'terracotta'],
  ['building_blocks', 'concrete_powder'], ['decorations', 'candle'], ['misc', 'dye'], ['decorations', 'shulker_box'],
  ['tools', 'bundle'], ['decorations', 'harness'],
];
const COPPERS = ['', 'exposed_', 'weathered_', 'oxidized_', 'waxed_', 'waxed_exposed_', 'waxed_weathered_', 'waxed_oxidized_'];
const COPPER_SHAPES = ['cut_copper', 'cut_copper_slab', 'cut_copper_stairs', 'copper_door', 'copper_trapdoor', 'copper_grate', 'copper_bulb', 'chiseled_copper', 'copper_chest', 'copper_lantern'];
const MISC = [
  'crafting_table', 'furnace', 'chest', 'torch', 'stick', 'bread', 'bowl', 'ladder', 'barrel', 'smoker',
  'blast_furnace', 'campfire', 'lantern', 'bucket', 'shears', 'flint_and_steel', 'compass', 'clock', 'map',
  'fishing_rod', 'bow', 'arrow', 'shield', 'crossbow', 'anvil', 'enchanting_table', 'bookshelf', 'book',
  'paper', 'lectern', 'loom', 'stonecutter', 'grindstone', 'cartography_table', 'smithing_table', 'composter',
  'hopper', 'dropper', 'dispenser', 'observer', 'piston', 'sticky_piston', 'repeater', 'comparator', 'lever',
  'redstone_torch', 'redstone_lamp', 'daylight_detector', 'note_block', 'jukebox', 'tnt', 'rail', 'powered_rail',
  'detector_rail', 'activator_rail', 'minecart', 'chest_minecart', 'furnace_minecart', 'hopper_minecart',
  'tnt_minecart', 'cake', 'cookie', 'pumpkin_pie', 'golden_apple', 'golden_carrot', 'mushroom_stew',
  'rabbit_stew', 'beetroot_soup', 'suspicious_stew', 'honey_bottle', 'sugar', 'glass', 'glass_pane',
  'iron_bars', 'iron_block', 'gold_block', 'diamond_block', 'emerald_block', 'lapis_block', 'coal_block',
  'redstone_block', 'copper_block', 'netherite_block', 'iron_ingot_from_iron_block', 'gold_ingot_from_gold_block',
  'iron_nugget', 'gold_nugget', 'iron_ingot_from_nuggets', 'gold_ingot_from_nuggets', 'beacon', 'conduit',
  'end_crystal', 'ender_chest', 'ender_eye', 'respawn_anchor', 'lodestone', 'target', 'beehive', 'scaffolding',
  'spyglass', 'lightning_rod', 'recovery_compass', 'brush', 'decorated_pot', 'crafter', 'mace', 'wind_charge',
];
const SMELTABLES: ReadonlyArray<readonly [output: string, input: string]> = [
  ['iron_ingot', 'raw_iron'], ['iron_ingot', 'iron_ore'], ['iron_ingot', 'deepslate_iron_ore'],
  ['gold_ingot', 'raw_gold'], ['gold_ingot', 'gold_ore'], ['gold_ingot', 'deepslate_gold_ore'],
  ['copper_ingot', 'raw_copper'], ['copper_ingot', 'copper_ore'], ['copper_ingot', 'deepslate_copper_ore'],
  ['coal', 'coal_ore'], ['coal', 'deepslate_coal_ore'], ['diamond', 'diamond_ore'], ['diamond', 'deepslate_diamond_ore'],
  ['emerald', 'emerald_ore'], ['lapis_lazuli', 'lapis_ore'], ['redstone', 'redstone_ore'], ['netherite_scrap', 'ancient_debris'],
  ['cooked_beef', 'beef'], ['cooked_porkchop', 'porkchop'], ['cooked_chicken', 'chicken'], ['cooked_mutton', 'mutton'],
  ['cooked_rabbit', 'rabbit'], ['cooked_cod', 'cod'], ['cooked_salmon', 'salmon'], ['baked_potato', 'potato'],
  ['dried_kelp', 'kelp'], ['charcoal', 'oak_log'], ['glass', 'sand'], ['smooth_stone', 'stone'], ['stone', 'cobblestone'],
];

function buildRecipes(): BenchRecipe[] {
  const recipes: BenchRecipe[] = [];
  const seen = new Set<string>();
  const add = (group: string, name: string, criterion: string): void => {
    if (seen.has(name)) return;
    seen.add(name);
    recipes.push({ id: `minecraft:recipes/${group}/${name}`, item: `minecraft:${name}`, criterion: `has_${criterion}` });
  };
  // Roughly in the order players unlock them: wood and tools first, decoration and copper last.
  for (const wood of WOODS.slice(0, 4)) for (const [group, shape] of WOOD_SHAPES) add(group, `${wood}_${shape}`, shape === 'planks' ? 'log' : 'planks');
  for (const material of TOOL_MATERIALS) for (const [group, shape] of TOOLS) add(group, `${material}_${shape}`, material === 'wooden' ? 'planks' : material);
  for (const name of MISC.slice(0, 40)) add('misc', name, name.split('_')[0] as string);
  for (const [output, input] of SMELTABLES) {
    add('misc', `${output}_from_smelting_${input}`, input);
    add('misc', `${output}_from_blasting_${input}`, input);
    add('food', `${output}_from_smoking_${input}`, input);
    add('food', `${output}_from_campfire_cooking_${input}`, input);
  }
  for (const stone of STONES) {
    for (const shape of STONE_SHAPES) {
      add('building_blocks', `${stone}_${shape}`, stone);
      add('building_blocks', `${stone}_${shape}_from_${stone}_stonecutting`, stone);
    }
  }
  for (const wood of WOODS.slice(4)) for (const [group, shape] of WOOD_SHAPES) add(group, `${wood}_${shape}`, shape === 'planks' ? 'log' : 'planks');
  for (const name of MISC.slice(40)) add('redstone', name, name.split('_')[0] as string);
  for (const color of COLORS) {
    for (const [group, shape] of COLOR_SHAPES) add(group, `${color}_${shape}`, `${color}_dye`);
    for (const shape of ['wool', 'bed', 'carpet', 'candle', 'terracotta', 'stained_glass', 'stained_glass_pane', 'shulker_box', 'bundle']) {
      add('building_blocks', `dye_${color}_${shape}`, `${color}_dye`);
    }
    add('misc', `${color}_dye_from_flower`, 'flower');
    add('misc', `${color}_dye_from_mixing`, 'dye');
    add('building_blocks', `${color}_glazed_terracotta_from_smelting`, 'terracotta');
  }
  for (const copper of COPPERS) {
    for (const shape of COPPER_SHAPES) {
      add('building_blocks', `${copper}${shape}`, 'copper_ingot');
      add('building_blocks', `${copper}${shape}_from_${copper}copper_block_stonecutting`, 'copper_block');
    }
  }
  // Whatever is still missing: stonecutting variants between stones, as the game has many of.
  outer: for (const from of STONES) {
    for (const to of STONES) {
      if (recipes.length >= RECIPE_COUNT) break outer;
      if (from !== to) add('building_blocks', `${to}_from_${from}_stonecutting`, from);
    }
  }
  return recipes.slice(0, RECIPE_COUNT);
}

/** Recipe unlocks, commonest first. */
export const RECIPES: readonly BenchRecipe[] = buildRecipes();

const NATURAL_BLOCKS = [
  'stone', 'deepslate', 'dirt', 'grass_block', 'sand', 'gravel', 'netherrack', 'andesite', 'diorite', 'granite',
  'tuff', 'calcite', 'clay', 'snow', 'ice', 'oak_log', 'birch_log', 'spruce_log', 'oak_leaves', 'short_grass',
  'tall_grass', 'fern', 'dandelion', 'poppy', 'sugar_cane', 'kelp', 'seagrass', 'wheat', 'carrots', 'potatoes',
  'pumpkin', 'melon', 'basalt', 'blackstone', 'soul_sand', 'soul_soil', 'end_stone', 'obsidian', 'magma_block',
  'glowstone', 'torch', 'cobweb', 'moss_block', 'dripstone_block', 'pointed_dripstone', 'amethyst_block',
];
const MOBS = [
  'zombie', 'skeleton', 'creeper', 'spider', 'enderman', 'slime', 'witch', 'drowned', 'husk', 'stray', 'phantom',
  'pillager', 'vindicator', 'blaze', 'ghast', 'magma_cube', 'wither_skeleton', 'piglin', 'zombified_piglin',
  'hoglin', 'guardian', 'shulker', 'cow', 'pig', 'sheep', 'chicken', 'rabbit', 'squid', 'cod', 'salmon',
  'villager', 'iron_golem', 'bat', 'silverfish', 'cave_spider', 'breeze', 'bogged', 'ender_dragon', 'wither',
];

/** Registry ids for each stat type, catalogue keys first (so leaderboards get values). */
export interface StatVocabulary {
  custom: readonly string[];
  mined: readonly string[];
  used: readonly string[];
  crafted: readonly string[];
  picked_up: readonly string[];
  dropped: readonly string[];
  broken: readonly string[];
  killed: readonly string[];
  killed_by: readonly string[];
}

function buildVocabulary(): StatVocabulary {
  const byType = new Map<string, Set<string>>();
  for (const def of statCatalogue) {
    for (const source of def.sources) {
      const set = byType.get(source.type) ?? new Set<string>();
      for (const key of source.keys ?? []) set.add(key);
      byType.set(source.type, set);
    }
  }
  const ns = (names: readonly string[]): string[] => names.map((n) => `minecraft:${n}`);
  const items = RECIPES.map((r) => r.item).filter((item) => !item.includes('_from_'));
  const merge = (type: string, ...extra: string[][]): string[] => [...new Set([...(byType.get(`minecraft:${type}`) ?? []), ...extra.flat()])];
  const naturals = ns(NATURAL_BLOCKS);
  return {
    custom: [...(byType.get('minecraft:custom') ?? [])].filter((k) => k !== 'minecraft:play_one_minute'),
    mined: merge('mined', naturals, items.slice(0, 200)),
    used: merge('used', items, naturals),
    crafted: merge('crafted', items),
    picked_up: merge('picked_up', naturals, items.slice(0, 300)),
    dropped: merge('dropped', naturals, items.slice(0, 150)),
    broken: merge('broken', items.filter((i) => /_(pickaxe|axe|shovel|hoe|sword|helmet|chestplate|leggings|boots)$/.test(i))),
    killed: merge('killed', ns(MOBS)),
    killed_by: merge('killed_by', ns(MOBS)),
  };
}

export const STATS: StatVocabulary = buildVocabulary();

/** Vanilla advancements of the newest version, easiest first (roots, then tasks, goals, challenges). */
export const ADVANCEMENTS: readonly AdvancementDefinition[] = [...advancementCatalogue]
  .filter((a) => a.removedInDataVersion === null)
  .sort((a, b) => rank(a) - rank(b));

function rank(a: AdvancementDefinition): number {
  if (a.isRoot) return 0;
  return a.frame === 'task' ? 1 : a.frame === 'goal' ? 2 : 3;
}

/** Inventory item ids for `.dat` files. */
export const INVENTORY_ITEMS: readonly string[] = [...new Set([...STATS.broken, ...STATS.crafted.slice(0, 120), ...ns2(NATURAL_BLOCKS)])];

function ns2(names: readonly string[]): string[] {
  return names.map((n) => `minecraft:${n}`);
}

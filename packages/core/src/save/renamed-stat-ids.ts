/**
 * Every id the game renamed after the 1.13 flattening (DataVersion 1451) up to 1.21.11 (4671)
 * that a statistics file can hold: block ids (`minecraft:mined`), item ids (`crafted`, `used`,
 * `broken`, `picked_up`, `dropped`), entity ids (`killed`, `killed_by`) and custom statistics.
 *
 * The facts are the game's own data fixers: each group below is one fixer of
 * `net.minecraft.util.datafix.DataFixers#addFixers` (1.21.11), identified by the DataVersion of
 * its schema and the name the game gives the fixer, with the renames its map (or the fix
 * class's `RENAMED_IDS`) lists. The game applies a fixer to a file whose `DataVersion` is below
 * the fixer's, in ascending order, each id at most once per fixer; stats files type their keys
 * by registry (schema `V1451_6`: mined → block names, five stat types → item names, killed and
 * killed_by → entity names), so block, item and entity renames reach them, and `StatsRenameFix`
 * renames custom statistics. Read through public decompiled 1.21.11 sources
 * (`DataFixers.java`, `EntityTheRenameningFix`, `RenamedCoralFix`, `RenamedCoralFansFix`,
 * `EntityPufferfishRenameFix`, `EntityCodSalmonFix`, `DyeItemRenameFix`,
 * `EntityRavagerRenameFix`, `EntityZombifiedPiglinRenameFix`, `StatsRenameFix`; e.g.
 * NikitaCartes-archive/MinecraftDeobfuscated-Mojang) and checked against Earthcomputer's
 * world-transmuter (`src/versions/v<N>.rs`) and PaperMC's DataConverter (`V<N>.java`).
 * `release` is the first release whose DataVersion is at or above the fixer's (release
 * DataVersions from PrismarineJS/minecraft-data `protocolVersions.json` and
 * `../shared/vanilla/NOTES.md`). Fixers whose `release` is a later release than the one their
 * old id appeared in renamed snapshot-only ids (`grimstone`, `weathered_copper_block`): kept,
 * since a world first opened in a snapshot writes them.
 *
 * Renames that do not reach statistics are left out on purpose: `CauldronRenameFix` (2679)
 * rewrites block states, not block ids; `BoatSplitFix` (4067) and `ThrownPotionSplitFix`
 * (4306) split entity ids by variant, and boats and thrown potions are never killed nor
 * killers; block-entity, biome, recipe, advancement, attribute and game-event renames are
 * other registries. 1.21.11's fixers end at 4661; none after 4541 renames a stat key.
 *
 * Pre-1.13 flat files are mapped by `legacy-stat-ids.ts` straight to today's names.
 */

/** The registry a stat type's keys belong to. */
export type StatIdRegistry = 'block' | 'item' | 'entity' | 'custom';

/** One data fixer's renames in one registry. */
export interface StatIdRename {
  /** DataVersion of the fixer: files written before it (a lower `DataVersion`) hold the old ids. */
  dataVersion: number;
  /** First release writing the new ids. */
  release: string;
  registry: StatIdRegistry;
  /** Old path → new path (namespace `minecraft:`), applied together: each id renamed at most once. */
  renames: Readonly<Record<string, string>>;
  /** The fixer, by the DataVersion of its schema and the name the game gives it. */
  source: string;
}

/** Stat type → the registry its keys are ids of (DataFixer schema `V1451_6`). */
export const STAT_TYPE_REGISTRIES: Readonly<Record<string, StatIdRegistry>> = {
  'minecraft:mined': 'block',
  'minecraft:crafted': 'item',
  'minecraft:used': 'item',
  'minecraft:broken': 'item',
  'minecraft:picked_up': 'item',
  'minecraft:dropped': 'item',
  'minecraft:killed': 'entity',
  'minecraft:killed_by': 'entity',
  'minecraft:custom': 'custom',
};

const CORALS: Readonly<Record<string, string>> = {
  blue_coral: 'tube_coral_block', pink_coral: 'brain_coral_block', purple_coral: 'bubble_coral_block',
  red_coral: 'fire_coral_block', yellow_coral: 'horn_coral_block',
  blue_coral_plant: 'tube_coral', pink_coral_plant: 'brain_coral', purple_coral_plant: 'bubble_coral',
  red_coral_plant: 'fire_coral', yellow_coral_plant: 'horn_coral',
  blue_coral_fan: 'tube_coral_fan', pink_coral_fan: 'brain_coral_fan', purple_coral_fan: 'bubble_coral_fan',
  red_coral_fan: 'fire_coral_fan', yellow_coral_fan: 'horn_coral_fan',
  blue_dead_coral: 'dead_tube_coral', pink_dead_coral: 'dead_brain_coral', purple_dead_coral: 'dead_bubble_coral',
  red_dead_coral: 'dead_fire_coral', yellow_dead_coral: 'dead_horn_coral',
};

const WOODS = ['oak', 'spruce', 'birch', 'jungle', 'acacia', 'dark_oak'] as const;
/** `EntityTheRenameningFix.RENAMED_BLOCKS`: bark became wood. */
const RENAMENING_BLOCKS: Readonly<Record<string, string>> = {
  portal: 'nether_portal',
  ...Object.fromEntries(WOODS.map((w) => [`${w}_bark`, `${w}_wood`])),
  ...Object.fromEntries(WOODS.map((w) => [`stripped_${w}_bark`, `stripped_${w}_wood`])),
  mob_spawner: 'spawner',
};

/** Copper blocks' weathering stages got their final names in two steps (1.17 snapshots). */
const COPPER_2690: Readonly<Record<string, string>> = {
  weathered_copper_block: 'oxidized_copper_block',
  semi_weathered_copper_block: 'weathered_copper_block',
  lightly_weathered_copper_block: 'exposed_copper_block',
  weathered_cut_copper: 'oxidized_cut_copper',
  semi_weathered_cut_copper: 'weathered_cut_copper',
  lightly_weathered_cut_copper: 'exposed_cut_copper',
  weathered_cut_copper_stairs: 'oxidized_cut_copper_stairs',
  semi_weathered_cut_copper_stairs: 'weathered_cut_copper_stairs',
  lightly_weathered_cut_copper_stairs: 'exposed_cut_copper_stairs',
  weathered_cut_copper_slab: 'oxidized_cut_copper_slab',
  semi_weathered_cut_copper_slab: 'weathered_cut_copper_slab',
  lightly_weathered_cut_copper_slab: 'exposed_cut_copper_slab',
  waxed_semi_weathered_copper: 'waxed_weathered_copper',
  waxed_lightly_weathered_copper: 'waxed_exposed_copper',
  waxed_semi_weathered_cut_copper: 'waxed_weathered_cut_copper',
  waxed_lightly_weathered_cut_copper: 'waxed_exposed_cut_copper',
  waxed_semi_weathered_cut_copper_stairs: 'waxed_weathered_cut_copper_stairs',
  waxed_lightly_weathered_cut_copper_stairs: 'waxed_exposed_cut_copper_stairs',
  waxed_semi_weathered_cut_copper_slab: 'waxed_weathered_cut_copper_slab',
  waxed_lightly_weathered_cut_copper_slab: 'waxed_exposed_cut_copper_slab',
};

const COPPER_2691: Readonly<Record<string, string>> = {
  waxed_copper: 'waxed_copper_block',
  oxidized_copper_block: 'oxidized_copper',
  weathered_copper_block: 'weathered_copper',
  exposed_copper_block: 'exposed_copper',
};

const GRIMSTONE: Readonly<Record<string, string>> = {
  grimstone: 'deepslate',
  grimstone_slab: 'cobbled_deepslate_slab',
  grimstone_stairs: 'cobbled_deepslate_stairs',
  grimstone_wall: 'cobbled_deepslate_wall',
  polished_grimstone: 'polished_deepslate',
  polished_grimstone_slab: 'polished_deepslate_slab',
  polished_grimstone_stairs: 'polished_deepslate_stairs',
  polished_grimstone_wall: 'polished_deepslate_wall',
  grimstone_tiles: 'deepslate_tiles',
  grimstone_tile_slab: 'deepslate_tile_slab',
  grimstone_tile_stairs: 'deepslate_tile_stairs',
  grimstone_tile_wall: 'deepslate_tile_wall',
  grimstone_bricks: 'deepslate_bricks',
  grimstone_brick_slab: 'deepslate_brick_slab',
  grimstone_brick_stairs: 'deepslate_brick_stairs',
  grimstone_brick_wall: 'deepslate_brick_wall',
  chiseled_grimstone: 'chiseled_deepslate',
};

const SHERD_PATTERNS = [
  'angler', 'archer', 'arms_up', 'blade', 'brewer', 'burn', 'danger', 'explorer', 'friend', 'heart',
  'heartbreak', 'howl', 'miner', 'mourner', 'plenty', 'prize', 'sheaf', 'shelter', 'skull', 'snort',
] as const;

/** A block and an item fixer with the same map (the game registers them as two fixers). */
function blockAndItem(dataVersion: number, release: string, renames: Readonly<Record<string, string>>, source: string): StatIdRename[] {
  return [
    { dataVersion, release, registry: 'block', renames, source },
    { dataVersion, release, registry: 'item', renames, source },
  ];
}

/** The table, in the game's order (ascending DataVersion). */
export const RENAMED_STAT_IDS: readonly StatIdRename[] = Object.freeze([
  ...blockAndItem(1474, '1.13', { purple_shulker_box: 'shulker_box' }, '1474 Colorless shulker block/item fixer'),
  { dataVersion: 1475, release: '1.13', registry: 'block', renames: { flowing_water: 'water', flowing_lava: 'lava' }, source: '1475 Flowing fixer' },
  ...blockAndItem(1480, '1.13', CORALS, '1480 Rename coral blocks/items (RenamedCoralFix)'),
  { dataVersion: 1483, release: '1.13', registry: 'entity', renames: { puffer_fish: 'pufferfish' }, source: '1483 EntityPufferfishRenameFix' },
  { dataVersion: 1483, release: '1.13', registry: 'item', renames: { puffer_fish_spawn_egg: 'pufferfish_spawn_egg' }, source: '1483 Rename pufferfish egg item' },
  ...blockAndItem(1484, '1.13', { sea_grass: 'seagrass', tall_sea_grass: 'tall_seagrass' }, '1484 Rename seagrass blocks/items'),
  { dataVersion: 1486, release: '1.13', registry: 'entity', renames: { salmon_mob: 'salmon', cod_mob: 'cod' }, source: '1486 EntityCodSalmonFix' },
  { dataVersion: 1486, release: '1.13', registry: 'item', renames: { salmon_mob_spawn_egg: 'salmon_spawn_egg', cod_mob_spawn_egg: 'cod_spawn_egg' }, source: '1486 Rename cod/salmon egg items' },
  ...blockAndItem(1487, '1.13', { prismarine_bricks_slab: 'prismarine_brick_slab', prismarine_bricks_stairs: 'prismarine_brick_stairs' }, '1487 Rename prismarine_brick(s)_* blocks/items'),
  { dataVersion: 1488, release: '1.13', registry: 'block', renames: { kelp_top: 'kelp', kelp: 'kelp_plant' }, source: '1488 Rename kelp/kelptop' },
  { dataVersion: 1488, release: '1.13', registry: 'item', renames: { kelp_top: 'kelp' }, source: '1488 Rename kelptop' },
  { dataVersion: 1490, release: '1.13', registry: 'block', renames: { melon_block: 'melon' }, source: '1490 Rename melon_block' },
  { dataVersion: 1490, release: '1.13', registry: 'item', renames: { melon_block: 'melon', melon: 'melon_slice', speckled_melon: 'glistering_melon_slice' }, source: '1490 Rename melon_block/melon/speckled_melon' },
  { dataVersion: 1510, release: '1.13', registry: 'block', renames: RENAMENING_BLOCKS, source: '1510 Block renamening fix (EntityTheRenameningFix.RENAMED_BLOCKS)' },
  {
    dataVersion: 1510, release: '1.13', registry: 'item',
    renames: {
      ...RENAMENING_BLOCKS,
      clownfish: 'tropical_fish',
      chorus_fruit_popped: 'popped_chorus_fruit',
      evocation_illager_spawn_egg: 'evoker_spawn_egg',
      vindication_illager_spawn_egg: 'vindicator_spawn_egg',
    },
    source: '1510 Item renamening fix (EntityTheRenameningFix.RENAMED_ITEMS)',
  },
  {
    dataVersion: 1510, release: '1.13', registry: 'entity',
    renames: {
      commandblock_minecart: 'command_block_minecart',
      ender_crystal: 'end_crystal',
      snowman: 'snow_golem',
      evocation_illager: 'evoker',
      evocation_fangs: 'evoker_fangs',
      illusion_illager: 'illusioner',
      vindication_illager: 'vindicator',
      villager_golem: 'iron_golem',
      xp_orb: 'experience_orb',
      xp_bottle: 'experience_bottle',
      eye_of_ender_signal: 'eye_of_ender',
      fireworks_rocket: 'firework_rocket',
    },
    source: '1510 EntityTheRenameningFix.RENAMED_IDS',
  },
  { dataVersion: 1510, release: '1.13', registry: 'custom', renames: { swim_one_cm: 'walk_on_water_one_cm', dive_one_cm: 'walk_under_water_one_cm' }, source: '1510 SwimStatsRenameFix' },
  {
    dataVersion: 1515, release: '1.13', registry: 'block',
    renames: Object.fromEntries(['tube', 'brain', 'bubble', 'fire', 'horn'].map((c) => [`${c}_coral_fan`, `${c}_coral_wall_fan`])),
    source: '1515 Rename coral fan blocks (RenamedCoralFansFix)',
  },
  { dataVersion: 1800, release: '1.14', registry: 'item', renames: { cactus_green: 'green_dye', rose_red: 'red_dye', dandelion_yellow: 'yellow_dye' }, source: '1800 Rename dye items (DyeItemRenameFix)' },
  { dataVersion: 1802, release: '1.14', registry: 'block', renames: { stone_slab: 'smooth_stone_slab', sign: 'oak_sign', wall_sign: 'oak_wall_sign' }, source: '1802 Rename sign blocks & stone slabs' },
  { dataVersion: 1802, release: '1.14', registry: 'item', renames: { stone_slab: 'smooth_stone_slab', sign: 'oak_sign' }, source: '1802 Rename sign item & stone slabs' },
  { dataVersion: 1928, release: '1.14', registry: 'entity', renames: { illager_beast: 'ravager' }, source: '1928 EntityRavagerRenameFix' },
  { dataVersion: 1928, release: '1.14', registry: 'item', renames: { illager_beast_spawn_egg: 'ravager_spawn_egg' }, source: '1928 Rename ravager egg item' },
  ...blockAndItem(2209, '1.15', { bee_hive: 'beehive' }, '2209 Rename bee_hive block/item to beehive'),
  ...blockAndItem(2508, '1.16', { warped_fungi: 'warped_fungus', crimson_fungi: 'crimson_fungus' }, '2508 Renamed fungi blocks/items to fungus'),
  { dataVersion: 2509, release: '1.16', registry: 'entity', renames: { zombie_pigman: 'zombified_piglin' }, source: '2509 EntityZombifiedPiglinRenameFix' },
  { dataVersion: 2509, release: '1.16', registry: 'item', renames: { zombie_pigman_spawn_egg: 'zombified_piglin_spawn_egg' }, source: '2509 Rename zombie pigman egg item' },
  { dataVersion: 2528, release: '1.16', registry: 'block', renames: { soul_fire_torch: 'soul_torch', soul_fire_wall_torch: 'soul_wall_torch', soul_fire_lantern: 'soul_lantern' }, source: '2528 Rename soul fire torch and soul fire lantern (blocks)' },
  { dataVersion: 2528, release: '1.16', registry: 'item', renames: { soul_fire_torch: 'soul_torch', soul_fire_lantern: 'soul_lantern' }, source: '2528 Rename soul fire torch and soul fire lantern (items)' },
  ...blockAndItem(2680, '1.17', { grass_path: 'dirt_path' }, '2680 Renamed grass path block/item to dirt path'),
  ...blockAndItem(2690, '1.17', COPPER_2690, '2690 Renamed copper blocks/items to new oxidized terms'),
  ...blockAndItem(2691, '1.17', COPPER_2691, '2691 Rename copper blocks/items suffixes'),
  ...blockAndItem(2696, '1.17', GRIMSTONE, '2696 Renamed grimstone blocks/items to deepslate'),
  { dataVersion: 2700, release: '1.17', registry: 'block', renames: { cave_vines_head: 'cave_vines', cave_vines_body: 'cave_vines_plant' }, source: '2700 Renamed cave vines blocks' },
  { dataVersion: 2710, release: '1.17', registry: 'custom', renames: { play_one_minute: 'play_time' }, source: '2710 Renamed play_one_minute stat to play_time' },
  ...blockAndItem(2717, '1.17', { azalea_leaves_flowers: 'flowering_azalea_leaves' }, '2717 Rename azalea_leaves_flowers'),
  {
    dataVersion: 3438, release: '1.20', registry: 'item',
    renames: {
      pottery_shard_archer: 'archer_pottery_shard',
      pottery_shard_prize: 'prize_pottery_shard',
      pottery_shard_arms_up: 'arms_up_pottery_shard',
      pottery_shard_skull: 'skull_pottery_shard',
    },
    source: '3438 Pottery shard renaming',
  },
  {
    dataVersion: 3447, release: '1.20', registry: 'item',
    renames: Object.fromEntries(SHERD_PATTERNS.map((p) => [`${p}_pottery_shard`, `${p}_pottery_sherd`])),
    source: '3447 Pottery shard item renaming to Pottery sherd',
  },
  ...blockAndItem(3692, '1.20.3', { grass: 'short_grass' }, '3692 Rename grass block/item to short_grass'),
  { dataVersion: 3800, release: '1.20.5', registry: 'item', renames: { scute: 'turtle_scute' }, source: '3800 Rename scute item to turtle_scute' },
  ...blockAndItem(4541, '1.21.9', { chain: 'iron_chain' }, '4541 Rename chain to iron_chain'),
]);

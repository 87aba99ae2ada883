/**
 * Tables for reading pre-1.13 (flat `stat.*`) statistics files into modern ids.
 *
 * Built from the game's own 1.13 upgrade (the `StatsCounterFix` data fixer) and then tightened:
 * an old key is kept only when it maps one-to-one onto an id that still exists today. The game
 * upgrades an old block/item id to its metadata-0 variant (`wool` → `white_wool`), which would
 * credit every colour of wool to white; those families are dropped instead. Ids the game later
 * renamed again (`zombie_pigman` → `zombified_piglin`, see `renamed-stat-ids.ts`) are given their
 * current name.
 */

/** `stat.<name>` general statistics → `minecraft:custom` ids. */
export const LEGACY_CUSTOM_STATS: Readonly<Record<string, string>> = {
  'stat.leaveGame': 'minecraft:leave_game',
  // StatsCounterFix made it play_one_minute; fixer 2710 renamed that play_time (renamed-stat-ids.ts).
  'stat.playOneMinute': 'minecraft:play_time',
  'stat.timeSinceDeath': 'minecraft:time_since_death',
  'stat.sneakTime': 'minecraft:sneak_time',
  'stat.walkOneCm': 'minecraft:walk_one_cm',
  'stat.crouchOneCm': 'minecraft:crouch_one_cm',
  'stat.sprintOneCm': 'minecraft:sprint_one_cm',
  // swim_one_cm and dive_one_cm by StatsCounterFix, renamed by fixer 1510 (SwimStatsRenameFix) when
  // 1.13 brought swimming and a new swim_one_cm.
  'stat.swimOneCm': 'minecraft:walk_on_water_one_cm',
  'stat.fallOneCm': 'minecraft:fall_one_cm',
  'stat.climbOneCm': 'minecraft:climb_one_cm',
  'stat.flyOneCm': 'minecraft:fly_one_cm',
  'stat.diveOneCm': 'minecraft:walk_under_water_one_cm',
  'stat.minecartOneCm': 'minecraft:minecart_one_cm',
  'stat.boatOneCm': 'minecraft:boat_one_cm',
  'stat.pigOneCm': 'minecraft:pig_one_cm',
  'stat.horseOneCm': 'minecraft:horse_one_cm',
  'stat.aviateOneCm': 'minecraft:aviate_one_cm',
  'stat.jump': 'minecraft:jump',
  'stat.drop': 'minecraft:drop',
  'stat.damageDealt': 'minecraft:damage_dealt',
  'stat.damageTaken': 'minecraft:damage_taken',
  'stat.deaths': 'minecraft:deaths',
  'stat.mobKills': 'minecraft:mob_kills',
  'stat.animalsBred': 'minecraft:animals_bred',
  'stat.playerKills': 'minecraft:player_kills',
  'stat.fishCaught': 'minecraft:fish_caught',
  'stat.talkedToVillager': 'minecraft:talked_to_villager',
  'stat.tradedWithVillager': 'minecraft:traded_with_villager',
  'stat.cakeSlicesEaten': 'minecraft:eat_cake_slice',
  'stat.cauldronFilled': 'minecraft:fill_cauldron',
  'stat.cauldronUsed': 'minecraft:use_cauldron',
  'stat.armorCleaned': 'minecraft:clean_armor',
  'stat.bannerCleaned': 'minecraft:clean_banner',
  'stat.brewingstandInteraction': 'minecraft:interact_with_brewingstand',
  'stat.beaconInteraction': 'minecraft:interact_with_beacon',
  'stat.dropperInspected': 'minecraft:inspect_dropper',
  'stat.hopperInspected': 'minecraft:inspect_hopper',
  'stat.dispenserInspected': 'minecraft:inspect_dispenser',
  'stat.noteblockPlayed': 'minecraft:play_noteblock',
  'stat.noteblockTuned': 'minecraft:tune_noteblock',
  'stat.flowerPotted': 'minecraft:pot_flower',
  'stat.trappedChestTriggered': 'minecraft:trigger_trapped_chest',
  'stat.enderchestOpened': 'minecraft:open_enderchest',
  'stat.itemEnchanted': 'minecraft:enchant_item',
  'stat.recordPlayed': 'minecraft:play_record',
  'stat.furnaceInteraction': 'minecraft:interact_with_furnace',
  'stat.craftingTableInteraction': 'minecraft:interact_with_crafting_table',
  'stat.chestOpened': 'minecraft:open_chest',
  'stat.sleepInBed': 'minecraft:sleep_in_bed',
  'stat.shulkerBoxOpened': 'minecraft:open_shulker_box',
  // stat.junkFished / stat.treasureFished have no modern stat: dropped.
};

/** `stat.<prefix>.minecraft.<id>` → modern stat type over the block/item registry. */
export const LEGACY_REGISTRY_STAT_TYPES: Readonly<Record<string, string>> = {
  'stat.mineBlock': 'minecraft:mined',
  'stat.craftItem': 'minecraft:crafted',
  'stat.useItem': 'minecraft:used',
  'stat.breakItem': 'minecraft:broken',
  'stat.pickup': 'minecraft:picked_up',
  'stat.drop': 'minecraft:dropped',
};

/** `stat.<prefix>.<EntityName>` → modern stat type over the entity registry. */
export const LEGACY_ENTITY_STAT_TYPES: Readonly<Record<string, string>> = {
  'stat.killEntity': 'minecraft:killed',
  'stat.entityKilledBy': 'minecraft:killed_by',
};

/**
 * Pre-1.13 entity names (as used in stat keys) → current entity ids. Only entities with a spawn
 * egg had kill statistics, which is exactly this list.
 */
export const LEGACY_ENTITY_IDS: Readonly<Record<string, string>> = {
  Bat: 'minecraft:bat',
  Blaze: 'minecraft:blaze',
  CaveSpider: 'minecraft:cave_spider',
  Chicken: 'minecraft:chicken',
  Cow: 'minecraft:cow',
  Creeper: 'minecraft:creeper',
  Donkey: 'minecraft:donkey',
  ElderGuardian: 'minecraft:elder_guardian',
  Enderman: 'minecraft:enderman',
  Endermite: 'minecraft:endermite',
  EvocationIllager: 'minecraft:evoker',
  Ghast: 'minecraft:ghast',
  Guardian: 'minecraft:guardian',
  Horse: 'minecraft:horse',
  Husk: 'minecraft:husk',
  Llama: 'minecraft:llama',
  LavaSlime: 'minecraft:magma_cube',
  MushroomCow: 'minecraft:mooshroom',
  Mule: 'minecraft:mule',
  Ozelot: 'minecraft:ocelot',
  Parrot: 'minecraft:parrot',
  Pig: 'minecraft:pig',
  PolarBear: 'minecraft:polar_bear',
  Rabbit: 'minecraft:rabbit',
  Sheep: 'minecraft:sheep',
  Shulker: 'minecraft:shulker',
  Silverfish: 'minecraft:silverfish',
  SkeletonHorse: 'minecraft:skeleton_horse',
  Skeleton: 'minecraft:skeleton',
  Slime: 'minecraft:slime',
  Spider: 'minecraft:spider',
  Squid: 'minecraft:squid',
  Stray: 'minecraft:stray',
  Vex: 'minecraft:vex',
  Villager: 'minecraft:villager',
  VindicationIllager: 'minecraft:vindicator',
  Witch: 'minecraft:witch',
  WitherSkeleton: 'minecraft:wither_skeleton',
  Wolf: 'minecraft:wolf',
  ZombieHorse: 'minecraft:zombie_horse',
  PigZombie: 'minecraft:zombified_piglin',
  ZombieVillager: 'minecraft:zombie_villager',
  Zombie: 'minecraft:zombie',
};

/**
 * Pre-1.13 block/item ids whose thing still exists under another name. Every id not listed here
 * or in `LEGACY_DROPPED_IDS` kept its name (`stone`, `diamond_ore`, `iron_pickaxe`).
 */
export const LEGACY_RENAMED_IDS: Readonly<Record<string, string>> = {
  grass: 'grass_block',
  noteblock: 'note_block',
  golden_rail: 'powered_rail',
  web: 'cobweb',
  deadbush: 'dead_bush',
  yellow_flower: 'dandelion',
  brick_block: 'bricks',
  mob_spawner: 'spawner',
  wooden_door: 'oak_door',
  stone_stairs: 'cobblestone_stairs',
  wooden_pressure_plate: 'oak_pressure_plate',
  snow_layer: 'snow',
  snow: 'snow_block',
  reeds: 'sugar_cane',
  fence: 'oak_fence',
  fence_gate: 'oak_fence_gate',
  portal: 'nether_portal',
  lit_pumpkin: 'jack_o_lantern',
  trapdoor: 'oak_trapdoor',
  melon_block: 'melon',
  melon: 'melon_slice',
  waterlily: 'lily_pad',
  nether_brick: 'nether_bricks',
  netherbrick: 'nether_brick',
  wooden_button: 'oak_button',
  quartz_ore: 'nether_quartz_ore',
  slime: 'slime_block',
  hardened_clay: 'terracotta',
  stone_slab2: 'red_sandstone_slab',
  end_bricks: 'end_stone_bricks',
  grass_path: 'dirt_path',
  magma: 'magma_block',
  red_nether_brick: 'red_nether_bricks',
  silver_shulker_box: 'light_gray_shulker_box',
  silver_glazed_terracotta: 'light_gray_glazed_terracotta',
  sign: 'oak_sign',
  boat: 'oak_boat',
  speckled_melon: 'glistering_melon_slice',
  fireworks: 'firework_rocket',
  firework_charge: 'firework_star',
  chorus_fruit_popped: 'popped_chorus_fruit',
  record_13: 'music_disc_13',
  record_cat: 'music_disc_cat',
  record_blocks: 'music_disc_blocks',
  record_chirp: 'music_disc_chirp',
  record_far: 'music_disc_far',
  record_mall: 'music_disc_mall',
  record_mellohi: 'music_disc_mellohi',
  record_stal: 'music_disc_stal',
  record_strad: 'music_disc_strad',
  record_ward: 'music_disc_ward',
  record_11: 'music_disc_11',
  record_wait: 'music_disc_wait',
};

/**
 * Pre-1.13 ids that stood for several of today's ids (told apart by metadata: `wool` was every
 * colour) or for technical blocks with no item today (`lit_furnace`). Their counters cannot be
 * attributed, so they are dropped.
 */
export const LEGACY_DROPPED_IDS: ReadonlySet<string> = new Set([
  'planks', 'sapling', 'log', 'log2', 'leaves', 'leaves2', 'tallgrass', 'double_plant', 'red_flower',
  'wool', 'carpet', 'stained_glass', 'stained_glass_pane', 'stained_hardened_clay', 'concrete',
  'concrete_powder', 'stonebrick', 'monster_egg', 'stone_slab', 'double_stone_slab',
  'double_stone_slab2', 'wooden_slab', 'double_wooden_slab', 'purpur_double_slab', 'skull',
  'banner', 'standing_banner', 'wall_banner', 'bed', 'dye', 'fish', 'cooked_fish', 'spawn_egg',
  'flowing_water', 'water', 'flowing_lava', 'lava', 'piston_head', 'piston_extension',
  'lit_furnace', 'standing_sign', 'wall_sign', 'lit_redstone_ore', 'unlit_redstone_torch',
  'unpowered_repeater', 'powered_repeater', 'unpowered_comparator', 'powered_comparator',
  'daylight_detector_inverted', 'lit_redstone_lamp',
]);

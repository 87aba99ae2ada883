import type { StatDefinition, StatSource, Unit } from './types.js';

/**
 * The 217 tracked statistics (SPEC "Tracked statistics: 217"; DECISIONS 1-2), as one table.
 *
 * - The 77 `minecraft:custom` statistics of 1.21.11 keep their vanilla path as id and take their
 *   unit from the game's formatter (TIME → ticks, DISTANCE → cm, DIVIDE_BY_TEN → tenths_of_heart,
 *   DEFAULT → int). Titles are the game's own English names.
 * - 140 more read the other stat types (mined, crafted, used, broken, picked_up, dropped, killed,
 *   killed_by): a total per type, ores with their deepslate variants merged, notable blocks,
 *   every hostile mob killed, the commonest killers, and notable items. A stat that sums several
 *   raw keys says which in its description.
 *
 * The helpers below only spell out the rows (namespacing registry paths); there is no logic.
 */

const ns = (path: string): string => `minecraft:${path}`;

/** A `minecraft:custom` statistic: id = vanilla path. `formerKeys` are older names of the same counter. */
function custom(
  path: string,
  title: string,
  unit: Unit,
  category: string,
  description: string,
  formerKeys: readonly string[] = [],
): StatDefinition {
  return {
    id: path,
    title,
    description,
    unit,
    category,
    sources: [{ type: 'minecraft:custom', keys: [ns(path), ...formerKeys.map(ns)] }],
  };
}

/** A plain count over one stat type: the listed registry paths, or `'all'` keys of the type. */
function counted(
  id: string,
  title: string,
  type: string,
  keys: readonly string[] | 'all',
  category: string,
  description: string,
): StatDefinition {
  const source: StatSource = keys === 'all' ? { type: ns(type), allKeys: true } : { type: ns(type), keys: keys.map(ns) };
  return { id, title, description, unit: 'int', category, sources: [source] };
}

/**
 * Hostile mobs of 1.21.11 (stat_types.json `hostile_mobs`): registry path, English name, plural.
 * Each gets a `killed_<path>` statistic; together they make `killed_hostile_total`.
 */
const HOSTILE_MOBS: ReadonlyArray<readonly [path: string, name: string, plural: string]> = [
  ['blaze', 'Blaze', 'Blazes'],
  ['bogged', 'Bogged', 'Bogged'],
  ['breeze', 'Breeze', 'Breezes'],
  ['camel_husk', 'Camel Husk', 'Camel Husks'],
  ['cave_spider', 'Cave Spider', 'Cave Spiders'],
  ['creaking', 'Creaking', 'Creakings'],
  ['creeper', 'Creeper', 'Creepers'],
  ['drowned', 'Drowned', 'Drowned'],
  ['elder_guardian', 'Elder Guardian', 'Elder Guardians'],
  ['enderman', 'Enderman', 'Endermen'],
  ['endermite', 'Endermite', 'Endermites'],
  ['ender_dragon', 'Ender Dragon', 'Ender Dragons'],
  ['evoker', 'Evoker', 'Evokers'],
  ['ghast', 'Ghast', 'Ghasts'],
  ['giant', 'Giant', 'Giants'],
  ['guardian', 'Guardian', 'Guardians'],
  ['hoglin', 'Hoglin', 'Hoglins'],
  ['husk', 'Husk', 'Husks'],
  ['illusioner', 'Illusioner', 'Illusioners'],
  ['magma_cube', 'Magma Cube', 'Magma Cubes'],
  ['parched', 'Parched', 'Parched'],
  ['phantom', 'Phantom', 'Phantoms'],
  ['piglin', 'Piglin', 'Piglins'],
  ['piglin_brute', 'Piglin Brute', 'Piglin Brutes'],
  ['pillager', 'Pillager', 'Pillagers'],
  ['ravager', 'Ravager', 'Ravagers'],
  ['shulker', 'Shulker', 'Shulkers'],
  ['silverfish', 'Silverfish', 'Silverfish'],
  ['skeleton', 'Skeleton', 'Skeletons'],
  ['slime', 'Slime', 'Slimes'],
  ['spider', 'Spider', 'Spiders'],
  ['stray', 'Stray', 'Strays'],
  ['vex', 'Vex', 'Vexes'],
  ['vindicator', 'Vindicator', 'Vindicators'],
  ['warden', 'Warden', 'Wardens'],
  ['witch', 'Witch', 'Witches'],
  ['wither', 'Wither', 'Withers'],
  ['wither_skeleton', 'Wither Skeleton', 'Wither Skeletons'],
  ['zoglin', 'Zoglin', 'Zoglins'],
  ['zombie', 'Zombie', 'Zombies'],
  ['zombie_horse', 'Zombie Horse', 'Zombie Horses'],
  ['zombie_nautilus', 'Zombie Nautilus', 'Zombie Nautiluses'],
  ['zombie_villager', 'Zombie Villager', 'Zombie Villagers'],
  ['zombified_piglin', 'Zombified Piglin', 'Zombified Piglins'],
];

/** Passive and neutral mobs of 1.21.11 (stat_types.json `passive_mobs`), for `killed_passive_total`. */
const PASSIVE_MOBS: readonly string[] = [
  'allay', 'armadillo', 'axolotl', 'bat', 'bee', 'camel', 'cat', 'chicken', 'cod', 'copper_golem',
  'cow', 'dolphin', 'donkey', 'fox', 'frog', 'happy_ghast', 'glow_squid', 'goat', 'horse',
  'iron_golem', 'llama', 'mooshroom', 'mule', 'nautilus', 'ocelot', 'panda', 'parrot', 'pig',
  'polar_bear', 'pufferfish', 'rabbit', 'salmon', 'sheep', 'skeleton_horse', 'sniffer',
  'snow_golem', 'squid', 'strider', 'tadpole', 'trader_llama', 'tropical_fish', 'turtle',
  'villager', 'wandering_trader', 'wolf',
];

/** The killers that get their own `killed_by_<path>` statistic: the commonest and the most feared. */
const KILLERS: ReadonlyArray<readonly [path: string, plural: string]> = [
  ['zombie', 'Zombies'],
  ['skeleton', 'Skeletons'],
  ['creeper', 'Creepers'],
  ['spider', 'Spiders'],
  ['enderman', 'Endermen'],
  ['drowned', 'Drowned'],
  ['witch', 'Witches'],
  ['phantom', 'Phantoms'],
  ['pillager', 'Pillagers'],
  ['vindicator', 'Vindicators'],
  ['blaze', 'Blazes'],
  ['ghast', 'Ghasts'],
  ['wither_skeleton', 'Wither Skeletons'],
  ['piglin_brute', 'Piglin Brutes'],
  ['warden', 'Wardens'],
  ['wither', 'Withers'],
  ['ender_dragon', 'Ender Dragons'],
  ['player', 'Other Players'],
];

const TOOL_MATERIALS = ['wooden', 'stone', 'copper', 'iron', 'golden', 'diamond', 'netherite'] as const;
const ARMOR_MATERIALS = ['leather', 'chainmail', 'copper', 'iron', 'golden', 'diamond', 'netherite'] as const;
const ARMOR_PIECES = ['helmet', 'chestplate', 'leggings', 'boots'] as const;
const DYE_COLOURS = [
  'white', 'orange', 'magenta', 'light_blue', 'yellow', 'lime', 'pink', 'gray',
  'light_gray', 'cyan', 'purple', 'blue', 'brown', 'green', 'red', 'black',
] as const;

const tools = (kind: string): string[] => TOOL_MATERIALS.map((m) => `${m}_${kind}`);
const ARMOR = [...ARMOR_MATERIALS.flatMap((m) => ARMOR_PIECES.map((p) => `${m}_${p}`)), 'turtle_helmet'];

/** Ores and their deepslate twins: [stat suffix, English name, raw block paths]. */
const ORES: ReadonlyArray<readonly [suffix: string, name: string, blocks: readonly string[]]> = [
  ['coal_ore', 'Coal Ore', ['coal_ore', 'deepslate_coal_ore']],
  ['copper_ore', 'Copper Ore', ['copper_ore', 'deepslate_copper_ore']],
  ['iron_ore', 'Iron Ore', ['iron_ore', 'deepslate_iron_ore']],
  ['gold_ore', 'Gold Ore', ['gold_ore', 'deepslate_gold_ore']],
  ['redstone_ore', 'Redstone Ore', ['redstone_ore', 'deepslate_redstone_ore']],
  ['lapis_ore', 'Lapis Lazuli Ore', ['lapis_ore', 'deepslate_lapis_ore']],
  ['diamond_ore', 'Diamond Ore', ['diamond_ore', 'deepslate_diamond_ore']],
  ['emerald_ore', 'Emerald Ore', ['emerald_ore', 'deepslate_emerald_ore']],
];
const NETHER_ORES = ['nether_gold_ore', 'nether_quartz_ore', 'ancient_debris'];

const LOGS = [
  'oak_log', 'spruce_log', 'birch_log', 'jungle_log', 'acacia_log', 'dark_oak_log',
  'mangrove_log', 'cherry_log', 'pale_oak_log',
];

/** Every statistic the service tracks, in catalogue order. Exactly 217 entries. */
const rows: StatDefinition[] = [
  // --- minecraft:custom (77), in the game's registration order ---------------------------------
  custom('leave_game', 'Games Quit', 'int', 'general', 'Times the player left the server.'),
  custom('play_time', 'Time Played', 'ticks', 'time',
    'Time spent online, in ticks (20 per second). Includes the pre-1.17 counter minecraft:play_one_minute, which also counted ticks.',
    ['play_one_minute']),
  custom('total_world_time', 'Time with World Open', 'ticks', 'time', 'Time the world was open while the player was online, in ticks.'),
  custom('time_since_death', 'Time Since Last Death', 'ticks', 'time', 'Time alive since the last death, in ticks; resets to 0 on death.'),
  custom('time_since_rest', 'Time Since Last Rest', 'ticks', 'time', 'Time since the player last slept, in ticks; long stretches bring phantoms.'),
  custom('sneak_time', 'Sneak Time', 'ticks', 'time', 'Time spent sneaking, in ticks.'),
  custom('walk_one_cm', 'Distance Walked', 'cm', 'distance', 'Distance walked on foot, in centimetres.'),
  custom('crouch_one_cm', 'Distance Crouched', 'cm', 'distance', 'Distance moved while sneaking, in centimetres.'),
  custom('sprint_one_cm', 'Distance Sprinted', 'cm', 'distance', 'Distance sprinted, in centimetres.'),
  custom('walk_on_water_one_cm', 'Distance Walked on Water', 'cm', 'distance', 'Distance walked on the surface of water, in centimetres.'),
  custom('fall_one_cm', 'Distance Fallen', 'cm', 'distance', 'Distance fallen, in centimetres.'),
  custom('climb_one_cm', 'Distance Climbed', 'cm', 'distance', 'Distance climbed on ladders, vines and scaffolding, in centimetres.'),
  custom('fly_one_cm', 'Distance Flown', 'cm', 'distance', 'Distance flown in creative or spectator flight and while airborne, in centimetres.'),
  custom('walk_under_water_one_cm', 'Distance Walked under Water', 'cm', 'distance', 'Distance walked on the floor under water, in centimetres.'),
  custom('minecart_one_cm', 'Distance by Minecart', 'cm', 'distance', 'Distance travelled in a minecart, in centimetres.'),
  custom('boat_one_cm', 'Distance by Boat', 'cm', 'distance', 'Distance travelled by boat or raft, in centimetres.'),
  custom('pig_one_cm', 'Distance by Pig', 'cm', 'distance', 'Distance travelled riding a pig, in centimetres.'),
  custom('happy_ghast_one_cm', 'Distance by Happy Ghast', 'cm', 'distance', 'Distance travelled riding a happy ghast (1.21.6+), in centimetres.'),
  custom('horse_one_cm', 'Distance by Horse', 'cm', 'distance', 'Distance travelled riding a horse, donkey, mule or camel, in centimetres.'),
  custom('aviate_one_cm', 'Distance by Elytra', 'cm', 'distance', 'Distance glided with an elytra, in centimetres.'),
  custom('swim_one_cm', 'Distance Swum', 'cm', 'distance', 'Distance swum, in centimetres.'),
  custom('strider_one_cm', 'Distance by Strider', 'cm', 'distance', 'Distance travelled riding a strider, in centimetres.'),
  custom('nautilus_one_cm', 'Distance by Nautilus', 'cm', 'distance', 'Distance travelled riding a nautilus (1.21.11+), in centimetres.'),
  custom('jump', 'Jumps', 'int', 'general', 'Times the player jumped.'),
  custom('drop', 'Items Dropped', 'int', 'general', 'Times the player dropped an item or stack.'),
  custom('damage_dealt', 'Damage Dealt', 'tenths_of_heart', 'damage', 'Melee damage dealt, stored as tenths of a half-heart (20 = one heart).'),
  custom('damage_dealt_absorbed', 'Damage Dealt (Absorbed)', 'tenths_of_heart', 'damage', 'Damage dealt that the target\'s absorption hearts soaked up, in tenths of a half-heart.'),
  custom('damage_dealt_resisted', 'Damage Dealt (Resisted)', 'tenths_of_heart', 'damage', 'Damage dealt that the target\'s Resistance effect cancelled, in tenths of a half-heart.'),
  custom('damage_taken', 'Damage Taken', 'tenths_of_heart', 'damage', 'Damage taken, in tenths of a half-heart (20 = one heart).'),
  custom('damage_blocked_by_shield', 'Damage Blocked by Shield', 'tenths_of_heart', 'damage', 'Damage blocked with a shield, in tenths of a half-heart.'),
  custom('damage_absorbed', 'Damage Absorbed', 'tenths_of_heart', 'damage', 'Damage taken by the player\'s absorption hearts, in tenths of a half-heart.'),
  custom('damage_resisted', 'Damage Resisted', 'tenths_of_heart', 'damage', 'Damage the player\'s Resistance effect cancelled, in tenths of a half-heart.'),
  custom('deaths', 'Number of Deaths', 'int', 'combat', 'Times the player died.'),
  custom('mob_kills', 'Mob Kills', 'int', 'combat', 'Mobs killed by the player.'),
  custom('animals_bred', 'Animals Bred', 'int', 'general', 'Times the player bred two animals.'),
  custom('player_kills', 'Player Kills', 'int', 'combat', 'Other players killed by the player.'),
  custom('fish_caught', 'Fish Caught', 'int', 'general', 'Fish caught with a fishing rod.'),
  custom('talked_to_villager', 'Talked to Villagers', 'int', 'interaction', 'Times the player opened a villager\'s trading screen.'),
  custom('traded_with_villager', 'Traded with Villagers', 'int', 'interaction', 'Trades made with villagers and wandering traders.'),
  custom('eat_cake_slice', 'Cake Slices Eaten', 'int', 'general', 'Slices of cake eaten.'),
  custom('fill_cauldron', 'Cauldrons Filled', 'int', 'interaction', 'Times the player filled a cauldron.'),
  custom('use_cauldron', 'Water Taken from Cauldron', 'int', 'interaction', 'Times the player took water from a cauldron.'),
  custom('clean_armor', 'Armor Pieces Cleaned', 'int', 'interaction', 'Dyed leather armour pieces washed in a cauldron.'),
  custom('clean_banner', 'Banners Cleaned', 'int', 'interaction', 'Banner patterns washed off in a cauldron.'),
  custom('clean_shulker_box', 'Shulker Boxes Cleaned', 'int', 'interaction', 'Dyed shulker boxes washed in a cauldron.'),
  custom('interact_with_brewingstand', 'Interactions with Brewing Stand', 'int', 'interaction', 'Times the player opened a brewing stand.'),
  custom('interact_with_beacon', 'Interactions with Beacon', 'int', 'interaction', 'Times the player opened a beacon.'),
  custom('inspect_dropper', 'Droppers Searched', 'int', 'interaction', 'Times the player opened a dropper.'),
  custom('inspect_hopper', 'Hoppers Searched', 'int', 'interaction', 'Times the player opened a hopper.'),
  custom('inspect_dispenser', 'Dispensers Searched', 'int', 'interaction', 'Times the player opened a dispenser.'),
  custom('play_noteblock', 'Note Blocks Played', 'int', 'interaction', 'Times the player played a note block.'),
  custom('tune_noteblock', 'Note Blocks Tuned', 'int', 'interaction', 'Times the player tuned a note block.'),
  custom('pot_flower', 'Plants Potted', 'int', 'interaction', 'Plants put into flower pots.'),
  custom('trigger_trapped_chest', 'Trapped Chests Triggered', 'int', 'interaction', 'Times the player opened a trapped chest.'),
  custom('open_enderchest', 'Ender Chests Opened', 'int', 'interaction', 'Times the player opened an ender chest.'),
  custom('enchant_item', 'Items Enchanted', 'int', 'interaction', 'Items enchanted at an enchanting table.'),
  custom('play_record', 'Music Discs Played', 'int', 'interaction', 'Music discs put into a jukebox.'),
  custom('interact_with_furnace', 'Interactions with Furnace', 'int', 'interaction', 'Times the player opened a furnace.'),
  custom('interact_with_crafting_table', 'Interactions with Crafting Table', 'int', 'interaction', 'Times the player opened a crafting table.'),
  custom('open_chest', 'Chests Opened', 'int', 'interaction', 'Times the player opened a chest.'),
  custom('sleep_in_bed', 'Times Slept in a Bed', 'int', 'general', 'Times the player slept in a bed.'),
  custom('open_shulker_box', 'Shulker Boxes Opened', 'int', 'interaction', 'Times the player opened a shulker box.'),
  custom('open_barrel', 'Barrels Opened', 'int', 'interaction', 'Times the player opened a barrel.'),
  custom('interact_with_blast_furnace', 'Interactions with Blast Furnace', 'int', 'interaction', 'Times the player opened a blast furnace.'),
  custom('interact_with_smoker', 'Interactions with Smoker', 'int', 'interaction', 'Times the player opened a smoker.'),
  custom('interact_with_lectern', 'Interactions with Lectern', 'int', 'interaction', 'Times the player opened a book on a lectern.'),
  custom('interact_with_campfire', 'Interactions with Campfire', 'int', 'interaction', 'Items placed on a campfire to cook.'),
  custom('interact_with_cartography_table', 'Interactions with Cartography Table', 'int', 'interaction', 'Times the player opened a cartography table.'),
  custom('interact_with_loom', 'Interactions with Loom', 'int', 'interaction', 'Times the player opened a loom.'),
  custom('interact_with_stonecutter', 'Interactions with Stonecutter', 'int', 'interaction', 'Times the player opened a stonecutter.'),
  custom('bell_ring', 'Bells Rung', 'int', 'interaction', 'Times the player rang a bell.'),
  custom('raid_trigger', 'Raids Triggered', 'int', 'combat', 'Raids started by entering a village with Bad Omen.'),
  custom('raid_win', 'Raids Won', 'int', 'combat', 'Raids the player helped win.'),
  custom('interact_with_anvil', 'Interactions with Anvil', 'int', 'interaction', 'Times the player opened an anvil.'),
  custom('interact_with_grindstone', 'Interactions with Grindstone', 'int', 'interaction', 'Times the player opened a grindstone.'),
  custom('target_hit', 'Targets Hit', 'int', 'interaction', 'Times the player hit a target block with a projectile.'),
  custom('interact_with_smithing_table', 'Interactions with Smithing Table', 'int', 'interaction', 'Times the player opened a smithing table.'),

  // --- totals per stat type (8) -----------------------------------------------------------------
  counted('mined_total', 'Blocks Mined', 'mined', 'all', 'mining', 'Every block the player broke, all kinds summed (minecraft:mined).'),
  counted('crafted_total', 'Items Crafted', 'crafted', 'all', 'crafting', 'Every item crafted, smelted or smithed and taken from a result slot, all kinds summed (minecraft:crafted).'),
  counted('used_total', 'Items Used', 'used', 'all', 'using', 'Every use of an item, all kinds summed: blocks placed, food eaten, tools and weapons used, projectiles thrown (minecraft:used).'),
  counted('broken_total', 'Tools Broken', 'broken', 'all', 'breaking', 'Every tool, weapon or armour piece used up until it broke, all kinds summed (minecraft:broken).'),
  counted('picked_up_total', 'Items Picked Up', 'picked_up', 'all', 'collecting', 'Every item picked up from the ground, all kinds summed (minecraft:picked_up).'),
  counted('dropped_total', 'Items Dropped (Count)', 'dropped', 'all', 'collecting', 'Every single item dropped, all kinds summed (minecraft:dropped); counts items, where drop counts drop actions.'),
  counted('killed_total', 'Entities Killed', 'killed', 'all', 'hunting', 'Every entity the player killed, all kinds summed (minecraft:killed), players included.'),
  counted('killed_by_total', 'Deaths to Mobs and Players', 'killed_by', 'all', 'deaths', 'Deaths with a killer, all killers summed (minecraft:killed_by); falls, lava and other deaths without a killer are not counted.'),

  // --- killing: groups (2), every hostile mob (44), notable others (8) ---------------------------
  counted('killed_hostile_total', 'Hostile Mobs Killed', 'killed', HOSTILE_MOBS.map(([path]) => path), 'hunting',
    `Hostile mobs killed, summed over all ${HOSTILE_MOBS.length} hostile mob types (every monster of Monsters Hunted, plus giants and illusioners).`),
  counted('killed_passive_total', 'Passive Mobs Killed', 'killed', PASSIVE_MOBS, 'hunting',
    'Passive and neutral mobs killed (animals, fish, golems, villagers, wandering traders...), summed over all of them.'),
  ...HOSTILE_MOBS.map(([path, name, plural]) =>
    counted(`killed_${path}`, `${plural} Killed`, 'killed', [path], 'hunting', `${name} kills.`)),
  counted('killed_villager', 'Villagers Killed', 'killed', ['villager'], 'hunting', 'Villagers killed. Zombie villagers are counted in killed_zombie_villager.'),
  counted('killed_wandering_trader', 'Wandering Traders Killed', 'killed', ['wandering_trader'], 'hunting', 'Wandering traders killed.'),
  counted('killed_iron_golem', 'Iron Golems Killed', 'killed', ['iron_golem'], 'hunting', 'Iron golems killed (iron farms count).'),
  counted('killed_cow', 'Cows Killed', 'killed', ['cow', 'mooshroom'], 'hunting', 'Cows and mooshrooms killed (both merged).'),
  counted('killed_pig', 'Pigs Killed', 'killed', ['pig'], 'hunting', 'Pigs killed.'),
  counted('killed_sheep', 'Sheep Killed', 'killed', ['sheep'], 'hunting', 'Sheep killed.'),
  counted('killed_chicken', 'Chickens Killed', 'killed', ['chicken'], 'hunting', 'Chickens killed.'),
  counted('killed_fish', 'Fish Killed', 'killed', ['cod', 'salmon', 'tropical_fish', 'pufferfish'], 'hunting',
    'Fish mobs killed: cod, salmon, tropical fish and pufferfish merged. Fish caught with a rod are fish_caught.'),

  // --- killed by (18) ----------------------------------------------------------------------------
  ...KILLERS.map(([path, plural]) =>
    counted(`killed_by_${path}`, `Killed by ${plural}`, 'killed_by', [path], 'deaths',
      path === 'player' ? 'Deaths at the hands of other players (PvP).' : `Deaths caused by ${plural.toLowerCase()}.`)),

  // --- mining (26) -------------------------------------------------------------------------------
  counted('mined_ores_total', 'Ores Mined', 'mined', [...ORES.flatMap(([, , blocks]) => blocks), ...NETHER_ORES], 'mining',
    'All ore blocks mined, merged: coal, copper, iron, gold, redstone, lapis lazuli, diamond and emerald ore with their deepslate variants, nether gold ore, nether quartz ore and ancient debris.'),
  ...ORES.map(([suffix, name, blocks]) =>
    counted(`mined_${suffix}`, `${name} Mined`, 'mined', blocks, 'mining',
      `${name} blocks mined, ${name.toLowerCase()} and deepslate ${name.toLowerCase()} merged.`)),
  counted('mined_nether_gold_ore', 'Nether Gold Ore Mined', 'mined', ['nether_gold_ore'], 'mining', 'Nether gold ore blocks mined.'),
  counted('mined_nether_quartz_ore', 'Nether Quartz Ore Mined', 'mined', ['nether_quartz_ore'], 'mining', 'Nether quartz ore blocks mined.'),
  counted('mined_ancient_debris', 'Ancient Debris Mined', 'mined', ['ancient_debris'], 'mining', 'Ancient debris blocks mined: the source of netherite.'),
  counted('mined_stone', 'Stone Mined', 'mined', ['stone'], 'mining', 'Stone blocks mined (not cobblestone, deepslate or other stone types).'),
  counted('mined_deepslate', 'Deepslate Mined', 'mined', ['deepslate'], 'mining', 'Deepslate blocks mined (not cobbled deepslate).'),
  counted('mined_netherrack', 'Netherrack Mined', 'mined', ['netherrack'], 'mining', 'Netherrack blocks mined.'),
  counted('mined_end_stone', 'End Stone Mined', 'mined', ['end_stone'], 'mining', 'End stone blocks mined.'),
  counted('mined_obsidian', 'Obsidian Mined', 'mined', ['obsidian'], 'mining', 'Obsidian blocks mined (not crying obsidian).'),
  counted('mined_logs', 'Logs Chopped', 'mined', LOGS, 'mining',
    'Overworld logs chopped, all nine woods merged: oak, spruce, birch, jungle, acacia, dark oak, mangrove, cherry and pale oak.'),
  counted('mined_stems', 'Nether Stems Chopped', 'mined', ['crimson_stem', 'warped_stem'], 'mining', 'Crimson and warped stems chopped (both merged).'),
  counted('mined_dirt', 'Dirt Dug', 'mined', ['dirt', 'grass_block', 'coarse_dirt', 'rooted_dirt', 'podzol', 'mycelium'], 'mining',
    'Dirt-like blocks dug, merged: dirt, grass block, coarse dirt, rooted dirt, podzol and mycelium.'),
  counted('mined_sand', 'Sand Dug', 'mined', ['sand', 'red_sand'], 'mining', 'Sand and red sand dug (both merged).'),
  counted('mined_gravel', 'Gravel Dug', 'mined', ['gravel'], 'mining', 'Gravel blocks dug.'),
  counted('mined_crops', 'Crops Harvested', 'mined', ['wheat', 'carrots', 'potatoes', 'beetroots', 'nether_wart'], 'mining',
    'Crop blocks broken, merged: wheat, carrots, potatoes, beetroots and nether wart (any growth stage).'),
  counted('mined_spawner', 'Spawners Broken', 'mined', ['spawner'], 'mining', 'Monster spawners broken.'),
  counted('mined_amethyst_cluster', 'Amethyst Clusters Mined', 'mined', ['amethyst_cluster'], 'mining', 'Fully grown amethyst clusters mined.'),
  counted('mined_sculk', 'Sculk Mined', 'mined', ['sculk', 'sculk_vein', 'sculk_catalyst', 'sculk_sensor', 'calibrated_sculk_sensor', 'sculk_shrieker'], 'mining',
    'Sculk blocks mined, merged: sculk, sculk veins, catalysts, sensors, calibrated sensors and shriekers.'),

  // --- crafting (12) -----------------------------------------------------------------------------
  counted('crafted_torch', 'Torches Crafted', 'crafted', ['torch', 'soul_torch'], 'crafting', 'Torches and soul torches crafted (both merged).'),
  counted('crafted_rails', 'Rails Crafted', 'crafted', ['rail', 'powered_rail', 'detector_rail', 'activator_rail'], 'crafting',
    'Rails crafted, merged: rails, powered rails, detector rails and activator rails.'),
  counted('crafted_beacon', 'Beacons Crafted', 'crafted', ['beacon'], 'crafting', 'Beacons crafted.'),
  counted('crafted_enchanting_table', 'Enchanting Tables Crafted', 'crafted', ['enchanting_table'], 'crafting', 'Enchanting tables crafted.'),
  counted('crafted_shulker_box', 'Shulker Boxes Crafted', 'crafted', ['shulker_box', ...DYE_COLOURS.map((c) => `${c}_shulker_box`)], 'crafting',
    'Shulker boxes crafted or dyed, all 17 colours merged.'),
  counted('crafted_golden_apple', 'Golden Apples Crafted', 'crafted', ['golden_apple'], 'crafting', 'Golden apples crafted.'),
  counted('crafted_ender_eye', 'Eyes of Ender Crafted', 'crafted', ['ender_eye'], 'crafting', 'Eyes of ender crafted.'),
  counted('crafted_netherite_ingot', 'Netherite Ingots Crafted', 'crafted', ['netherite_ingot'], 'crafting', 'Netherite ingots crafted.'),
  counted('crafted_netherite_gear', 'Netherite Gear Smithed', 'crafted',
    [...['sword', 'pickaxe', 'axe', 'shovel', 'hoe', 'spear'].map((t) => `netherite_${t}`), ...ARMOR_PIECES.map((p) => `netherite_${p}`)], 'crafting',
    'Netherite tools, weapons and armour made at a smithing table, merged: sword, pickaxe, axe, shovel, hoe, spear, helmet, chestplate, leggings and boots.'),
  counted('crafted_iron_ingot', 'Iron Ingots Made', 'crafted', ['iron_ingot'], 'crafting', 'Iron ingots taken from a furnace or blast furnace, or crafted from nuggets or blocks.'),
  counted('crafted_firework_rocket', 'Firework Rockets Crafted', 'crafted', ['firework_rocket'], 'crafting', 'Firework rockets crafted.'),
  counted('crafted_cake', 'Cakes Baked', 'crafted', ['cake'], 'crafting', 'Cakes crafted.'),

  // --- using (12) --------------------------------------------------------------------------------
  counted('used_ender_pearl', 'Ender Pearls Thrown', 'used', ['ender_pearl'], 'using', 'Ender pearls thrown.'),
  counted('used_totem_of_undying', 'Totems of Undying Used', 'used', ['totem_of_undying'], 'using', 'Times a totem of undying saved the player from death.'),
  counted('used_firework_rocket', 'Firework Rockets Used', 'used', ['firework_rocket'], 'using', 'Firework rockets launched or used to boost an elytra flight.'),
  counted('used_golden_apple', 'Golden Apples Eaten', 'used', ['golden_apple'], 'using', 'Golden apples eaten.'),
  counted('used_enchanted_golden_apple', 'Enchanted Golden Apples Eaten', 'used', ['enchanted_golden_apple'], 'using', 'Enchanted golden apples eaten.'),
  counted('used_bow', 'Bow Shots', 'used', ['bow'], 'using', 'Arrows shot with a bow.'),
  counted('used_crossbow', 'Crossbow Shots', 'used', ['crossbow'], 'using', 'Shots fired with a crossbow.'),
  counted('used_trident', 'Tridents Used', 'used', ['trident'], 'using', 'Tridents thrown or used for Riptide, and melee hits with a trident.'),
  counted('used_mace', 'Mace Hits', 'used', ['mace'], 'using', 'Hits landed with a mace.'),
  counted('used_fishing_rod', 'Fishing Rods Used', 'used', ['fishing_rod'], 'using', 'Fishing rod casts and reel-ins.'),
  counted('used_potions', 'Potions Used', 'used', ['potion', 'splash_potion', 'lingering_potion'], 'using',
    'Potions drunk or thrown, merged: potions, splash potions and lingering potions.'),
  counted('used_bone_meal', 'Bone Meal Used', 'used', ['bone_meal'], 'using', 'Bone meal applied to plants and blocks.'),

  // --- breaking tools (6) ------------------------------------------------------------------------
  counted('broken_pickaxe', 'Pickaxes Worn Out', 'broken', tools('pickaxe'), 'breaking',
    'Pickaxes used until they broke, all materials merged: wooden, stone, copper, iron, golden, diamond and netherite.'),
  counted('broken_sword', 'Swords Worn Out', 'broken', tools('sword'), 'breaking',
    'Swords used until they broke, all materials merged: wooden, stone, copper, iron, golden, diamond and netherite.'),
  counted('broken_axe', 'Axes Worn Out', 'broken', tools('axe'), 'breaking',
    'Axes used until they broke, all materials merged: wooden, stone, copper, iron, golden, diamond and netherite.'),
  counted('broken_shovel', 'Shovels Worn Out', 'broken', tools('shovel'), 'breaking',
    'Shovels used until they broke, all materials merged: wooden, stone, copper, iron, golden, diamond and netherite.'),
  counted('broken_shield', 'Shields Worn Out', 'broken', ['shield'], 'breaking', 'Shields used until they broke.'),
  counted('broken_armor', 'Armour Worn Out', 'broken', ARMOR, 'breaking',
    'Armour pieces worn until they broke, merged: every helmet, chestplate, leggings and boots of leather, chainmail, copper, iron, gold, diamond and netherite, and turtle shells.'),

  // --- collecting (4) ----------------------------------------------------------------------------
  counted('picked_up_diamond', 'Diamonds Picked Up', 'picked_up', ['diamond'], 'collecting', 'Diamonds picked up from the ground.'),
  counted('picked_up_emerald', 'Emeralds Picked Up', 'picked_up', ['emerald'], 'collecting', 'Emeralds picked up from the ground.'),
  counted('picked_up_nether_star', 'Nether Stars Picked Up', 'picked_up', ['nether_star'], 'collecting', 'Nether stars picked up: one per Wither defeated, usually.'),
  counted('picked_up_totem_of_undying', 'Totems Picked Up', 'picked_up', ['totem_of_undying'], 'collecting', 'Totems of undying picked up, mostly from evokers.'),
];

/**
 * The 217 tracked statistics, in catalogue order: the 77 `minecraft:custom` statistics first (in
 * the game's order), then totals, kills, deaths by killer, mining, crafting, using, breaking and
 * collecting. Read-only data; look one up with {@link findStat}.
 *
 * @example
 * ```ts
 * import { statCatalogue } from '@blockstats/core';
 * statCatalogue.length; // 217
 * statCatalogue.filter((s) => s.category === 'distance').map((s) => s.id); // ['walk_one_cm', …]
 * ```
 */
export const statCatalogue: readonly StatDefinition[] = Object.freeze(rows);

const byId: ReadonlyMap<string, StatDefinition> = new Map(rows.map((s) => [s.id, s]));

/**
 * Looks up a tracked statistic by its id (exact, case-sensitive: ids are lowercase snake_case).
 *
 * @example
 * ```ts
 * findStat('play_time')?.unit; // 'ticks'
 * findStat('mined_diamond_ore')?.sources; // [{ type: 'minecraft:mined', keys: ['minecraft:diamond_ore', 'minecraft:deepslate_diamond_ore'] }]
 * findStat('nope'); // undefined
 * ```
 */
export function findStat(id: string): StatDefinition | undefined {
  return byId.get(id);
}

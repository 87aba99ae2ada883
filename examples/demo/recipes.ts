import type { PlayerPlan } from './population.js';
import { predatingRemap, type Earned } from './progression.js';
import type { Random } from './random.js';
import { wallTimeAt } from './sessions.js';
import { vanillaRecipes, type DemoRecipe } from './vanilla-recipes.js';

// Recipe unlocks (`minecraft:recipes/...` entries of the advancement file). The game unlocks a
// recipe when the player first holds its ingredient, so recipes sharing an ingredient unlock in
// the same second. Criterion names alone do not identify the ingredient: `has_planks` means oak
// planks in oak_door and warped planks in warped_door, so generic names are split by the wood or
// colour in the recipe name. How far into the game an ingredient lies comes from keyword tables;
// a few ingredients are tied to the advancement that proves the player had them.

/** First matching pattern gives the progression point of a criterion (or of a recipe path). */
const INGREDIENT_TIERS: readonly (readonly [RegExp, number])[] = [
  [/unlock_right_away/, 0],
  // Punch a tree, make planks, then sticks: the same first minutes for everyone.
  [/^(has_log|has_logs)$/, 0.001],
  [/^(has_planks|has_wood_slab)$/, 0.002],
  [/^(has_stick|in_water)$/, 0.003],
  [/netherite/, 0.62],
  [/nether_star|beacon|wither/, 0.75],
  [/purpur|end_stone|end_rod|shulker|chorus|end_crystal|dragon/, 0.66],
  [/trim_smithing_template|armor_trim/, 0.58],
  [/echo_shard|recovery_compass|sculk|disc_fragment/, 0.6],
  [/prismarine|sea_lantern|conduit|nautilus|sponge|heart_of_the_sea/, 0.55],
  [/breeze|trial|heavy_core|mace|crafter|wind_charge/, 0.5],
  [/quartz|blackstone|nether_brick|crimson|warped|blaze|magma|soul|glowstone|basalt|nether_wart|ghast|respawn_anchor|crying_obsidian|lodestone|brewing|nether_gold|netherrack/, 0.36],
  [/diamond|emerald|obsidian|enchant|ender_eye|ender_chest/, 0.3],
  [/gold|golden|redstone|lapis|piston|repeater|comparator|observer|hopper|rail|tnt|amethyst|dropper|dispenser|daylight|target|note_block|jukebox|lightning_rod/, 0.22],
  [/deepslate|tuff|calcite|dripstone|copper|resin|pale|eyeblossom|creaking|mud|bamboo|cherry/, 0.18],
  [/iron|bucket|shield|compass|clock|shears|flint|anvil|blast_furnace|smoker|minecart|chain|lantern|bell|crossbow/, 0.12],
  [/coal|charcoal|furnace|glass|sand|wool|bed|bone|string|bow|arrow|torch|ladder|leather|book|paper|wheat|bread|dye|carpet|banner|terracotta|brick|clay|kelp|sugar|egg|honey|cake|cookie|pumpkin|melon|beef|porkchop|chicken|mutton|rabbit|cod|salmon|potato|carrot|beetroot|mushroom|flower|tulip|poppy|dandelion|lilac|peony|rose|daisy|allium|bluet|cornflower|lily|sunflower|snow|ice|moss|vine|leaves|cactus|feather|ink|slime/, 0.08],
  [/planks|log|stick|wood|crafting_table|cobblestone|stone|boat|raft|door|fence|slab|stairs|sign|button|pressure_plate|trapdoor|chest|barrel|andesite|diorite|granite|gravel/, 0.02],
];

/**
 * Woods and colours that tell generic criteria apart, with how much later than oak or white they
 * usually turn up. Longer names first, so `dark_oak` is not read as `oak`.
 */
const MATERIALS: readonly (readonly [name: string, delay: number])[] = [
  ['dark_oak', 0.06], ['pale_oak', 0.2], ['oak', 0], ['spruce', 0.01], ['birch', 0.01], ['jungle', 0.08],
  ['acacia', 0.06], ['mangrove', 0.12], ['cherry', 0.12], ['bamboo', 0.1], ['crimson', 0.36], ['warped', 0.38],
  ['light_blue', 0.1], ['light_gray', 0.08], ['white', 0.02], ['orange', 0.1], ['magenta', 0.14],
  ['yellow', 0.06], ['lime', 0.12], ['pink', 0.1], ['gray', 0.08], ['cyan', 0.12], ['purple', 0.14],
  ['blue', 0.1], ['brown', 0.1], ['green', 0.12], ['red', 0.06], ['black', 0.08],
];

/** Criterion names shared by recipes with different ingredients. */
const GENERIC = new Set([
  'has_planks', 'has_log', 'has_logs', 'has_stripped_logs', 'has_wood_slab', 'in_water', 'has_boat',
  'has_needed_dye', 'has_wool', 'has_terracotta', 'has_glass', 'has_glass_pane', 'has_shulker_box',
]);

/** Ingredients whose first pickup is exactly an advancement: they unlock together. */
const TIED_TO_ADVANCEMENT: Readonly<Record<string, string>> = {
  has_cobblestone: 'minecraft:story/mine_stone',
  has_stone_pickaxe: 'minecraft:story/upgrade_tools',
  has_iron_ingot: 'minecraft:story/smelt_iron',
  has_iron_pickaxe: 'minecraft:story/iron_tools',
  has_diamond: 'minecraft:story/mine_diamond',
  has_obsidian: 'minecraft:story/form_obsidian',
  has_netherrack: 'minecraft:story/enter_the_nether',
  has_quartz: 'minecraft:nether/root',
  has_blaze_rod: 'minecraft:nether/obtain_blaze_rod',
  has_ancient_debris: 'minecraft:nether/obtain_ancient_debris',
  has_netherite_scrap: 'minecraft:nether/obtain_ancient_debris',
  has_wither_skeleton_skull: 'minecraft:nether/get_wither_skull',
  has_nether_star: 'minecraft:nether/summon_wither',
  has_chorus_fruit: 'minecraft:end/root',
  has_shulker_shell: 'minecraft:end/find_end_city',
};

const HOUR = 3_600_000;

function tierOf(text: string): number {
  for (const [pattern, tier] of INGREDIENT_TIERS) if (pattern.test(text)) return tier;
  return 0.25;
}

/** One ingredient: the criterion name, the recipes it unlocks, how far into the game it lies. */
export interface Ingredient {
  readonly criterion: string;
  readonly recipes: readonly DemoRecipe[];
  readonly tier: number;
  /** Share of players who ever pick it up (server-wide), 0..1. */
  readonly popularity: number;
}

/** All recipe unlocks of the server, grouped by ingredient. */
export interface RecipeBook {
  readonly ingredients: readonly Ingredient[];
}

/** Builds the server-wide recipe table (how common each ingredient is on this server). */
export function recipeBook(rng: Random): RecipeBook {
  const groups = new Map<string, { criterion: string; recipes: DemoRecipe[]; tier: number }>();
  for (const r of vanillaRecipes) {
    let key = r.criterion;
    let tier = tierOf(r.criterion === 'has_the_recipe' ? r.path : r.criterion);
    if (r.criterion === 'has_the_recipe') key = `${r.criterion}:${r.path}`;
    else if (GENERIC.has(r.criterion)) {
      const name = r.path.slice(r.path.indexOf('/') + 1);
      const material = MATERIALS.find(([m]) => name.includes(m));
      if (material) {
        key = `${r.criterion}:${material[0]}`;
        tier += material[1];
      }
    }
    const group = groups.get(key) ?? { criterion: r.criterion, recipes: [], tier };
    group.recipes.push(r);
    groups.set(key, group);
  }
  const ingredients = [...groups.keys()].sort().map((key) => {
    const g = groups.get(key) as { criterion: string; recipes: DemoRecipe[]; tier: number };
    const popularity = g.criterion === 'has_the_recipe' ? rng.between(0.05, 0.5) : g.tier <= 0.02 ? rng.between(0.8, 1) : rng.between(0.1, 1);
    return { criterion: g.criterion, recipes: g.recipes, tier: g.tier, popularity };
  });
  return { ingredients };
}

/**
 * The player's recipe unlocks, keyed `minecraft:recipes/<path>`. A player picks up ingredients in
 * roughly tier order (with personal variation) and holds about 15 + 240·log10(1 + hours) recipes
 * in the end, as on real servers (≈90 after an hour, ≈500 after a hundred). `advancements`
 * supplies the times of tied ingredients. Ops who ran `/recipe give @s *` hold every recipe from
 * that moment on.
 */
export function unlockRecipes(
  rng: Random,
  book: RecipeBook,
  player: PlayerPlan,
  advancements: ReadonlyMap<string, Earned>,
): Map<string, Earned> {
  const hours = player.playMs / HOUR;
  const remap = predatingRemap(rng, player);
  const out = new Map<string, Earned>();
  const grant = (recipes: readonly DemoRecipe[], criterion: string, time: number): void => {
    for (const r of recipes) out.set(`minecraft:recipes/${r.path}`, { criteria: [[criterion, time]], done: true });
  };

  // Unlocked on joining, and ingredients whose first pickup is an advancement.
  const candidates: { ingredient: Ingredient; score: number }[] = [];
  for (const ingredient of book.ingredients) {
    const { criterion, recipes, tier, popularity } = ingredient;
    const tied = TIED_TO_ADVANCEMENT[criterion];
    if (criterion === 'unlock_right_away') {
      grant(recipes, criterion, player.advancementsSince ?? player.firstJoin);
    } else if (tied !== undefined) {
      const adv = advancements.get(tied);
      const time = adv?.done ? adv.criteria[adv.criteria.length - 1]?.[1] : undefined;
      if (time !== undefined) grant(recipes, criterion, time);
    } else {
      // Personal variation grows with the tier: everyone starts with logs and planks.
      candidates.push({ ingredient, score: tier + (1 - popularity) * Math.max(tier, 0.1) + rng.normal() * 0.12 * tier });
    }
  }

  // Everything else in this player's own order, until they hold their share of recipes. Nothing
  // is held that lies well beyond the player's progression (no netherite recipes without the Nether).
  const target = Math.round((15 + 240 * Math.log10(1 + hours)) * rng.jitter(0.25));
  candidates.sort((a, b) => a.score - b.score);
  const chosen: Ingredient[] = [];
  let held = out.size;
  for (const { ingredient } of candidates) {
    if (held >= target) break;
    if (ingredient.tier > player.level + 0.05) continue;
    chosen.push(ingredient);
    held += ingredient.recipes.length;
  }
  // The first ingredients come minutes after joining, the rest spread over the player's play.
  chosen.forEach((ingredient, i) => {
    const progress = Math.pow(i / Math.max(chosen.length, 1), 1.8) * rng.between(0.8, 1.2);
    const fraction = Math.min(0.995, progress + rng.between(1, 10) / 60 / Math.max(hours, 0.1));
    grant(ingredient.recipes, ingredient.criterion, remap(Math.round(wallTimeAt(player.sessions, fraction) / 1000) * 1000));
  });

  const givenAt = player.recipesGivenAt;
  if (givenAt !== null) {
    for (const r of vanillaRecipes) {
      const id = `minecraft:recipes/${r.path}`;
      const at = out.get(id)?.criteria[0]?.[1];
      if (at === undefined || at > givenAt) out.set(id, { criteria: [['has_the_recipe', givenAt]], done: true });
    }
  }
  return out;
}

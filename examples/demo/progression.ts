// The core catalogue is imported by path, not by package name: the generator runs in npm's
// `prepare` step with plain `--import tsx`, before anything is built and without the `source`
// export condition. The catalogue module holds only data (no Node or heavy imports).
import { advancementCatalogue } from '../../packages/core/src/catalogue/advancement-catalogue.js';
import type { AdvancementDefinition } from '../../packages/core/src/catalogue/types.js';
import { compareText } from './compare.js';
import { criteriaAddedIn } from './criteria-added-in.js';
import type { PlayerPlan } from './population.js';
import type { Random } from './random.js';
import { wallTimeAt, type Session } from './sessions.js';
import type { ServerClock } from './timeline.js';

// Which vanilla advancements a player holds, with the moment each criterion was obtained.
//
// Each advancement has a difficulty on the same 0..1 scale as a player's level; level L means
// "as far as someone with 3001^L - 1 hours usually gets", so difficulty d is typically reached
// after about 3001^d - 1 hours of play (0.1 ≈ 1 h, 0.3 ≈ 10 h, 0.6 ≈ 120 h, 0.8 ≈ 600 h). Story comes
// first, the Nether and the End later, challenges last. A child is earned only after its parent,
// and nothing before the server ran the game version that added it.

/** Typical progression point of each advancement (path below `minecraft:`). */
const DIFFICULTY: Readonly<Record<string, number>> = {
  'story/root': 0, 'story/mine_stone': 0.01, 'story/upgrade_tools': 0.03, 'story/smelt_iron': 0.1,
  'story/iron_tools': 0.13, 'story/obtain_armor': 0.16, 'story/lava_bucket': 0.17,
  'story/form_obsidian': 0.25, 'story/deflect_arrow': 0.3, 'story/mine_diamond': 0.3,
  'story/enter_the_nether': 0.3, 'story/enchant_item': 0.38, 'story/shiny_gear': 0.45,
  'story/follow_ender_eye': 0.55, 'story/enter_the_end': 0.58, 'story/cure_zombie_villager': 0.7,

  'nether/root': 0.3, 'nether/obtain_crying_obsidian': 0.4, 'nether/distract_piglin': 0.4,
  'nether/find_fortress': 0.42, 'nether/obtain_blaze_rod': 0.45, 'nether/find_bastion': 0.45,
  'nether/loot_bastion': 0.5, 'nether/brew_potion': 0.52, 'nether/ride_strider': 0.55,
  'nether/charge_respawn_anchor': 0.55, 'nether/obtain_ancient_debris': 0.55,
  'nether/return_to_sender': 0.6, 'nether/get_wither_skull': 0.6, 'nether/fast_travel': 0.62,
  'nether/explore_nether': 0.66, 'nether/netherite_armor': 0.72, 'nether/summon_wither': 0.72,
  'nether/create_beacon': 0.74, 'nether/ride_strider_in_overworld_lava': 0.8,
  'nether/create_full_beacon': 0.82, 'nether/uneasy_alliance': 0.85, 'nether/all_potions': 0.9,
  'nether/all_effects': 1,

  'end/root': 0.58, 'end/kill_dragon': 0.62, 'end/enter_end_gateway': 0.66, 'end/find_end_city': 0.68,
  'end/elytra': 0.71, 'end/dragon_breath': 0.72, 'end/levitate': 0.74, 'end/dragon_egg': 0.75,
  'end/respawn_dragon': 0.8,

  'adventure/root': 0.02, 'adventure/kill_a_mob': 0.03, 'adventure/sleep_in_bed': 0.08,
  'adventure/trade': 0.2, 'adventure/shoot_arrow': 0.2, 'adventure/ol_betsy': 0.35,
  'adventure/voluntary_exile': 0.4, 'adventure/minecraft_trials_edition': 0.4,
  'adventure/whos_the_pillager_now': 0.45, 'adventure/brush_armadillo': 0.45,
  'adventure/walk_on_powder_snow_with_leather_boots': 0.45, 'adventure/summon_iron_golem': 0.5,
  'adventure/avoid_vibration': 0.5, 'adventure/honey_block_slide': 0.5, 'adventure/salvage_sherd': 0.5,
  'adventure/under_lock_and_key': 0.5, 'adventure/spyglass_at_parrot': 0.5,
  'adventure/throw_trident': 0.55, 'adventure/kill_mob_near_sculk_catalyst': 0.55,
  'adventure/sniper_duel': 0.55, 'adventure/crafters_crafting_crafters': 0.55,
  'adventure/heart_transplanter': 0.55, 'adventure/lighten_up': 0.55, 'adventure/who_needs_rockets': 0.55,
  'adventure/trim_with_any_armor_pattern': 0.55, 'adventure/use_lodestone': 0.55,
  'adventure/totem_of_undying': 0.6, 'adventure/bullseye': 0.6, 'adventure/hero_of_the_village': 0.6,
  'adventure/craft_decorated_pot_using_only_sherds': 0.6, 'adventure/fall_from_world_height': 0.6,
  'adventure/play_jukebox_in_meadows': 0.6, 'adventure/spyglass_at_ghast': 0.6,
  'adventure/spear_many_mobs': 0.65, 'adventure/blowback': 0.65, 'adventure/revaulting': 0.7,
  'adventure/read_power_of_chiseled_bookshelf': 0.7, 'adventure/trade_at_world_height': 0.75,
  'adventure/overoverkill': 0.75, 'adventure/spyglass_at_dragon': 0.75,
  'adventure/two_birds_one_arrow': 0.8, 'adventure/very_very_frightening': 0.85,
  'adventure/lightning_rod_with_villager_no_fire': 0.85, 'adventure/arbalistic': 0.92,
  'adventure/trim_with_all_exclusive_armor_patterns': 0.93, 'adventure/kill_all_mobs': 1,
  'adventure/adventuring_time': 1.02,

  'husbandry/root': 0.01, 'husbandry/plant_seed': 0.06, 'husbandry/breed_an_animal': 0.15,
  'husbandry/tame_an_animal': 0.25, 'husbandry/fishy_business': 0.3,
  'husbandry/safely_harvest_honey': 0.4, 'husbandry/tactical_fishing': 0.45, 'husbandry/wax_on': 0.45,
  'husbandry/make_a_sign_glow': 0.45, 'husbandry/wax_off': 0.47, 'husbandry/axolotl_in_a_bucket': 0.5,
  'husbandry/tadpole_in_a_bucket': 0.5, 'husbandry/allay_deliver_item_to_player': 0.55,
  'husbandry/remove_wolf_armor': 0.55, 'husbandry/place_dried_ghast_in_water': 0.55,
  'husbandry/silk_touch_nest': 0.6, 'husbandry/ride_a_boat_with_a_goat': 0.6,
  'husbandry/repair_wolf_armor': 0.6, 'husbandry/obtain_sniffer_egg': 0.7,
  'husbandry/kill_axolotl_target': 0.7, 'husbandry/feed_snifflet': 0.75,
  'husbandry/leash_all_frog_variants': 0.75, 'husbandry/plant_any_sniffer_seed': 0.78,
  'husbandry/obtain_netherite_hoe': 0.8, 'husbandry/allay_deliver_cake_to_note_block': 0.8,
  'husbandry/froglights': 0.85, 'husbandry/complete_catalogue': 0.93, 'husbandry/whole_pack': 0.94,
  'husbandry/balanced_diet': 0.98, 'husbandry/bred_all_animals': 0.98,
};

/** Multi-group advancements: the level at which their first criteria start coming in. */
const PROGRESS_START: Readonly<Record<string, number>> = {
  'adventure/adventuring_time': 0, 'adventure/kill_all_mobs': 0.03, 'husbandry/balanced_diet': 0.02,
  'husbandry/bred_all_animals': 0.15, 'husbandry/complete_catalogue': 0.3, 'husbandry/whole_pack': 0.35,
  'nether/explore_nether': 0.3, 'husbandry/leash_all_frog_variants': 0.55,
  'adventure/trim_with_all_exclusive_armor_patterns': 0.6, 'adventure/salvage_sherd': 0.45,
};

/** Criteria most players reach late (rare biomes, mobs, foods, variants): they sort last. */
const LATE_CRITERIA: Readonly<Record<string, readonly string[]>> = {
  'adventure/adventuring_time': [
    'minecraft:mushroom_fields', 'minecraft:deep_dark', 'minecraft:badlands', 'minecraft:eroded_badlands',
    'minecraft:wooded_badlands', 'minecraft:ice_spikes', 'minecraft:bamboo_jungle', 'minecraft:sparse_jungle',
    'minecraft:jungle', 'minecraft:warm_ocean', 'minecraft:deep_lukewarm_ocean', 'minecraft:deep_frozen_ocean',
    'minecraft:mangrove_swamp', 'minecraft:cherry_grove', 'minecraft:pale_garden', 'minecraft:jagged_peaks',
    'minecraft:frozen_peaks', 'minecraft:stony_peaks', 'minecraft:snowy_beach', 'minecraft:windswept_savanna',
    'minecraft:savanna_plateau', 'minecraft:old_growth_spruce_taiga', 'minecraft:old_growth_pine_taiga',
  ],
  'adventure/kill_all_mobs': [
    'minecraft:elder_guardian', 'minecraft:evoker', 'minecraft:ravager', 'minecraft:vex', 'minecraft:shulker',
    'minecraft:wither', 'minecraft:ender_dragon', 'minecraft:breeze', 'minecraft:bogged', 'minecraft:creaking',
    'minecraft:camel_husk', 'minecraft:parched', 'minecraft:zombie_horse', 'minecraft:zombie_nautilus',
    'minecraft:piglin_brute', 'minecraft:zoglin', 'minecraft:endermite', 'minecraft:hoglin', 'minecraft:ghast',
    'minecraft:guardian', 'minecraft:stray', 'minecraft:husk',
  ],
  'husbandry/balanced_diet': [
    'enchanted_golden_apple', 'chorus_fruit', 'suspicious_stew', 'rabbit_stew', 'pufferfish', 'poisonous_potato',
    'tropical_fish', 'cooked_rabbit', 'rabbit', 'glow_berries', 'beetroot_soup', 'honey_bottle', 'golden_apple',
    'spider_eye', 'mushroom_stew', 'pumpkin_pie', 'cookie', 'dried_kelp',
  ],
  'husbandry/bred_all_animals': [
    'minecraft:nautilus', 'minecraft:sniffer', 'minecraft:turtle', 'minecraft:hoglin', 'minecraft:strider',
    'minecraft:panda', 'minecraft:axolotl', 'minecraft:frog', 'minecraft:camel', 'minecraft:armadillo',
    'minecraft:ocelot', 'minecraft:mooshroom', 'minecraft:goat', 'minecraft:mule', 'minecraft:fox',
  ],
  'nether/explore_nether': ['minecraft:basalt_deltas', 'minecraft:warped_forest'],
};

/** OR-groups: the criterion that usually completes the advancement (others are picked rarely). */
const USUAL_CRITERIA: Readonly<Record<string, readonly string[]>> = {
  'adventure/root': ['killed_something'],
  'adventure/kill_a_mob': ['minecraft:zombie', 'minecraft:skeleton', 'minecraft:spider', 'minecraft:creeper', 'minecraft:drowned'],
  'husbandry/plant_seed': ['wheat', 'wheat', 'beetroots', 'pumpkin_stem', 'melon_stem'],
  'husbandry/fishy_business': ['cod', 'cod', 'salmon'],
  'husbandry/tactical_fishing': ['cod_bucket', 'salmon_bucket'],
  'nether/loot_bastion': ['loot_bastion_other', 'loot_bastion_bridge'],
  'nether/distract_piglin': ['distract_piglin'],
  'adventure/read_power_of_chiseled_bookshelf': ['chiseled_bookshelf'],
  'adventure/heart_transplanter': ['place_creaking_heart_dormant', 'place_pale_oak_log'],
  'husbandry/plant_any_sniffer_seed': ['torchflower', 'pitcher_pod'],
  'adventure/salvage_sherd': ['desert_pyramid', 'trail_ruins_common', 'desert_well', 'has_sherd'],
};

/** One advancement as it will be written: obtained criteria with times, and the done flag. */
export interface Earned {
  readonly criteria: ReadonlyArray<readonly [criterion: string, time: number]>;
  readonly done: boolean;
}

const HOUR = 3_600_000;
const key = (id: string): string => id.replace(/^minecraft:/, '');
const sigmoid = (x: number): number => 1 / (1 + Math.exp(-x));

/** Hours of play at which progression point `d` is usually reached. */
const hoursFor = (d: number): number => Math.pow(3001, Math.max(0, d)) - 1;

/**
 * The 1.21.11 vanilla advancements (the demo is a 1.21.11 server, so ids the game has since
 * removed, like `nether/use_lodestone`, are left out), ordered so every parent comes before its
 * children.
 */
const ORDERED: readonly AdvancementDefinition[] = (() => {
  const current = advancementCatalogue.filter((a) => a.removedInDataVersion === null);
  const byId = new Map(current.map((a) => [a.id, a]));
  const depth = (a: AdvancementDefinition): number => {
    const parent = a.parent ? byId.get(a.parent) : undefined;
    return parent ? 1 + depth(parent) : 0;
  };
  return current.sort((a, b) => depth(a) - depth(b) || compareText(a.id, b.id));
})();

/**
 * Earns a player's vanilla advancements. Returns entries by full id, including partially complete
 * multi-criteria ones (`done: false`). For a predating player every time falls after
 * `advancementsSince`, as if the file had been started over then.
 */
export function earnAdvancements(rng: Random, clock: ServerClock, player: PlayerPlan): Map<string, Earned> {
  const hours = player.playMs / HOUR;
  const level = player.level;
  const sessions = player.sessions;
  const earned = new Map<string, Earned>();
  const doneAt = new Map<string, number>();

  /** Play fraction (0..1) at which `hoursIn` hours had been played, jittered and kept in range. */
  const fractionAt = (hoursIn: number): number => {
    const f = hoursIn / Math.max(hours, 1e-6);
    return f < 0.98 ? f : rng.between(0.6, 0.995);
  };
  const fractionOfTime = (t: number): number => {
    let played = 0;
    for (const s of sessions) {
      if (t <= s.start) break;
      played += Math.min(t, s.end) - s.start;
    }
    return played / Math.max(player.playMs, 1);
  };
  const remap = predatingRemap(rng, player);
  const placeAt = (fraction: number, notBefore: number): number => {
    let t = remap(Math.round(wallTimeAt(sessions, fraction) / 1000) * 1000);
    if (t < notBefore) t = Math.min(notBefore + rng.int(1, 600) * 1000, player.lastOnline);
    return t;
  };

  for (const adv of ORDERED) {
    const k = key(adv.id);
    const d = DIFFICULTY[k] ?? 0.5;
    const available = clock.availableFromDataVersion(adv.addedInDataVersion);
    if (available >= player.lastOnline) continue;
    const availableFraction = fractionOfTime(available);
    const parentTime = adv.parent ? doneAt.get(adv.parent) : undefined;
    const parentDone = adv.parent === null || parentTime !== undefined;
    const addedIn = criteriaAddedIn[adv.id] ?? {};
    const criterionAvailable = (c: string): number => clock.availableFrom(addedIn[c]);

    if (adv.requirements.length === 1) {
      if (!parentDone || !rng.chance(sigmoid((level - d) / 0.06))) continue;
      const minutes = d < 0.05 ? rng.between(1, 8) / 60 : 0;
      let fraction = fractionAt(hoursFor(d) * rng.jitter(0.35) + minutes);
      fraction = Math.max(fraction, availableFraction + 0.001);
      if (fraction >= 1) continue;
      const t = placeAt(fraction, parentTime ?? 0);
      const options = (adv.requirements[0] ?? []).filter((c) => criterionAvailable(c) <= t);
      if (options.length === 0) continue;
      const usual = (USUAL_CRITERIA[k] ?? []).filter((c) => options.includes(c));
      const criterion = usual.length > 0 && rng.chance(0.85) ? rng.pick(usual) : rng.pick(options);
      earned.set(adv.id, { criteria: [[criterion, t]], done: true });
      doneAt.set(adv.id, t);
      continue;
    }

    // Several AND-ed groups (biomes, mobs, foods...): criteria trickle in, common ones first.
    const start = PROGRESS_START[k] ?? d / 2;
    if (level < start + 0.01) continue;
    const groups = adv.requirements.length;
    const full = parentDone && rng.chance(sigmoid((level - d) / 0.05));
    const reach = Math.min(1, Math.max(0, (level - start) / Math.max(d - start, 0.05)));
    const count = full ? groups : Math.min(groups - 1, Math.max(1, Math.round(groups * reach * rng.between(0.45, 1))));
    const late = new Set(LATE_CRITERIA[k] ?? []);
    const usual = USUAL_CRITERIA[k] ?? [];
    const chosen = adv.requirements
      .map((group) => {
        const preferred = group.filter((c) => usual.includes(c));
        const c = preferred.length > 0 && rng.chance(0.8) ? rng.pick(preferred) : rng.pick(group);
        return { c, score: (late.has(c) ? 1 : 0) + rng.float() * 0.9 };
      })
      .sort((a, b) => a.score - b.score)
      .slice(0, count)
      .map((x) => x.c);
    const fromHours = hoursFor(start) * rng.jitter(0.3);
    const toHours = full ? Math.min(hours, hoursFor(d) * rng.jitter(0.3)) : hours;
    const offsets = chosen.map(() => Math.pow(rng.float(), 1.6)).sort((a, b) => a - b);
    const criteria: [string, number][] = [];
    chosen.forEach((c, i) => {
      let fraction = fractionAt(fromHours + (offsets[i] ?? 0) * Math.max(0, toHours - fromHours));
      const from = Math.max(available, criterionAvailable(c));
      if (from >= player.lastOnline) return;
      fraction = Math.max(fraction, fractionOfTime(from) + 0.001);
      if (fraction >= 1) return;
      criteria.push([c, placeAt(fraction, from)]);
    });
    if (criteria.length === 0) continue;
    criteria.sort((a, b) => a[1] - b[1] || compareText(a[0], b[0]));
    const done = criteria.length === groups;
    earned.set(adv.id, { criteria, done });
    if (done) doneAt.set(adv.id, (criteria[criteria.length - 1] as [string, number])[1]);
  }
  return earned;
}

/**
 * For a predating player: moves every time before `advancementsSince` into the sessions after it.
 * Most re-earned advancements come back in the first session after the restart (the inventory
 * and location triggers fire at once), the rest spread over the days that follow.
 */
export function predatingRemap(rng: Random, player: PlayerPlan): (time: number) => number {
  const since = player.advancementsSince;
  if (since === null) return (t) => t;
  const after: Session[] = player.sessions.filter((s) => s.start >= since);
  const first = after[0];
  if (!first) return (t) => Math.max(t, since);
  return (t) => {
    if (t >= since) return t;
    const moved = rng.chance(0.75)
      ? first.start + (first.end - first.start) * Math.pow(rng.float(), 2)
      : wallTimeAt(after, rng.float());
    return Math.round(moved / 1000) * 1000;
  };
}

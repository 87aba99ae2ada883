import type { PlayerPlan } from './population.js';
import type { Earned } from './progression.js';
import type { Random } from './random.js';
import type { Session } from './sessions.js';
import { statRates } from './stat-rates.js';
import type { ServerClock } from './timeline.js';

// A player's `stats/<uuid>.json` counters, coherent with their play time and their advancements:
// rates per hour of play (stat-rates.ts) scaled by the player's play-style weights, counted only
// from the moment the player could do the thing (after the gating advancement, after the game
// version that added it), then a few hard links (holding `story/mine_diamond` means at least one
// diamond was picked up, every mob in kill_all_mobs was killed at least once, and so on).

/** `stats[type][key]`, namespaced ids, as in the file. */
export type StatCounters = Record<string, Record<string, number>>;

const HOUR = 3_600_000;
const TICKS_PER_HOUR = 72_000;
const INT_MAX = 2_147_483_647;
const STYLES = ['mine', 'build', 'fight', 'farm', 'explore', 'tech', 'trade'] as const;

/** Advancement held ⇒ at least this much of a stat (type and key without `minecraft:`). */
const IMPLIED: readonly (readonly [advancement: string, type: string, key: string, min: number])[] = [
  ['story/root', 'crafted', 'crafting_table', 1],
  ['story/mine_stone', 'picked_up', 'cobblestone', 1],
  ['story/upgrade_tools', 'crafted', 'stone_pickaxe', 1],
  ['story/smelt_iron', 'crafted', 'iron_ingot', 1],
  ['story/iron_tools', 'crafted', 'iron_pickaxe', 1],
  ['story/mine_diamond', 'picked_up', 'diamond', 1],
  ['story/mine_diamond', 'mined', 'deepslate_diamond_ore', 1],
  ['story/enchant_item', 'custom', 'enchant_item', 1],
  ['story/follow_ender_eye', 'used', 'ender_eye', 1],
  ['adventure/sleep_in_bed', 'custom', 'sleep_in_bed', 1],
  ['adventure/trade', 'custom', 'traded_with_villager', 1],
  ['adventure/shoot_arrow', 'used', 'bow', 1],
  ['adventure/ol_betsy', 'used', 'crossbow', 1],
  ['adventure/throw_trident', 'used', 'trident', 1],
  ['adventure/totem_of_undying', 'used', 'totem_of_undying', 1],
  ['adventure/voluntary_exile', 'killed', 'pillager', 1],
  ['adventure/hero_of_the_village', 'custom', 'raid_win', 1],
  ['adventure/hero_of_the_village', 'custom', 'raid_trigger', 1],
  ['husbandry/breed_an_animal', 'custom', 'animals_bred', 1],
  ['husbandry/fishy_business', 'custom', 'fish_caught', 1],
  ['nether/obtain_blaze_rod', 'killed', 'blaze', 1],
  ['nether/obtain_ancient_debris', 'mined', 'ancient_debris', 1],
  ['nether/netherite_armor', 'crafted', 'netherite_ingot', 4],
  ['end/elytra', 'picked_up', 'elytra', 1],
];

const ns = (path: string): string => `minecraft:${path}`;

function bump(stats: StatCounters, type: string, key: string, min: number): void {
  const bucket = (stats[type] ??= {});
  if ((bucket[key] ?? 0) < min) bucket[key] = min;
}

/** Time at which an advancement was completed, or undefined. */
function doneAt(advancements: ReadonlyMap<string, Earned>, id: string): number | undefined {
  const a = advancements.get(id);
  if (!a?.done) return undefined;
  return a.criteria.reduce((latest, [, t]) => Math.max(latest, t), 0);
}

function playedAfter(sessions: readonly Session[], time: number): number {
  return sessions.reduce((sum, s) => sum + Math.max(0, s.end - Math.max(s.start, time)), 0);
}

/**
 * Builds the stats file content for one player. `advancements` is the player's real progress
 * (also for players whose advancement file is not written or starts late).
 */
export function buildStats(
  rng: Random,
  clock: ServerClock,
  player: PlayerPlan,
  advancements: ReadonlyMap<string, Earned>,
): StatCounters {
  const stats: StatCounters = {};
  const style = Object.fromEntries(STYLES.map((s) => [s, rng.jitter(0.55)])) as Record<string, number>;
  // Advancement times are remapped for predating players; the counters reflect their true history,
  // so a gate they had passed before the restart counts from their first join.
  const gateTime = (id: string): number | undefined => {
    const t = doneAt(advancements, id);
    if (t === undefined) return undefined;
    return player.advancementsSince !== null && t >= player.advancementsSince ? player.firstJoin : t;
  };

  // Experienced players die less per hour: 1 at the start, about a third after 1,000 hours.
  const survival = 1 / Math.sqrt(1 + player.playMs / HOUR / 150);
  for (const rate of statRates) {
    const habit = rng.float();
    const noise = rng.jitter(0.35);
    if (habit >= rate.habit) continue;
    let from = clock.availableFrom(rate.since);
    if (rate.gate) {
      const t = gateTime(rate.gate);
      if (t === undefined) continue;
      from = Math.max(from, t);
    }
    const hours = playedAfter(player.sessions, from) / HOUR;
    const care = rate.type === 'minecraft:killed_by' ? survival : 1;
    const lambda = rate.perHour * hours * (style[rate.style] ?? 1) * noise * care;
    const value = Math.min(INT_MAX, rng.poisson(lambda));
    if (value > 0) (stats[rate.type] ??= {})[rate.key] = value;
  }

  for (const [adv, type, key, min] of IMPLIED) {
    if (doneAt(advancements, ns(adv)) !== undefined) bump(stats, ns(type), ns(key), min);
  }
  // Criteria that name a mob were earned by killing it; bred_all_animals needs that many breedings.
  for (const id of ['minecraft:adventure/kill_a_mob', 'minecraft:adventure/kill_all_mobs']) {
    for (const [criterion] of advancements.get(id)?.criteria ?? []) bump(stats, 'minecraft:killed', criterion, 1);
  }
  const bred = advancements.get('minecraft:husbandry/bred_all_animals')?.criteria.length ?? 0;
  if (bred > 0) bump(stats, 'minecraft:custom', 'minecraft:animals_bred', bred + rng.poisson(bred));

  const custom = (stats['minecraft:custom'] ??= {});
  const playTime = Math.floor((player.playMs / 50) * rng.between(0.985, 0.999));
  custom['minecraft:play_time'] = playTime;
  custom['minecraft:total_world_time'] = playTime + Math.floor(playTime * rng.between(0, 0.002));
  custom['minecraft:leave_game'] = player.sessions.length;
  // Deaths without a killer (falls, lava, drowning) on top of the ones with one.
  const hours = player.playMs / HOUR;
  const withKiller = Object.values(stats['minecraft:killed_by'] ?? {}).reduce((a, b) => a + b, 0);
  custom['minecraft:deaths'] = withKiller + rng.poisson(hours * 0.25 * survival * Math.sqrt(style.explore ?? 1));
  deriveTotals(stats);
  if (advancements.get('minecraft:adventure/root')?.criteria.some(([c]) => c === 'killed_by_something')) {
    bump(stats, 'minecraft:custom', 'minecraft:deaths', 1);
  }
  const deaths = custom['minecraft:deaths'] ?? 0;
  custom['minecraft:time_since_death'] = deaths > 0
    ? Math.floor(rng.between(0.05, 1) * Math.min(playTime, 20 * TICKS_PER_HOUR))
    : playTime;
  custom['minecraft:time_since_rest'] = (custom['minecraft:sleep_in_bed'] ?? 0) > 0
    ? Math.floor(rng.between(0.05, 1) * Math.min(playTime, 3 * TICKS_PER_HOUR))
    : playTime;
  return sortStats(stats);
}

/**
 * Recomputes the counters that are sums of others: mob_kills is every kill but players,
 * player_kills the players, and deaths is at least the deaths with a killer. Call again after
 * editing kills or killers.
 */
export function deriveTotals(stats: StatCounters): void {
  const killed = stats['minecraft:killed'] ?? {};
  const custom = (stats['minecraft:custom'] ??= {});
  let mobs = 0;
  for (const [key, n] of Object.entries(killed)) if (key !== 'minecraft:player') mobs += n;
  if (mobs > 0) custom['minecraft:mob_kills'] = mobs;
  else delete custom['minecraft:mob_kills'];
  const players = killed['minecraft:player'] ?? 0;
  if (players > 0) custom['minecraft:player_kills'] = players;
  else delete custom['minecraft:player_kills'];
  const withKiller = Object.values(stats['minecraft:killed_by'] ?? {}).reduce((a, b) => a + b, 0);
  if ((custom['minecraft:deaths'] ?? 0) < withKiller) custom['minecraft:deaths'] = withKiller;
  if ((custom['minecraft:deaths'] ?? 0) === 0) delete custom['minecraft:deaths'];
}

/** Same counters with types and keys in a stable (sorted) order, zeros dropped. */
export function sortStats(stats: StatCounters): StatCounters {
  const out: StatCounters = {};
  for (const type of Object.keys(stats).sort()) {
    const bucket = stats[type] ?? {};
    const keys = Object.keys(bucket).filter((k) => (bucket[k] ?? 0) > 0).sort();
    if (keys.length === 0) continue;
    out[type] = Object.fromEntries(keys.map((k) => [k, bucket[k] as number]));
  }
  return out;
}

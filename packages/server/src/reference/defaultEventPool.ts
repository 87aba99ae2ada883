/**
 * Stats the weekly events pick from when the configuration names none (DECISIONS 16): things
 * every survival player does, so no week is won by nobody. The record keeps these counters at
 * every pull, so each event has its baseline.
 */
export const DEFAULT_EVENT_POOL: readonly string[] = Object.freeze([
  'jump',
  'walk_one_cm',
  'mined_total',
  'mined_ores_total',
  'killed_hostile_total',
  'fish_caught',
  'animals_bred',
  'traded_with_villager',
  'crafted_total',
  'mob_kills',
]);

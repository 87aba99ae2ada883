// The one advancement fact the demo needs that the core catalogue does not hold: the catalogue
// lists each advancement's criteria as of its newest version, so it cannot say that a server on
// 1.21.4 could not yet have seen a camel husk. These are the criteria added after 1.20 to
// advancements that already existed, by the game version that added them (the `criteria_history`
// of the vanilla facts file), so the demo never awards one before the server ran that version.
// Whole advancements added later carry their own `addedInDataVersion` in the catalogue.

/** Hostile mobs added to Monster Hunter and Monsters Hunted after 1.20. */
const NEW_MOBS: Readonly<Record<string, string>> = {
  'minecraft:bogged': '1.21',
  'minecraft:breeze': '1.21',
  'minecraft:creaking': '1.21.4',
  'minecraft:camel_husk': '1.21.11',
  'minecraft:parched': '1.21.11',
  'minecraft:zombie_horse': '1.21.11',
  'minecraft:zombie_nautilus': '1.21.11',
};

/** Criterion → game version that added it, by full advancement id; absent = there since 1.20. */
export const criteriaAddedIn: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  'minecraft:adventure/adventuring_time': { 'minecraft:pale_garden': '1.21.4' },
  'minecraft:adventure/kill_a_mob': NEW_MOBS,
  'minecraft:adventure/kill_all_mobs': NEW_MOBS,
  'minecraft:adventure/trim_with_any_armor_pattern': {
    'armor_trimmed_minecraft:bolt_armor_trim_smithing_template_smithing_trim': '1.21',
    'armor_trimmed_minecraft:flow_armor_trim_smithing_template_smithing_trim': '1.21',
  },
  'minecraft:husbandry/bred_all_animals': { 'minecraft:armadillo': '1.20.5', 'minecraft:nautilus': '1.21.11' },
};

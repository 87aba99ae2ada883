import { statCatalogue } from '@blockstats/core';

/** A title and description with a `{name}` placeholder. */
export type NameTemplate = readonly [title: string, description: string];

/**
 * The statistics of one pattern over many names, in one language: a kill per hostile mob, a
 * death per killer, an ore mined. The names are the game's (mobs, blocks); the pattern says the
 * rest, so a language names each mob once.
 */
export interface StatFamilies {
  /** Mob names by registry path: every hostile mob, and `player` (the killer of PvP deaths). */
  readonly mobs: Readonly<Record<string, string>>;
  /** Ore names by the stat's suffix (`coal_ore` … `emerald_ore`). */
  readonly ores: Readonly<Record<string, string>>;
  /** `killed_<mob>`: `{name}` is the mob. */
  readonly killed: NameTemplate;
  /** `killed_by_<mob>`: `{name}` is the mob. */
  readonly killedBy: NameTemplate;
  /** `killed_by_player`. */
  readonly killedByPlayer: NameTemplate;
  /** `mined_<ore>` (the ore with its deepslate variant): `{name}` is the ore. */
  readonly mined: NameTemplate;
}

const fill = (template: NameTemplate, name: string): readonly [string, string] => [template[0].replace('{name}', name), template[1].replace('{name}', name)];

const ids = new Set(statCatalogue.map((s) => s.id));

/**
 * The titles and descriptions of every statistic of the families, by id (only ids of the
 * catalogue: a name the catalogue does not track adds nothing).
 *
 * @example
 * familyStats(german)['killed_zombie']; // ['Getötet: Zombie', 'Vom Spieler getötete Zombies (Zombie).']
 */
export function familyStats(families: StatFamilies): Record<string, readonly [string, string]> {
  const out: Record<string, readonly [string, string]> = {};
  for (const [path, name] of Object.entries(families.mobs)) {
    if (path !== 'player' && ids.has(`killed_${path}`)) out[`killed_${path}`] = fill(families.killed, name);
    if (ids.has(`killed_by_${path}`)) out[`killed_by_${path}`] = path === 'player' ? families.killedByPlayer : fill(families.killedBy, name);
  }
  for (const [suffix, name] of Object.entries(families.ores)) if (ids.has(`mined_${suffix}`)) out[`mined_${suffix}`] = fill(families.mined, name);
  return out;
}

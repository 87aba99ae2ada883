/**
 * Where a language's catalogue (src/i18n/catalogue/<tag>.ts) names a thing of the game otherwise
 * than the game itself does in that language: a tool of check-game-names.ts, not of the server.
 *
 * Compared, each against its key in the game's language file (`de_de.json` …):
 * - every advancement's title and description (`advancements.<tab>.<name>.title|description`);
 * - the title of every `minecraft:custom` statistic, which is the game's own name in English too
 *   (`stat.minecraft.<id>`);
 * - every mob a kill or death statistic names (`entity.minecraft.<mob>`: the title must hold the
 *   game's name of the mob as written, since the family templates insert it unchanged) and every
 *   ore a mining statistic names (`block.minecraft.<ore>`).
 */
import { advancementCatalogue, statCatalogue } from '@blockstats/core';
import type { CatalogueTranslation } from '../../src/i18n/CatalogueTranslation.js';

/** A language file of the game: translation key → text. */
export type GameLang = Readonly<Record<string, string>>;

/** One name of ours that is not the game's. */
export interface GameNameMismatch {
  /** What it names: `advancement story/mine_stone title`, `stat jump`, `mob killed_zombie`. */
  readonly what: string;
  /** The game's key. */
  readonly key: string;
  /** Ours. */
  readonly ours: string;
  /** The game's, or null when the game's file lacks the key. */
  readonly game: string | null;
}

/**
 * Three advancements whose translation keys are not their ids (vanilla NOTES.md, section 2); a
 * removed advancement keeps its key (the game's file still holds `advancements.nether.use_lodestone`).
 */
const KEY_OF: Readonly<Record<string, string>> = {
  'adventure/read_power_of_chiseled_bookshelf': 'adventure/read_power_from_chiseled_bookshelf',
  'husbandry/obtain_netherite_hoe': 'husbandry/netherite_hoe',
  'husbandry/bred_all_animals': 'husbandry/breed_all_animals',
};

/** The game's key of an advancement's title or description. */
export function advancementKey(id: string, part: 'title' | 'description'): string {
  return `advancements.${(KEY_OF[id] ?? id).replace('/', '.')}.${part}`;
}

const customStats = statCatalogue.filter((s) => s.sources.length === 1 && s.sources[0]!.type === 'minecraft:custom');

/** The hostile mobs, each with a `killed_<mob>` statistic whose title the family template makes. */
const hostile = new Set(statCatalogue.find((s) => s.id === 'killed_hostile_total')!.sources[0]!.keys ?? []);

/** The mob or ore a family statistic names: [game key, stat id], for every such stat of the catalogue. */
function familyNames(): Array<readonly [key: string, statId: string]> {
  const out: Array<readonly [string, string]> = [];
  for (const stat of statCatalogue) {
    const source = stat.sources[0]!;
    const keys = source.keys ?? [];
    let match: RegExpExecArray | null;
    if ((match = /^killed_by_(.+)$/.exec(stat.id)) && source.type === 'minecraft:killed_by' && keys.length === 1) out.push([`entity.minecraft.${match[1]}`, stat.id]);
    else if ((match = /^killed_(.+)$/.exec(stat.id)) && source.type === 'minecraft:killed' && keys.length === 1 && keys[0] === `minecraft:${match[1]}` && hostile.has(keys[0])) out.push([`entity.minecraft.${match[1]}`, stat.id]);
    else if ((match = /^mined_(\w+_ore)$/.exec(stat.id)) && source.type === 'minecraft:mined' && keys.includes(`minecraft:${match[1]}`)) out.push([`block.minecraft.${match[1]}`, stat.id]);
  }
  return out;
}

/**
 * Every name of `catalogue` that differs from the game's `lang`, in catalogue order.
 *
 * @example
 * gameNameMismatches(de, JSON.parse(readFileSync('de_de.json', 'utf8')));
 * // [{ what: 'advancement story/iron_tools title', key: 'advancements.story.iron_tools.title', ours: 'Eisen oder nicht Eisen', game: 'Zu viel Eisen im Blut' }, …]
 */
export function gameNameMismatches(catalogue: CatalogueTranslation, lang: GameLang): GameNameMismatch[] {
  const out: GameNameMismatch[] = [];
  const compare = (what: string, key: string, ours: string | undefined, matches = (game: string) => ours === game) => {
    if (ours === undefined) return;
    const game = Object.hasOwn(lang, key) ? lang[key]! : null;
    if (game === null || !matches(game)) out.push({ what, key, ours, game });
  };
  for (const advancement of advancementCatalogue) {
    const id = advancement.id.replace(/^minecraft:/, '');
    const ours = catalogue.advancements[id];
    compare(`advancement ${id} title`, advancementKey(id, 'title'), ours?.[0]);
    compare(`advancement ${id} description`, advancementKey(id, 'description'), ours?.[1]);
  }
  for (const stat of customStats) compare(`stat ${stat.id}`, `stat.minecraft.${stat.id}`, catalogue.stats[stat.id]?.[0]);
  for (const [key, statId] of familyNames()) {
    const title = catalogue.stats[statId]?.[0];
    // killed_by_player names the player, not a mob: "killed by other players" is our title.
    if (statId === 'killed_by_player') continue;
    compare(`${key.startsWith('block.') ? 'ore' : 'mob'} in ${statId}`, key, title, (game) => title!.includes(game));
  }
  return out;
}

import { findAdvancement, findStat, type Unit } from '@blockstats/core';
import type { CatalogueTranslation } from './CatalogueTranslation.js';
import { displayFormat } from './localDisplay.js';
import { rateFormat } from './localRateDisplay.js';

const UNITS: ReadonlySet<string> = new Set<Unit>(['int', 'cm', 'ticks', 'tenths_of_heart']);

/** What an API answer is translated with: the language's names and its locale's numbers. */
export interface DataTranslation {
  readonly locale: string;
  readonly catalogue: CatalogueTranslation;
}

/** The translated title and description of a statistic or advancement object, when it is one. */
function names(object: Record<string, unknown>, catalogue: CatalogueTranslation): readonly [string, string] | undefined {
  const { id, title } = object;
  if (typeof id !== 'string' || typeof title !== 'string') return undefined;
  // Only an object that carries the catalogue's own English title is the catalogue's: a data
  // pack's advancement of the same path, or a player, keeps what it says.
  const stat = findStat(id);
  if (stat && stat.title === title) return catalogue.stats[id];
  const advancement = id.includes('/') ? findAdvancement(id) : undefined;
  if (advancement && advancement.title === title) return catalogue.advancements[advancement.id.replace(/^minecraft:/, '')];
  return undefined;
}

/**
 * An API answer's data in another language: every statistic's and vanilla advancement's
 * `title` and `description`, every weekly event's title, and every value's `display` (a gain
 * per hour played, an entry with `hours_played`, by the language's `perHour`); ids,
 * numbers and everything else stay as they are. Returns new objects; the input is not changed.
 *
 * @example
 * translateData({ id: 'jump', title: 'Jumps', description: 'Times the player jumped.' }, german);
 * // { id: 'jump', title: 'Sprünge', description: 'Wie oft der Spieler gesprungen ist.' }
 */
export function translateData<T>(data: T, translation: DataTranslation): T {
  const { catalogue } = translation;
  const display = displayFormat(translation.locale, catalogue.hearts);
  const perHour = rateFormat(translation.locale, catalogue.hearts, catalogue.perHour);
  const visit = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(visit);
    if (node === null || typeof node !== 'object') return node;
    const object = node as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(object)) out[key] = visit(value);
    if (typeof object.value === 'number' && typeof object.unit === 'string' && UNITS.has(object.unit) && typeof object.display === 'string') {
      // A period board's entry per hour played (`per=hour`) carries its hours: its value is a rate.
      out.display = (typeof object.hours_played === 'number' ? perHour : display)(object.value, object.unit as Unit);
    }
    const translated = names(object, catalogue);
    if (translated) {
      out.title = translated[0];
      if (typeof object.description === 'string') out.description = translated[1];
    }
    const statRef = object.stat as { id?: unknown } | string | null | undefined;
    const statId = typeof statRef === 'string' ? statRef : typeof statRef?.id === 'string' ? statRef.id : undefined;
    if (typeof object.week === 'number' && statId !== undefined && typeof object.title === 'string') {
      const stat = findStat(statId);
      if (stat && object.title === `Week ${object.week}: ${stat.title}`) {
        out.title = catalogue.eventTitle.replace('{week}', String(object.week)).replace('{stat}', catalogue.stats[stat.id]?.[0] ?? stat.title);
      }
    }
    return out;
  };
  return visit(data) as T;
}

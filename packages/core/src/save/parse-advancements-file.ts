import { isRecipeId } from './is-recipe-id.js';
import { parseGameTime } from './parse-game-time.js';
import { scanAdvancementsFile } from './scan-advancements-file.js';
import type { AdvancementProgress, RecipeSummary } from './types.js';
import { isRecord, parseJsonObject } from './parse-json-object.js';

/** What the reader keeps of one `advancements/<uuid>.json`. */
export interface AdvancementsFileSummary {
  /** Non-recipe entries in file order. */
  advancements: AdvancementProgress[];
  dataVersion: number | null;
  recipes: RecipeSummary;
  /** Entries or criterion times that could not be read and were left out. */
  skipped: number;
}

/**
 * Reads the text of an `advancements/<uuid>.json` (pretty-printed or compact). Criterion times
 * (`yyyy-MM-dd HH:mm:ss Z`, any offset) become epoch ms; `done` defaults to true as in the game;
 * the `DataVersion` key is not an advancement; recipe unlocks are only counted (with the earliest
 * time), never kept. Throws an `Error` whose message is the reason when the text is unusable.
 *
 * @example
 * const summary = parseAdvancementsFile(JSON.stringify({
 *   'minecraft:story/root': { criteria: { crafting_table: '2024-05-01 18:03:22 +0200' }, done: true },
 *   DataVersion: 4671,
 * }));
 * summary.advancements[0];
 * // { id: 'minecraft:story/root', done: true, criteria: { crafting_table: 1714579402000 }, doneAt: 1714579402000 }
 */
export function parseAdvancementsFile(text: string): AdvancementsFileSummary {
  // Files in the game's own shape take a scanner that skips building ~1,600 recipe objects;
  // anything else (and any doubt) gets the general JSON.parse path below, with the same result.
  return scanAdvancementsFile(text) ?? parseAdvancementsJson(text);
}

/** The general path: JSON.parse, then the same summary. */
export function parseAdvancementsJson(text: string): AdvancementsFileSummary {
  const file = parseJsonObject(text);
  const advancements: AdvancementProgress[] = [];
  let recipeCount = 0;
  let recipeEarliest: number | null = null;
  let skipped = 0;
  let dataVersion: number | null = null;
  let lastText: unknown;
  let lastTime: number | null = null;

  for (const id in file) {
    const entry = file[id];
    if (id === 'DataVersion') {
      if (typeof entry === 'number' && Number.isInteger(entry) && entry > 0) dataVersion = entry;
      continue;
    }
    if (!isRecord(entry)) {
      skipped++;
      continue;
    }
    const done = entry.done !== false;
    const rawCriteria = isRecord(entry.criteria) ? entry.criteria : {};
    if (isRecipeId(id)) {
      if (done) recipeCount++;
      for (const name in rawCriteria) {
        const text = rawCriteria[name];
        // ~1,600 recipes per player, mostly unlocked in bursts: consecutive times often repeat.
        let at: number | null;
        if (text === lastText) {
          at = lastTime;
        } else {
          at = parseGameTime(text);
          lastText = text;
          lastTime = at;
        }
        if (at === null) skipped++;
        else if (recipeEarliest === null || at < recipeEarliest) recipeEarliest = at;
      }
      continue;
    }
    const criteria: Record<string, number> = {};
    let latest: number | null = null;
    for (const name in rawCriteria) {
      const at = parseGameTime(rawCriteria[name]);
      if (at === null) {
        skipped++;
        continue;
      }
      criteria[name] = at;
      if (latest === null || at > latest) latest = at;
    }
    advancements.push({ id, done, criteria, doneAt: done ? latest : null });
  }
  return { advancements, dataVersion, recipes: { count: recipeCount, earliest: recipeEarliest }, skipped };
}

import type { AdvancementPage, AdvancementSort, ListAdvancementsParams, Snapshot, SnapshotAdvancement } from '../snapshot/types.js';
import { advancementCategories, categoryOrder } from './advancement-categories.js';
import { matchesSearch } from './matches-search.js';
import { pageBounds, paginate } from './page-bounds.js';
import { QueryError } from './query-error.js';
import { toAdvancement } from './to-advancement.js';
import { holderTime } from '../snapshot/holder-times.js';

type Order = (a: SnapshotAdvancement, b: SnapshotAdvancement, ia: number, ib: number) => number;

const byTitle = (a: SnapshotAdvancement, b: SnapshotAdvancement): number => {
  const ta = a.title.toLowerCase();
  const tb = b.title.toLowerCase();
  return ta < tb ? -1 : ta > tb ? 1 : 0;
};

/** Never-earned advancements sort after every earned one. */
const firstAt = (a: SnapshotAdvancement): number => {
  const t = holderTime(a.holder_at, 0);
  return t === undefined || t === -1 ? Infinity : t;
};

/** The sorts of `/v1/advancements`; each falls back to catalogue order. */
const SORTS: Readonly<Record<AdvancementSort, Order>> = {
  rarity: (a, b) => a.holders.length - b.holders.length || byTitle(a, b),
  title: (a, b) => byTitle(a, b),
  category: (a, b) => categoryOrder(a.category, b.category),
  first: (a, b) => {
    const fa = firstAt(a);
    const fb = firstAt(b);
    return fa === fb ? 0 : fa < fb ? -1 : 1;
  },
};

/**
 * `GET /v1/advancements`: the advancement catalogue with rarity and first earner. Vanilla only
 * unless `include` is `datapack` or `all`. `sort`: `rarity` (default, rarest first), `title`,
 * `category` (tab order, then the game's order), `first` (earliest first earn on the server;
 * never-earned last). `search` matches id or title; `category` must be one of the live
 * `categories` returned alongside. Default limit 100 (DECISIONS 18). Throws a QueryError
 * (`invalid`) naming `sort`, `include` or `category` for a bad value.
 *
 * @example
 * ```ts
 * const page = listAdvancements(snapshot, { category: 'end', sort: 'rarity', limit: 3 });
 * page.items.map((a) => `${a.title}: ${a.rarity_percent}%`); // ['The End?: 4.55%', …]
 * page.categories; // ['story', 'nether', 'end', 'adventure', 'husbandry']
 * ```
 */
export function listAdvancements(snapshot: Snapshot, params: ListAdvancementsParams = {}): AdvancementPage {
  const bounds = pageBounds(params, 100);
  const sort = params.sort ?? 'rarity';
  if (!Object.hasOwn(SORTS, sort)) {
    throw new QueryError('invalid', 'sort', `sort must be one of ${Object.keys(SORTS).join(', ')}`, [String(sort)]);
  }
  if (params.include !== undefined && params.include !== 'datapack' && params.include !== 'all') {
    throw new QueryError('invalid', 'include', 'include must be datapack or all', [String(params.include)]);
  }
  const includeDatapack = params.include !== undefined;
  const categories = advancementCategories(snapshot, includeDatapack);
  if (params.category !== undefined && !categories.includes(params.category)) {
    throw new QueryError('invalid', 'category', `category must be one of ${categories.join(', ')}`, [params.category]);
  }
  const order = SORTS[sort];
  const matching: number[] = [];
  snapshot.advancements.forEach((a, i) => {
    if (a.source === 'datapack' && !includeDatapack) return;
    if (params.category !== undefined && a.category !== params.category) return;
    if (matchesSearch(params.search, [a.id, a.title])) matching.push(i);
  });
  const all = snapshot.advancements;
  matching.sort((ia, ib) => order(all[ia]!, all[ib]!, ia, ib) || ia - ib);
  return { ...paginate(matching, bounds, (i) => toAdvancement(snapshot, i)), categories };
}

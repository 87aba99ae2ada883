import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { advancementCategories } from './advancement-categories.js';
import { advancementHolders } from './advancement-holders.js';
import { getAdvancement } from './get-advancement.js';
import { listAdvancements } from './list-advancements.js';
import { QueryError } from './query-error.js';
import { ids, league } from '../snapshot/testing/league.js';
import { DAY, T0 } from '../snapshot/testing/save-fixture.js';

const s = league();
const iso = (ms: number) => new Date(ms).toISOString();
const vanilla = s.advancements.filter((a) => a.source === 'vanilla').length;

describe('getAdvancement(snapshot, id)', () => {
  it('gives rarity over scanned players, first_by and first_completed_at', () => {
    const stone = getAdvancement(s, 'minecraft:story/mine_stone')!;
    assert.deepStrictEqual(
      [stone.title, stone.category, stone.source, stone.completed_by, stone.rarity, stone.rarity_percent],
      ['Stone Age', 'story', 'vanilla', 2, 0.5, 50],
    );
    assert.equal(stone.first_by?.uuid, ids.alice);
    assert.equal(stone.first_completed_at, iso(T0 + 2 * 3_600_000));
    assert.equal(stone.wiki, 'https://minecraft.wiki/w/Advancement#Stone_Age');
    assert.equal(stone.icon, 'https://minecraft.wiki/images/Invicon_Wooden_Pickaxe.png');
  });

  it('accepts an id without namespace, in any case', () => {
    assert.equal(getAdvancement(s, 'story/mine_stone')?.id, 'minecraft:story/mine_stone');
    assert.equal(getAdvancement(s, 'Story/Mine_Stone')?.id, 'minecraft:story/mine_stone');
  });

  it('shows an advancement held by nobody', () => {
    const elytra = getAdvancement(s, 'end/elytra')!;
    assert.deepStrictEqual([elytra.completed_by, elytra.rarity, elytra.rarity_percent, elytra.first_by, elytra.first_completed_at], [0, 0, 0, null, null]);
  });

  it('shows a datapack advancement', () => {
    const a = getAdvancement(s, 'incendium:technical/on_kill')!;
    assert.deepStrictEqual([a.source, a.category, a.completed_by, a.rarity, a.wiki, a.icon], ['datapack', 'incendium', 1, 0.25, null, null]);
  });

  it('returns null for an unknown id', () => {
    assert.equal(getAdvancement(s, 'story/nope'), null);
    assert.equal(getAdvancement(s, ''), null);
  });

  it('uses a configured icon template, or none', () => {
    assert.equal(getAdvancement(league({ iconUrlTemplate: 'https://icons.example/{namespace}/{item}.png' }), 'story/mine_stone')!.icon, 'https://icons.example/minecraft/wooden_pickaxe.png');
    assert.equal(getAdvancement(league({ iconUrlTemplate: null }), 'story/mine_stone')!.icon, null);
  });
});

describe('listAdvancements(snapshot, params)', () => {
  it('lists vanilla advancements by rarity (rarest first) with the live categories', () => {
    const page = listAdvancements(s, { limit: 500 });
    assert.equal(page.total, vanilla);
    assert.deepStrictEqual(page.categories, ['story', 'nether', 'end', 'adventure', 'husbandry']);
    const counts = page.items.map((a) => a.completed_by);
    assert.deepStrictEqual(counts, [...counts].sort((a, b) => a - b));
    assert.deepStrictEqual(page.items.slice(-3).map((a) => a.id), ['minecraft:end/kill_dragon', 'minecraft:story/mine_stone', 'minecraft:story/root']);
  });

  it('adds datapack advancements with include', () => {
    for (const include of ['datapack', 'all'] as const) {
      const page = listAdvancements(s, { include, limit: 500 });
      assert.equal(page.total, vanilla + 1);
      assert.ok(page.categories.includes('incendium'));
    }
    assert.deepStrictEqual(listAdvancements(s, { include: 'datapack', category: 'incendium' }).items.map((a) => a.id), ['incendium:technical/on_kill']);
  });

  it('filters by category and search', () => {
    const end = listAdvancements(s, { category: 'end', limit: 500 });
    assert.ok(end.items.every((a) => a.category === 'end'));
    assert.ok(end.total >= 9);
    assert.deepStrictEqual(listAdvancements(s, { search: 'STONE AGE' }).items.map((a) => a.id), ['minecraft:story/mine_stone']);
    assert.deepStrictEqual(listAdvancements(s, { search: 'mine_stone' }).items.map((a) => a.id), ['minecraft:story/mine_stone']);
  });

  it('sorts by title, category and first earned', () => {
    const titles = listAdvancements(s, { sort: 'title', limit: 500 }).items.map((a) => a.title.toLowerCase());
    assert.deepStrictEqual(titles, [...titles].sort());
    const categories = listAdvancements(s, { sort: 'category', limit: 500 }).items.map((a) => a.category);
    assert.equal(categories[0], 'story');
    assert.equal(categories.at(-1), 'husbandry');
    const first = listAdvancements(s, { sort: 'first', limit: 3 }).items.map((a) => a.id);
    assert.deepStrictEqual(first, ['minecraft:story/root', 'minecraft:story/mine_stone', 'minecraft:end/kill_dragon']);
  });

  it('rejects bad sort, include and category values naming them', () => {
    const table: [object, string][] = [
      [{ sort: 'age' }, 'sort'],
      [{ include: 'recipes' }, 'include'],
      [{ category: 'space' }, 'category'],
      [{ category: 'incendium' }, 'category'],
    ];
    for (const [params, parameter] of table) {
      assert.throws(() => listAdvancements(s, params as never), (e: unknown) => e instanceof QueryError && e.code === 'invalid' && e.parameter === parameter);
    }
  });

  it('gives categories in tab order', () => {
    assert.deepStrictEqual(advancementCategories(s, true), ['story', 'nether', 'end', 'adventure', 'husbandry', 'incendium']);
  });
});

describe('advancementHolders(snapshot, id, params)', () => {
  it('lists holders in earn order, position 1 first on the server', () => {
    const page = advancementHolders(s, 'story/root')!;
    assert.deepStrictEqual(page.items.map((h) => [h.position, h.player.name, h.completed_at]), [
      [1, 'Alice', iso(T0 + 3_600_000)],
      [2, 'bob', iso(T0 + 5 * DAY)],
      [3, 'Carl', iso(T0 + 20 * DAY)],
      [4, 'Dora', iso(T0 + 30 * DAY)],
    ]);
    assert.equal(page.total, 4);
    assert.equal(page.advancement.id, 'minecraft:story/root');
  });

  it('lists the latest first on request, keeping positions', () => {
    const page = advancementHolders(s, 'story/root', { order: 'latest', limit: 2 })!;
    assert.deepStrictEqual(page.items.map((h) => [h.position, h.player.name]), [[4, 'Dora'], [3, 'Carl']]);
  });

  it('gives an empty page for an advancement held by nobody, null for an unknown one', () => {
    assert.deepStrictEqual(advancementHolders(s, 'end/elytra')!.items, []);
    assert.equal(advancementHolders(s, 'end/nope'), null);
  });

  it('rejects a bad order', () => {
    assert.throws(() => advancementHolders(s, 'story/root', { order: 'random' as never }), (e: unknown) => e instanceof QueryError && e.parameter === 'order');
  });
});

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { feed } from './feed.js';
import { QueryError } from './query-error.js';
import { league } from '../snapshot/testing/league.js';
import { DAY, T0 } from '../snapshot/testing/save-fixture.js';

const s = league();
const iso = (ms: number) => new Date(ms).toISOString();
const rows = (page: ReturnType<typeof feed>) => page.items.map((e) => [e.player.name, e.advancement.id, e.completed_at, e.first_on_server]);

describe('feed(snapshot, params)', () => {
  it('lists vanilla unlocks newest first with first_on_server, window and oldest time', () => {
    const page = feed(s);
    assert.deepStrictEqual(rows(page), [
      ['Dora', 'minecraft:story/root', iso(T0 + 30 * DAY), false],
      ['Carl', 'minecraft:story/root', iso(T0 + 20 * DAY), false],
      ['Alice', 'minecraft:end/kill_dragon', iso(T0 + 10 * DAY), true],
      ['bob', 'minecraft:story/mine_stone', iso(T0 + 6 * DAY), false],
      ['bob', 'minecraft:story/root', iso(T0 + 5 * DAY), false],
      ['Alice', 'minecraft:story/mine_stone', iso(T0 + 2 * 3_600_000), true],
      ['Alice', 'minecraft:story/root', iso(T0 + 3_600_000), true],
    ]);
    assert.deepStrictEqual([page.total, page.feed_window, page.oldest_in_feed], [7, 7, iso(T0 + 3_600_000)]);
    assert.equal(page.items[0]!.advancement.rarity, 1);
  });

  it('covers only the configured tail', () => {
    const page = feed(league({ feedSize: 2 }));
    assert.deepStrictEqual([page.total, page.feed_window, page.oldest_in_feed], [2, 2, iso(T0 + 20 * DAY)]);
    const empty = feed(league({ feedSize: 0 }));
    assert.deepStrictEqual([empty.items, empty.feed_window, empty.oldest_in_feed], [[], 0, null]);
  });

  it('filters by player, category and since', () => {
    const table = [
      { params: { player: 'ALICE' }, count: 3 },
      { params: { category: 'end' }, count: 1 },
      { params: { since: T0 + 6 * DAY }, count: 4 },
      { params: { since: T0 + 6 * DAY + 1 }, count: 3 },
      { params: { player: 'bob', category: 'story', since: T0 + 5 * DAY }, count: 2 },
    ];
    for (const { params, count } of table) assert.equal(feed(s, params).total, count, JSON.stringify(params));
    assert.equal(feed(s, { since: T0 + 6 * DAY + 1 }).feed_window, 7);
  });

  it('throws not_found for an unknown player and invalid for a bad category', () => {
    assert.throws(() => feed(s, { player: 'nobody' }), (e: unknown) => e instanceof QueryError && e.code === 'not_found' && e.parameter === 'player');
    assert.throws(() => feed(s, { category: 'incendium' }), (e: unknown) => e instanceof QueryError && e.code === 'invalid' && e.parameter === 'category');
    assert.throws(() => feed(s, { since: Number.NaN }), (e: unknown) => e instanceof QueryError && e.parameter === 'since');
  });
});

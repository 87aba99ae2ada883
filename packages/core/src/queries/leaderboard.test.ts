import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { leaderboard } from './leaderboard.js';
import { listStats } from './list-stats.js';
import { totals } from './totals.js';
import { hallOfFame } from './hall-of-fame.js';
import { QueryError } from './query-error.js';
import { ids, league } from '../snapshot/testing/league.js';

const s = league();

describe('leaderboard(snapshot, statId, params)', () => {
  it('lists ranked players with a value, best first, ties sharing a rank', () => {
    const page = leaderboard(s, 'jump')!;
    assert.equal(page.total, 3);
    assert.deepStrictEqual(page.items.map((e) => [e.rank, e.player.name, e.value, e.display]), [
      [1, 'Alice', 10, '10'],
      [1, 'bob', 10, '10'],
      [3, 'Carl', 5, '5'],
    ]);
    assert.deepStrictEqual(page.stat, { id: 'jump', title: 'Jumps', description: 'Times jumped', unit: 'int', category: 'general' });
  });

  it('gives every entry the Value fields and the Player shape', () => {
    const entry = leaderboard(s, 'walk_one_cm')!.items[0]!;
    assert.deepStrictEqual(Object.keys(entry).sort(), ['converted', 'display', 'player', 'rank', 'unit', 'value']);
    assert.deepStrictEqual(entry.converted, { metres: 1500, kilometres: 1.5 });
    assert.deepStrictEqual(Object.keys(entry.player).sort(), ['edition', 'last_online', 'name', 'ranked', 'skin', 'textures', 'uuid']);
    assert.equal(entry.player.uuid, ids.alice);
  });

  it('pages with limit and offset, total counting every qualifying player', () => {
    const table = [
      { limit: 1, offset: 0, names: ['Carl'] },
      { limit: 2, offset: 1, names: ['.Eve', 'Alice'] },
      { limit: 10, offset: 3, names: ['bob'] },
      { limit: 10, offset: 9, names: [] },
    ];
    for (const { limit, offset, names } of table) {
      const page = leaderboard(s, 'play_time', { limit, offset })!;
      assert.deepStrictEqual(page.items.map((e) => e.player.name), names);
      assert.equal(page.total, 4);
    }
    assert.deepStrictEqual(leaderboard(s, 'play_time', { limit: 2, offset: 1 })!.items.map((e) => e.rank), [2, 2]);
  });

  it('returns null for an unknown stat', () => {
    assert.equal(leaderboard(s, 'nope'), null);
  });

  it('rejects a bad limit or offset with a QueryError naming it', () => {
    for (const [params, parameter] of [[{ limit: 0 }, 'limit'], [{ limit: 1.5 }, 'limit'], [{ offset: -1 }, 'offset']] as const) {
      assert.throws(() => leaderboard(s, 'jump', params), (e: unknown) => e instanceof QueryError && e.code === 'invalid' && e.parameter === parameter);
    }
  });
});

describe('listStats(snapshot, params)', () => {
  it('lists the catalogue with absolute leaderboard links and records', () => {
    const page = listStats(s, { baseUrl: 'https://stats.example.net/' });
    assert.equal(page.total, 5);
    const jump = page.items.find((x) => x.id === 'jump')!;
    assert.equal(jump.leaderboard, 'https://stats.example.net/v1/stats/jump');
    assert.deepStrictEqual(jump.record, { value: 10, unit: 'int', display: '10', converted: null });
  });

  it('searches id, title and description case-insensitively', () => {
    const table: [string, string[]][] = [
      ['JUMP', ['jump']],
      ['walked', ['walk_one_cm']],
      ['every block', ['mined_total']],
      ['zzz', []],
      ['', ['play_time', 'jump', 'deaths', 'walk_one_cm', 'mined_total']],
    ];
    for (const [search, expected] of table) assert.deepStrictEqual(listStats(s, { search }).items.map((x) => x.id), expected, search);
  });

  it('gives a null record when nobody qualifies', () => {
    const empty = league({ minPlaytimeMinutes: 10_000 });
    assert.equal(listStats(empty).items[0]!.record, null);
  });
});

describe('totals(snapshot, params)', () => {
  it('sums over ranked players and averages per ranked player (DECISIONS 13)', () => {
    const jump = totals(s, { search: 'jump' }).items[0]!;
    assert.deepStrictEqual([jump.total.value, jump.average.value, jump.players], [25, 6.25, 3]);
    const deaths = totals(s, { search: 'deaths' }).items[0]!;
    assert.deepStrictEqual([deaths.total.value, deaths.average.value], [4, 1]);
  });

  it('searches id or title, not description', () => {
    assert.deepStrictEqual(totals(s, { search: 'every' }).items, []);
    assert.deepStrictEqual(totals(s, { search: 'blocks' }).items.map((x) => x.id), ['mined_total']);
  });
});

describe('hallOfFame(snapshot, params)', () => {
  it('orders by crown score with medals and weights', () => {
    const page = hallOfFame(s);
    assert.deepStrictEqual(page.items.map((e) => [e.rank, e.player.name, e.crown_score, e.medals]), [
      [1, 'Alice', 14, { gold: 2, silver: 3, bronze: 0 }],
      [2, 'Carl', 9, { gold: 2, silver: 0, bronze: 1 }],
      [3, 'bob', 8, { gold: 2, silver: 0, bronze: 0 }],
      [4, '.Eve', 2, { gold: 0, silver: 1, bronze: 0 }],
    ]);
    assert.deepStrictEqual(page.crown_weights, { gold: 4, silver: 2, bronze: 1 });
    assert.equal(hallOfFame(s, { limit: 1, offset: 1 }).items[0]!.player.name, 'Carl');
  });
});

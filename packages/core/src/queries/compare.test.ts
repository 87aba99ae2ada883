import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { compare } from './compare.js';
import { QueryError } from './query-error.js';
import { randomPlayer } from './random-player.js';
import { randomStat } from './random-stat.js';
import { serverInfo } from './server-info.js';
import { ids, league } from '../snapshot/testing/league.js';
import { NOW, save } from '../snapshot/testing/save-fixture.js';
import { buildSnapshot } from '../snapshot/build-snapshot.js';

const s = league();

describe('compare(snapshot, a, b, params)', () => {
  it('compares every stat either player has, winner by UUID, null on a tie', () => {
    const c = compare(s, 'Alice', 'bob');
    assert.deepStrictEqual(c.players.map((p) => p.uuid), [ids.alice, ids.bob]);
    assert.deepStrictEqual(c.stats.map((x) => [x.id, x.players[ids.alice]!.value, x.players[ids.bob]!.value, x.winner]), [
      ['play_time', 144_000, 72_000, ids.alice],
      ['jump', 10, 10, null],
      ['deaths', 1, 0, ids.alice],
      ['walk_one_cm', 150_000, 0, ids.alice],
      ['mined_total', 10, 20, ids.bob],
    ]);
    assert.deepStrictEqual(c.tally, { wins: { [ids.alice]: 3, [ids.bob]: 1 }, ties: 1, winner: ids.alice });
    assert.deepStrictEqual([c.stats[1]!.players[ids.alice]!.rank, c.stats[2]!.players[ids.bob]!.rank], [1, null]);
  });

  it('restricts to ids and compares an unranked player', () => {
    const c = compare(s, 'Dora', ids.carl.replaceAll('-', ''), { ids: ['jump'] });
    assert.deepStrictEqual(c.stats.map((x) => [x.players[ids.dora]!.rank, x.players[ids.carl]!.rank, x.winner]), [[null, 3, ids.dora]]);
    assert.deepStrictEqual(c.tally, { wins: { [ids.dora]: 1, [ids.carl]: 0 }, ties: 0, winner: ids.dora });
  });

  it('rejects an unknown player, the same player twice, and unknown ids', () => {
    const table: [() => unknown, string, string][] = [
      [() => compare(s, 'Alice', 'nobody'), 'not_found', 'players'],
      [() => compare(s, 'Alice', ids.alice), 'invalid', 'players'],
      [() => compare(s, 'Alice', 'bob', { ids: ['nope'] }), 'invalid', 'ids'],
    ];
    for (const [call, code, parameter] of table) {
      assert.throws(call, (e: unknown) => e instanceof QueryError && e.code === code && e.parameter === parameter);
    }
  });
});

describe('randomPlayer(snapshot, random)', () => {
  it('picks a ranked player with the injected randomness and gives their best rank', () => {
    // Ranked players in uuid order: .Eve, Alice, bob, Carl.
    const table: [number, string, string | null, number | null][] = [
      [0, '.Eve', 'play_time', 2],
      [0.3, 'Alice', 'jump', 1],
      [0.5, 'bob', 'jump', 1],
      [0.99, 'Carl', 'play_time', 1],
      [1, 'Carl', 'play_time', 1],
    ];
    for (const [r, name, stat, rank] of table) {
      const pick = randomPlayer(s, () => r)!;
      assert.deepStrictEqual([pick.player.name, pick.best_rank?.id ?? null, pick.best_rank?.rank ?? null], [name, stat, rank], String(r));
    }
  });

  it('returns null when nobody is ranked', () => {
    assert.equal(randomPlayer(league({ minPlaytimeMinutes: 10_000 }), () => 0), null);
  });
});

describe('randomStat(snapshot, random)', () => {
  it('picks a stat with a leaderboard and gives its top three', () => {
    const r = randomStat(s, () => 0, 'https://x.example')!;
    assert.equal(r.stat.id, 'play_time');
    assert.equal(r.stat.leaderboard, 'https://x.example/v1/stats/play_time');
    assert.deepStrictEqual(r.top.map((e) => [e.rank, e.player.name]), [[1, 'Carl'], [2, '.Eve'], [2, 'Alice']]);
    assert.equal(randomStat(s, () => 0.99)!.stat.id, 'mined_total');
  });

  it('returns null when every leaderboard is empty', () => {
    assert.equal(randomStat(buildSnapshot(save([]), { now: NOW }), () => 0), null);
  });
});

describe('serverInfo(snapshot)', () => {
  it('gives counts by edition, the ranking rules and what the save holds', () => {
    const info = serverInfo(league({ server: { name: 'Example SMP', addresses: { java: 'play.example.net' } }, inactiveDays: 5 }));
    assert.equal(info.name, 'Example SMP');
    assert.equal(info.short_name, 'Example SMP');
    assert.deepStrictEqual(info.addresses, { java: 'play.example.net', bedrock: null });
    assert.deepStrictEqual(info.players, {
      total: 7, java: 6, bedrock: 1,
      ranked: { total: 4, java: 3, bedrock: 1 },
      // Old Frank was last online 10 days ago.
      active: { total: 6, java: 5, bedrock: 1 },
    });
    assert.deepStrictEqual(info.ranking, { min_playtime_minutes: 60, inactive_days: 5, crown_weights: { gold: 4, silver: 2, bronze: 1 } });
    assert.equal(info.stats, 5);
    assert.deepStrictEqual(info.advancements.datapack, 1);
    assert.deepStrictEqual(info.advancements.scanned_players, 4);
    assert.equal(info.data_updated_at, s.data_updated_at);
    assert.equal(info.time_zone, 'UTC');
  });
});

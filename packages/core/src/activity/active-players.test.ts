import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { buildRecord, DAY, idle, Q, type Step } from '../../test/record-builder.js';
import { activePlayers } from './active-players.js';

const A = '00000000-0000-0000-0000-00000000000a';
const B = '00000000-0000-0000-0000-00000000000b';
const C = '00000000-0000-0000-0000-00000000000c';
const D = '00000000-0000-0000-0000-00000000000d';

// Day 0: C plays an hour and dies 3 times. Twenty days later: A two sessions, B one long one.
const start = Date.parse('2026-10-20T12:00:00Z');
const steps: Step[] = [
  { play: { [C]: 15 }, die: { [C]: 3 } }, { play: { [C]: 15 } }, { play: { [C]: 15 } }, { play: { [C]: 15 } },
  ...idle(4 * 24 * 20),
  { play: { [A]: 15, [B]: 15 } }, { play: { [B]: 15 }, die: { [A]: 1 } }, { play: { [B]: 15 } }, { play: { [A]: 15, [B]: 15 } },
];
const record = buildRecord(start, { [A]: {}, [B]: {}, [C]: {}, [D]: {} }, steps);
const now = start + steps.length * Q;
const row = (rank: number, uuid: string, minutes: number, sessions: number, deaths: number) => ({
  rank, uuid, minutes, hours: Math.round((minutes / 60) * 100) / 100, sessions, deaths,
});

describe('activePlayers(record, { now, period, sort, limit, offset })', () => {
  const cases = [
    { period: '7d', sort: 'minutes', items: [row(1, B, 60, 1, 0), row(2, A, 30, 2, 1)] },
    { period: '7d', sort: 'sessions', items: [row(1, A, 30, 2, 1), row(2, B, 60, 1, 0)] },
    { period: '7d', sort: 'deaths', items: [row(1, A, 30, 2, 1), row(2, B, 60, 1, 0)] },
    { period: '30d', sort: 'minutes', items: [row(1, B, 60, 1, 0), row(1, C, 60, 1, 3), row(3, A, 30, 2, 1)] },
    { period: 'all', sort: 'deaths', items: [row(1, C, 60, 1, 3), row(2, A, 30, 2, 1), row(3, B, 60, 1, 0)] },
  ] as const;
  for (const c of cases) {
    test(`period ${c.period}, sort ${c.sort}`, () => {
      const page = activePlayers(record, { now, period: c.period, sort: c.sort });
      assert.deepEqual(page.items, c.items);
      assert.equal(page.total, c.items.length, 'a player who never played (D) is not active');
    });
  }

  test('defaults to 7d by minutes; limit and offset page through; period_starts_at says where the period begins', () => {
    const all = activePlayers(record, { now });
    assert.equal(all.period, '7d');
    assert.equal(all.sort, 'minutes');
    assert.equal(all.period_starts_at, new Date(now - 7 * DAY).toISOString());
    const page = activePlayers(record, { now, period: 'all', limit: 1, offset: 1 });
    assert.deepEqual(page.items.map((r) => r.uuid), [C]);
    assert.equal(page.total, 3);
    assert.equal(activePlayers(record, { now, period: 'all' }).period_starts_at, '2026-10-20T12:00:00.000Z');
  });

  test('names order a tie (DECISIONS 10) without changing ranks', () => {
    const named = activePlayers(record, { now, period: '30d', names: { [B]: 'zed', [C]: 'amy' } });
    assert.deepEqual(named.items.map((r) => [r.rank, r.uuid]), [[1, C], [1, B], [3, A]]);
  });

  test('bad options are refused with the option named', () => {
    assert.throws(() => activePlayers(record, { now, period: '1y' as never }), /period must be one of 7d, 30d, all/);
    assert.throws(() => activePlayers(record, { now, sort: 'name' as never }), /sort must be one of/);
    assert.throws(() => activePlayers(record, { now, limit: 0 }), /limit/);
    assert.throws(() => activePlayers(record, { now, offset: -1 }), /offset/);
  });
});

// Issue 41: the period hall of fame, compare and the player of the week and month, against
// values computed independently from the generated history's daily files (the truth the
// generator writes beside the history: each player's values at the end of every server day).
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { after, describe, test } from 'node:test';
import { periodCompare, periodCrowns, periodHallOfFame, resolvePeriod, statCatalogue, statTotal } from '../packages/core/src/index.js';
import { demoHistoryFixture } from './demoHistoryFixture.js';

const DAYS = 100;
/** The game's counters behind the daily files' values (as the generator writes them to the save). */
const RAW: Record<string, [string, string]> = {
  play_time: ['minecraft:custom', 'minecraft:play_time'],
  jump: ['minecraft:custom', 'minecraft:jump'],
  deaths: ['minecraft:custom', 'minecraft:deaths'],
  walk_one_cm: ['minecraft:custom', 'minecraft:walk_one_cm'],
  mined_total: ['minecraft:mined', 'minecraft:stone'],
};
/** Every catalogue statistic (several derive from one counter: totals, distances…). */
const STATS = statCatalogue.map((s) => s.id);

/** A player's catalogue values from the daily file's counters, by the catalogue's own definitions. */
function catalogueValues(values: Record<string, number>): Record<string, number> {
  const counters: Record<string, Record<string, number>> = {};
  for (const [id, [type, key]] of Object.entries(RAW)) (counters[type] ??= {})[key] = values[id]!;
  return Object.fromEntries(statCatalogue.map((def) => [def.id, statTotal(def, counters)]));
}
const WEIGHTS = { gold: 4, silver: 2, bronze: 1 };

const { dir, summary, log, snapshot, gains } = await demoHistoryFixture('crowns', { days: DAYS, players: 14, seed: 'crowns' }, STATS, catalogueValues);
after(() => rmSync(dir, { recursive: true, force: true }));

/** Each ranked, visible player's gain in `stat` over the days, from the daily files. */
function sums(stat: string, first: number, last: number): Map<string, number> {
  const ranked = new Set(snapshot.players.filter((p) => p.ranked).map((p) => p.uuid));
  const out = new Map<string, number>();
  for (let d = first; d <= last; d++) {
    for (const [uuid, g] of Object.entries(gains.get(d) ?? {})) if (ranked.has(uuid)) out.set(uuid, (out.get(uuid) ?? 0) + g[stat]!);
  }
  return out;
}

/** The hall of fame from the daily files: medals by competition rank, DECISIONS 10-11's order. */
function expectedHallOfFame(first: number, last: number): Array<[string, number, number, number, number, number]> {
  const medals = new Map<string, [number, number, number]>();
  for (const stat of STATS) {
    const board = [...sums(stat, first, last)].filter(([, v]) => v > 0);
    for (const [uuid, v] of board) {
      const rank = 1 + board.filter(([, w]) => w > v).length;
      if (rank > 3) continue;
      const m = medals.get(uuid) ?? [0, 0, 0];
      m[rank - 1]!++;
      medals.set(uuid, m);
    }
  }
  const rows = [...medals].map(([uuid, [g, s, b]]) => ({ uuid, g, s, b, score: g * WEIGHTS.gold + s * WEIGHTS.silver + b * WEIGHTS.bronze, name: summary.names[uuid]! }));
  const key = (r: (typeof rows)[number]) => [r.score, r.g, r.s, r.b].join(',');
  rows.sort((x, y) => y.score - x.score || y.g - x.g || y.s - x.s || y.b - x.b || (x.name.toLowerCase() < y.name.toLowerCase() ? -1 : 1));
  const ranks: number[] = [];
  rows.forEach((r, i) => ranks.push(i > 0 && key(rows[i - 1]!) === key(r) ? ranks[i - 1]! : i + 1));
  return rows.map((r, i) => [r.uuid, ranks[i]!, r.score, r.g, r.s, r.b]);
}

const actual = (items: ReturnType<typeof periodHallOfFame>['items']) => items.map((e) => [e.player.uuid, e.rank, e.crown_score, e.medals.gold, e.medals.silver, e.medals.bronze]);

describe('the period hall of fame, compare and crowns against the daily files', () => {
  for (const period of ['week', 'month', 'year', 'last_week', 'last_month', '7d', '30d', '2026-W40', '2026-09']) {
    test(`periodHallOfFame ${period}`, () => {
      const { first, last } = resolvePeriod(period, summary.lastDay);
      const page = periodHallOfFame(snapshot, [log.history], { period, limit: Infinity });
      assert.deepEqual(actual(page.items), expectedHallOfFame(first, last));
      assert.ok(page.items.every((e) => e.player.uuid !== summary.hidden), 'the hidden player wins no medal');
      assert.ok(page.items.length > 0);
    });
  }

  test('periodCrowns: the first place of this and last week and month', () => {
    const crowns = periodCrowns(snapshot, [log.history]);
    assert.deepEqual(crowns.map((c) => c.period.name), ['week', 'last_week', 'month', 'last_month']);
    for (const crown of crowns) {
      const { first, last } = resolvePeriod(crown.period.name, summary.lastDay);
      const expected = expectedHallOfFame(first, last).filter((row) => row[1] === 1);
      assert.deepEqual(crown.players.map((e) => [e.player.uuid, e.rank, e.crown_score, e.medals.gold, e.medals.silver, e.medals.bronze]), expected, crown.period.name);
      assert.ok(crown.players.length > 0, crown.period.name);
    }
  });

  test('periodCompare: gains and period-board ranks of two players, the month the newcomer joined', () => {
    const month = new Date(summary.newcomer.day * 86_400_000).toISOString().slice(0, 7);
    const { first, last } = resolvePeriod(month, 0);
    const [a, b] = [summary.newcomer.uuid, summary.reset.uuid];
    const c = periodCompare(snapshot, [log.history], a, b, { period: month });
    assert.deepEqual(c.period, { name: month, from: `${month}-01`, to: c.period.to });
    for (const stat of Object.keys(RAW)) {
      const board = sums(stat, first, last);
      const entry = c.stats.find((s) => s.id === stat)!;
      for (const uuid of [a, b]) {
        const mine = board.get(uuid) ?? 0;
        const rank = mine > 0 ? 1 + [...board.values()].filter((v) => v > mine).length : null;
        assert.deepEqual([entry.players[uuid]!.value, entry.players[uuid]!.rank], [mine, rank], `${stat} ${uuid}`);
      }
      const [ga, gb] = [board.get(a) ?? 0, board.get(b) ?? 0];
      assert.equal(entry.winner, ga > gb ? a : gb > ga ? b : null, stat);
    }
    assert.deepEqual(c.stats.map((s) => s.id).sort(), STATS.filter((s) => (sums(s, first, last).get(a) ?? 0) > 0 || (sums(s, first, last).get(b) ?? 0) > 0).sort());
  });

  test('an invalid period is a QueryError naming period', () => {
    for (const call of [() => periodHallOfFame(snapshot, [log.history], { period: 'fortnight' }), () => periodCompare(snapshot, [log.history], summary.uuids[0]!, summary.uuids[1]!, { period: '2026-13' })]) {
      assert.throws(call, (e: Error & { parameter?: string }) => e.name === 'QueryError' && e.parameter === 'period');
    }
  });
});

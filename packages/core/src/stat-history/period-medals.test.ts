import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildSnapshot } from '../snapshot/build-snapshot.js';
import { custom, HOUR, NOW, player, save, tinyStats, uuid } from '../snapshot/testing/save-fixture.js';
import { periodBoard } from './period-board.js';
import { periodMedals } from './period-medals.js';
import { StatHistory } from './stat-history.js';

const FIRST_DAY = 20_000;
const LAST_DAY = FIRST_DAY + 9; // the day in progress

/** 40 players (every fourth unranked: under an hour played), small gains so that boards tie; day 9 open. */
function world(seed: number) {
  let state = seed;
  const rand = (n: number): number => {
    state = (Math.imul(state, 1_103_515_245) + 12_345) & 0x7fffffff; // 32-bit: a double product loses its low bits
    return Math.floor((state / 2 ** 31) * n);
  };
  const snapshot = buildSnapshot(save(Array.from({ length: 40 }, (_, p) => player({ uuid: uuid(p + 1), name: `P${p}`, stats: custom({ play_time: p % 4 === 0 ? HOUR / 2 : 2 * HOUR }) }))), { now: NOW, stats: tinyStats });
  const history = new StatHistory(tinyStats.map((s) => s.id));
  // Players 1-44: the last four are not in the snapshot.
  const rows = Array.from({ length: 44 }, () => new Float64Array(tinyStats.length));
  for (let day = FIRST_DAY; day <= LAST_DAY; day++) {
    rows.forEach((row, p) => {
      if (rand(3) === 0) return;
      for (let s = 0; s < row.length; s++) if (rand(2) === 0) row[s]! += rand(4);
      history.read(day, uuid(p + 1), row);
    });
    if (day < LAST_DAY) history.closeToday();
  }
  return { snapshot, history };
}

/** The medals from every stat's whole period board (ranks 1-3), the slow way. */
function fromBoards(snapshot: ReturnType<typeof world>['snapshot'], history: StatHistory | StatHistory[], first: number, last: number): Array<[number, number, number]> {
  const medals = snapshot.players.map((): [number, number, number] => [0, 0, 0]);
  for (const stat of snapshot.stats) {
    const board = periodBoard(snapshot, Array.isArray(history) ? history : [history], stat.id, first, last);
    board.players.forEach((p, i) => {
      const rank = board.ranks[i]!;
      if (rank <= 3) medals[p]![rank - 1]!++;
    });
  }
  return medals;
}

describe('periodMedals', () => {
  it('gives the medals of every stat board places 1-3, ties shared, for periods with and without the day in progress', () => {
    for (const seed of [1, 2, 3]) {
      const { snapshot, history } = world(seed);
      for (const [first, last] of [[FIRST_DAY, LAST_DAY], [FIRST_DAY + 6, LAST_DAY], [LAST_DAY, LAST_DAY], [FIRST_DAY + 1, FIRST_DAY + 5], [FIRST_DAY, FIRST_DAY + 8]] as const) {
        const expected = fromBoards(snapshot, history, first, last);
        assert.ok(expected.some(([g]) => g > 0), 'some gold');
        assert.deepEqual(periodMedals(snapshot, [history], first, last).map((m) => [...m]), expected, `seed ${seed}, days ${first}-${last}`);
        // Asked again (a closed period: the medals kept until a day closes).
        assert.deepEqual(periodMedals(snapshot, [history], first, last).map((m) => [...m]), expected, `seed ${seed}, days ${first}-${last} again`);
      }
    }
  });

  it('sums a network\'s histories: a player on several servers is placed by the sum of their gains', () => {
    for (const seed of [4, 5, 6]) {
      // Three servers' histories of the same 44 players (each their own gains), one snapshot.
      const { snapshot, history } = world(seed);
      const histories = [history, world(seed + 10).history, world(seed + 20).history];
      for (const [first, last] of [[FIRST_DAY, LAST_DAY], [FIRST_DAY + 6, LAST_DAY], [LAST_DAY, LAST_DAY], [FIRST_DAY + 1, FIRST_DAY + 5]] as const) {
        const expected = fromBoards(snapshot, histories, first, last);
        assert.ok(expected.some(([g]) => g > 0), 'some gold');
        assert.deepEqual(periodMedals(snapshot, histories, first, last).map((m) => [...m]), expected, `seed ${seed}, days ${first}-${last}`);
      }
    }
  });

  it('keeps the closed periods of a network\'s every view: six sets of histories, two periods each, asked in turn, are summed once', () => {
    const views = [1, 2, 3, 4, 5, 6].map((seed) => world(seed));
    const closedPeriods = [[FIRST_DAY, FIRST_DAY + 6], [FIRST_DAY + 1, FIRST_DAY + 8]] as const;
    const ask = () => views.map(({ snapshot, history }) => closedPeriods.map(([first, last]) => periodMedals(snapshot, [history], first, last).map((m) => [...m])));
    const first = ask();
    let sums = 0;
    for (const { history } of views) {
      const addGainsOver = history.addGainsOver.bind(history);
      history.addGainsOver = (...args: Parameters<StatHistory['addGainsOver']>) => {
        sums++;
        return addGainsOver(...args);
      };
    }
    assert.deepEqual(ask(), first);
    assert.equal(sums, 0, 'a pull later, every closed period is the one kept');
  });
});

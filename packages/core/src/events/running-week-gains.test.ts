import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { addPull } from '../record/add-pull.js';
import { emptyRecord } from '../record/empty-record.js';
import { fixPlayers } from '../record/player-entries.js';
import type { ActivityRecord } from '../record/types.js';
import { seeded } from '../snapshot/testing/seeded.js';
import { runningWeekGains } from './running-week-gains.js';
import { weekGains } from './week-gains.js';

describe('runningWeekGains (randomised)', () => {
  test('equals weekGains of a copy of the view, asked at random pulls (sometimes after more pulls than remembered)', () => {
    for (let seed = 1; seed <= 6; seed++) {
      const next = seeded(seed);
      const rand = (n: number): number => Math.floor(next() * n);
      const uuids = Array.from({ length: 80 }, (_, i) => `00000000-0000-0000-0000-${String(i).padStart(12, '0')}`);
      const counters = new Map<string, Record<string, number>>();
      const record = emptyRecord();
      let view: ActivityRecord | null = null;
      let hidden = new Set<string>();
      let at = 0;
      for (let pull = 0; pull < 500; pull++) {
        for (let k = rand(3); k > 0; k--) {
          const uuid = uuids[rand(uuids.length)]!;
          const c = counters.get(uuid) ?? { play_time: 0, jump: 0 };
          c.play_time! += rand(15) * 1200;
          c.jump! += rand(3) === 0 ? 0 : rand(50);
          if (rand(40) === 0) c.jump = rand(5);
          counters.set(uuid, c);
        }
        addPull(record, { at, online: null, counters: new Map([...counters].map(([uuid, c]) => [uuid, { ...c }])), event: null });
        at += 900_000;
        if (pull % 250 < 20 && rand(10) === 0) hidden = new Set([uuids[rand(uuids.length)]!]);
        const visible = Object.keys(record.players).filter((uuid) => !hidden.has(uuid));
        if (view === null || visible.length !== Object.keys(view.players).length || visible.some((uuid) => !(uuid in view!.players))) {
          view = { ...record, players: fixPlayers(Object.fromEntries(visible.map((uuid) => [uuid, record.players[uuid]!]))) };
        }
        // Asked at most pulls, now and then not for 100 pulls; the week's first pull moves now and then.
        if (pull % 250 >= 20 && pull % 250 < 119) continue;
        const baseline = rand(8) === 0 ? rand(pull + 1) : Math.floor(pull / 250) * 250;
        const closing = rand(6) === 0 ? rand(pull + 1) : pull;
        const end = rand(5) === 0 ? rand(pull + 1) * 900_000 : (Math.floor(pull / 250) + 1) * 250 * 900_000;
        const expected = weekGains(structuredClone(view), 'jump', baseline, closing, end);
        assert.deepEqual(runningWeekGains(view, 'jump', baseline, closing, end), expected, `seed ${seed} pull ${pull}`);
      }
    }
  });
});

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { HOUR, Q } from '../../test/record-builder.js';
import { addPull } from '../record/add-pull.js';
import { emptyRecord } from '../record/empty-record.js';
import { fixPlayers } from '../record/player-entries.js';
import type { ActivityRecord } from '../record/types.js';
import { weeklyEvents } from './weekly-events.js';
import { seeded } from '../snapshot/testing/seeded.js';

/** A copy sharing nothing with `record`: no sum remembered of its series. */
const fresh = (record: ActivityRecord): ActivityRecord => structuredClone(record);

describe('weeklyEvents at every pull of a growing record (randomised)', () => {
  test('equals the events of a copy of the record computed from scratch', () => {
    const next = seeded(5);
    const rand = (n: number): number => Math.floor(next() * n);
    const uuids = Array.from({ length: 30 }, (_, i) => `00000000-0000-0000-0000-${String(i).padStart(12, '0')}`);
    const counters = new Map<string, Record<string, number>>();
    const record = emptyRecord();
    const options = { timeZone: 'Europe/Berlin', pool: ['jump', 'deaths'], titles: { jump: 'Jumps' } };
    let at = Date.parse('2026-11-11T12:00:00Z');
    let view: ActivityRecord | null = null;
    let hidden = new Set<string>();
    for (let pull = 0; pull < 400; pull++) {
      // A few players play each pull (a newcomer now and then, a reset or a missing file rarely); sometimes a long gap.
      for (let k = rand(4); k > 0; k--) {
        const uuid = uuids[rand(pull < 5 ? 10 : uuids.length)]!;
        const c = counters.get(uuid) ?? { play_time: 0, deaths: 0, jump: 0 };
        c.play_time! += rand(15) * 1200;
        c.jump! += rand(3) === 0 ? 0 : rand(50);
        c.deaths! += rand(2);
        if (rand(40) === 0) c.jump = rand(5);
        counters.set(uuid, c);
      }
      const snapshot = new Map([...counters].map(([uuid, c]) => [uuid, { ...c }]));
      addPull(record, { at, online: rand(5), counters: snapshot, event: null });
      const now = at + (rand(4) === 0 ? rand(Q) : 0);
      const expected = weeklyEvents(fresh(record), { ...options, now });
      assert.deepEqual(weeklyEvents(record, { ...options, now }), expected, `pull ${pull}`);
      // A view (its players listed once) of the players not hidden, kept while no player is new
      // and the same are hidden, as `visibleRecord` keeps it; now and then another player hidden or shown.
      if (rand(25) === 0) hidden = new Set([uuids[rand(uuids.length)]!, uuids[rand(uuids.length)]!]);
      const visible = Object.keys(record.players).filter((uuid) => !hidden.has(uuid));
      if (view === null || visible.length !== Object.keys(view.players).length || visible.some((uuid) => !(uuid in view!.players))) {
        view = { ...record, players: fixPlayers(Object.fromEntries(visible.map((uuid) => [uuid, record.players[uuid]!]))) };
      }
      assert.deepEqual(weeklyEvents(view, { ...options, now }), weeklyEvents(fresh(view), { ...options, now }), `pull ${pull}, view`);
      at += rand(10) === 0 ? (1 + rand(48)) * HOUR : Q;
    }
  });
});

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { activePlayers } from '../activity/active-players.js';
import { addPull } from '../record/add-pull.js';
import { emptyRecord } from '../record/empty-record.js';
import { buildSnapshot } from '../snapshot/build-snapshot.js';
import { ids, leagueSave } from '../snapshot/testing/league.js';
import { NOW, tinyStats } from '../snapshot/testing/save-fixture.js';
import { recordMerger } from '../network/merge-records.js';
import type { ActivityRecord } from '../record/types.js';
import { seeded } from '../snapshot/testing/seeded.js';
import { visibleRecord } from './visible-record.js';

const MIN = 60_000;

function record() {
  const rec = emptyRecord();
  for (let k = 0; k < 4; k++) {
    addPull(rec, {
      at: NOW - (4 - k) * 15 * MIN,
      online: 2,
      counters: { [ids.alice]: { play_time: 1000 + k * 18_000, deaths: 0 }, [ids.carl]: { play_time: 5000 + k * 18_000, deaths: k } },
    });
  }
  return rec;
}

describe('visibleRecord(record, snapshot)', () => {
  it('keeps only the players the snapshot publishes; the record itself keeps everyone', () => {
    const rec = record();
    const snapshot = buildSnapshot(leagueSave(), { now: NOW, stats: tinyStats, players: { hide: ['Carl'] } });
    const view = visibleRecord(rec, snapshot);
    assert.deepEqual(Object.keys(view.players), [ids.alice]);
    assert.deepEqual(Object.keys(rec.players).sort(), [ids.alice, ids.carl].sort());
    assert.deepEqual(activePlayers(view, { now: NOW }).items.map((e) => e.uuid), [ids.alice]);
    assert.equal(activePlayers(rec, { now: NOW }).total, 2);
  });

  it('is reused until the snapshot or the pull count changes', () => {
    const rec = record();
    const snapshot = buildSnapshot(leagueSave(), { now: NOW, stats: tinyStats });
    const view = visibleRecord(rec, snapshot);
    assert.equal(visibleRecord(rec, snapshot), view);
    addPull(rec, { at: NOW, online: 1, counters: { [ids.bob]: { play_time: 9, deaths: 0 } } });
    const next = visibleRecord(rec, snapshot);
    assert.notEqual(next, view);
    assert.ok(ids.bob in next.players);
    const other = buildSnapshot(leagueSave(), { now: NOW, stats: tinyStats, players: { hide: ['bob'] } });
    assert.ok(!(ids.bob in visibleRecord(rec, other).players));
  });

  it("keeps each snapshot's view, and the last view's players while the same players are visible", () => {
    const rec = record();
    const served = buildSnapshot(leagueSave(), { now: NOW, stats: tinyStats });
    const next = buildSnapshot(leagueSave(), { now: NOW, stats: tinyStats });
    const view = visibleRecord(rec, served);
    const nextView = visibleRecord(rec, next);
    assert.notEqual(nextView, view);
    assert.equal(nextView.players, view.players, 'the same players: the same object');
    assert.equal(visibleRecord(rec, served), view, 'the served snapshot keeps its view');
    const hiding = buildSnapshot(leagueSave(), { now: NOW, stats: tinyStats, players: { hide: ['Carl'] } });
    assert.deepEqual(Object.keys(visibleRecord(rec, hiding).players), [ids.alice]);
    const again = visibleRecord(rec, buildSnapshot(leagueSave(), { now: NOW, stats: tinyStats }));
    assert.deepEqual(Object.keys(again.players).sort(), [ids.alice, ids.carl].sort());
  });
});

describe("visibleRecord of a network's merged record", () => {
  it('shows the players the snapshot publishes, in the record order, as picked from scratch, the served views unchanged (randomised)', () => {
    const everyone = buildSnapshot(leagueSave(), { now: NOW, stats: tinyStats }).players;
    // The league's players and two the snapshot never knows (their files gone).
    const uuids = [...everyone.map((p) => p.uuid), 'dddddddd-0000-0000-0000-000000000001', 'dddddddd-0000-0000-0000-000000000002'];
    let shared = 0;
    for (let seed = 1; seed <= 20; seed++) {
      const next = seeded(seed);
      const servers = [emptyRecord(), emptyRecord()];
      const merge = recordMerger();
      const served: Array<{ players: ActivityRecord['players']; keys: string[] }> = [];
      for (let pull = 0; pull < 12; pull++) {
        for (const server of servers) {
          const counters: Record<string, Record<string, number>> = {};
          for (const uuid of uuids) if (next() < (uuid.startsWith('dddddddd') ? 0.03 : 0.3)) counters[uuid] = { play_time: pull * 20_000 + Math.floor(next() * 1000) };
          addPull(server, { at: NOW - (12 - pull) * 15 * MIN, online: 1, counters });
        }
        const merged = merge(servers);
        const hide = everyone.filter(() => next() < 0.1).map((p) => p.name ?? p.uuid);
        const snapshot = buildSnapshot(leagueSave(), { now: NOW, stats: tinyStats, players: { hide } });
        const shown = new Set(snapshot.players.map((p) => p.uuid));
        const view = visibleRecord(merged, snapshot);
        const expected = Object.keys(merged.players).filter((uuid) => shown.has(uuid));
        assert.deepEqual(Object.keys(view.players), expected, `seed ${seed}, pull ${pull}`);
        for (const uuid of expected) assert.equal(view.players[uuid], merged.players[uuid]);
        if (view.players === merged.players) shared++;
        for (const was of served) assert.deepEqual(Object.keys(was.players), was.keys, `seed ${seed}, pull ${pull}: a served view changed`);
        served.push({ players: view.players, keys: [...expected] });
      }
    }
    assert.ok(shared > 0, 'some views are the merged players themselves');
  });
});

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { PlayerSave, SaveData } from '../save/types.js';
import { buildSnapshot } from './build-snapshot.js';
import { snapshotStillCurrent } from './snapshot-still-current.js';
import { custom, DAY, done, HOUR, NOW, player, save, T0, tinyStats, uuid } from './testing/save-fixture.js';
import { seeded } from './testing/seeded.js';
import type { BuildSnapshotOptions, Snapshot } from './types.js';

const PULL = 900_000;
const SKIN = 'ab'.repeat(16);

/** Player n's reading: a new object at every call, as the reader gives for a changed file. */
function reading(n: number, fields: Partial<PlayerSave> = {}): PlayerSave {
  return player({ uuid: uuid(n), name: `P${n}`, stats: custom({ play_time: HOUR * (1 + (n % 4)), jump: 10 * (n % 5) }), advancements: [done('story/root', T0 + n * 1000)], lastOnline: NOW - DAY * (1 + (n % 9)), ...fields });
}

/** The snapshot without what a build at another time changes whatever its input. */
function timeless(snapshot: Snapshot): unknown {
  const { data_updated_at: _at, generation: _generation, ...rest } = snapshot;
  return JSON.parse(JSON.stringify(rest));
}

describe('snapshotStillCurrent(previous, save, options)', () => {
  const players = Array.from({ length: 12 }, (_, n) => reading(n));
  const options: BuildSnapshotOptions = { now: NOW, stats: tinyStats };
  const served = buildSnapshot(save(players), options);
  const later = { ...options, now: NOW + PULL, previous: served };

  const cases: Array<[string, SaveData, BuildSnapshotOptions, boolean]> = [
    ['the same readings, a pull later', save(players), later, true],
    ['the same readings in a new save object', save([...players].reverse()), later, true],
    ['a player read anew (a file changed)', save(players.map((p, i) => (i === 3 ? reading(3) : p))), later, false],
    ['a new player', save([...players, reading(12)]), later, false],
    ['a player gone', save(players.slice(1)), later, false],
    ['a skin learnt since', save(players), { ...later, skins: (id) => (id === uuid(4) ? SKIN : null) }, false],
    ['a ban in force now', save(players, { bannedPlayers: [{ uuid: uuid(2), name: 'P2', expires: null }] }), later, false],
    ['the level renamed', save(players, { levelName: 'world2' }), later, false],
    ['a new warning', save(players, { warnings: [{ file: '/srv/mc/usercache.json', reason: 'invalid JSON' }] }), later, false],
    ['another configuration', save(players), { ...later, feedSize: 3 }, false],
    ['another server name', save(players), { ...later, server: { name: 'Other' } }, false],
  ];
  for (const [title, input, given, expected] of cases) {
    it(`${expected ? 'true' : 'false'}: ${title}`, () => {
      assert.equal(snapshotStillCurrent(served, input, given), expected);
      if (expected) assert.deepEqual(timeless(buildSnapshot(input, given)), timeless(served));
    });
  }

  it('false once a ban that hid a player has expired', () => {
    const banned = save(players, { bannedPlayers: [{ uuid: uuid(5), name: 'P5', expires: NOW + PULL / 2 }] });
    const withBan = buildSnapshot(banned, options);
    assert.equal(withBan.players.length, 11);
    assert.equal(snapshotStillCurrent(withBan, banned, { ...options, now: NOW + PULL / 4 }), true);
    assert.equal(snapshotStillCurrent(withBan, banned, { ...options, now: NOW + PULL }), false);
  });

  it('false while a player never seen online is shown (the first-seen estimate reads the clock)', () => {
    const unseen = save(players.map((p, i) => (i === 0 ? reading(0, { lastOnline: null }) : p)));
    const built = buildSnapshot(unseen, options);
    assert.equal(snapshotStillCurrent(built, unseen, later), false);
  });

  it('false for a snapshot read back from JSON', () => {
    const parsed = JSON.parse(JSON.stringify(served)) as Snapshot;
    assert.equal(snapshotStillCurrent(parsed, save(players), later), false);
  });

  it('when true, a build from scratch at the later time equals it but for its time and generation (randomised)', () => {
    const random = seeded(41);
    const pick = (k: number): number => Math.floor(random() * k);
    let counts = { kept: 0, rebuilt: 0 };
    for (let trial = 0; trial < 20; trial++) {
      let readings = Array.from({ length: 10 + pick(20) }, (_, n) => reading(n, { lastOnline: NOW - DAY * (1 + pick(60)) }));
      const bans = readings.filter(() => random() < 0.1).map((p) => ({ uuid: p.uuid, name: p.name, expires: random() < 0.5 ? null : NOW + pick(4) * PULL }));
      let skins = new Map(readings.filter(() => random() < 0.3).map((p) => [p.uuid, SKIN] as const));
      const optionsAt = (now: number, previous?: Snapshot): BuildSnapshotOptions => {
        const known = new Map(skins);
        return { now, stats: tinyStats, skins: (id) => known.get(id) ?? null, ...(previous ? { previous } : {}) };
      };
      let kept = buildSnapshot(save(readings, { bannedPlayers: bans }), optionsAt(NOW));
      for (let round = 1; round <= 6; round++) {
        const now = NOW + round * PULL;
        // Mostly nothing; sometimes a player read anew (seen online or never), or a skin learnt.
        const change = random();
        const changed = pick(readings.length);
        if (change < 0.15) readings = readings.map((p, i) => (i === changed ? reading(i, { lastOnline: random() < 0.3 ? null : NOW - DAY }) : p));
        else if (change < 0.25) skins = new Map([...skins, [readings[changed]!.uuid, random() < 0.5 ? SKIN.toUpperCase() : 'cd'.repeat(16)]]);
        const input = save(readings, { bannedPlayers: bans });
        const still = snapshotStillCurrent(kept, input, optionsAt(now));
        const fresh = buildSnapshot(input, optionsAt(now, kept));
        if (still) {
          assert.deepEqual(timeless(fresh), timeless(kept), `trial ${trial}, round ${round}`);
          counts.kept++;
        } else {
          kept = fresh;
          counts.rebuilt++;
        }
      }
    }
    assert.ok(counts.kept > 30 && counts.rebuilt > 20, JSON.stringify(counts));
  });
});

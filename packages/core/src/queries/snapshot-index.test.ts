import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { findPlayer } from './find-player.js';
import { indexSnapshot, snapshotIndex } from './snapshot-index.js';
import { ids, league } from '../snapshot/testing/league.js';
import { seeded } from '../snapshot/testing/seeded.js';
import { rememberPredecessor } from '../snapshot/snapshot-predecessor.js';
import type { Snapshot } from '../snapshot/types.js';

describe('indexSnapshot(snapshot)', () => {
  it('builds the name table the lookups by name then use', () => {
    const s = league();
    indexSnapshot(s);
    const index = snapshotIndex(s);
    const byName = index.byName;
    assert.equal(byName.get('alice'), index.byUuid.get(ids.alice));
    assert.equal(snapshotIndex(s).byName, byName, 'kept, not built again');
    assert.equal(findPlayer(s, 'ALICE')?.uuid, ids.alice);
  });
});

describe('snapshotIndex(snapshot): tables shared with the snapshot it patched', () => {
  /** A snapshot holding only what the tables read: its players' uuids, names and last online times. */
  const snapshotOf = (players: Array<{ uuid: string; name: string | null; last_online_ms: number | null }>): Snapshot =>
    ({ players: players.map((p) => ({ ...p })), stats: [], advancements: [] }) as unknown as Snapshot;

  it('gives the tables a build from scratch gives, as players come, go, rename and share names (randomised)', () => {
    const random = seeded(41);
    const name = () => (random() < 0.1 ? null : `${random() < 0.5 ? 'P' : 'p'}${Math.floor(random() * 40)}`);
    let players = Array.from({ length: 30 }, (_, i) => ({ uuid: `u${i}`, name: name(), last_online_ms: random() < 0.1 ? null : Math.floor(random() * 5) }));
    let sharedUuids = 0;
    let sharedNames = 0;
    for (let round = 0; round < 300; round++) {
      const last = snapshotOf(players);
      const lastIndex = snapshotIndex(last);
      void lastIndex.byName;
      // A few players online again (most rounds), one renamed, one gone or come (some rounds).
      players = players.map((p) => (random() < 0.1 ? { ...p, last_online_ms: Math.floor(random() * 5) } : p));
      if (random() < 0.3) players[Math.floor(random() * players.length)]!.name = name();
      if (random() < 0.1) players.splice(Math.floor(random() * players.length), 1);
      if (random() < 0.1) players.push({ uuid: `u${100 + round}`, name: name(), last_online_ms: 1 });
      // Unique names for a while, then shared ones again.
      if (round % 100 === 50) players = players.map((p, i) => ({ ...p, name: `unique${i}` }));
      const next = snapshotOf(players);
      rememberPredecessor(next, last);
      const index = snapshotIndex(next);
      const byUuid = new Map(players.map((p, i) => [p.uuid, i]));
      const byName = new Map<string, number>();
      players.forEach((p, i) => {
        if (p.name === null) return;
        const other = byName.get(p.name.toLowerCase());
        const seen = (j: number) => players[j]!.last_online_ms ?? -Infinity;
        if (other === undefined || seen(i) > seen(other) || (seen(i) === seen(other) && i < other)) byName.set(p.name.toLowerCase(), i);
      });
      assert.deepEqual(index.byUuid, byUuid, `round ${round}`);
      assert.deepEqual(index.byName, byName, `round ${round}`);
      if (index.byUuid === lastIndex.byUuid) sharedUuids++;
      if (index.byName === lastIndex.byName) sharedNames++;
    }
    assert.ok(sharedUuids > 100 && sharedNames > 20, `shared ${sharedUuids} uuid and ${sharedNames} name tables`);
  });
});

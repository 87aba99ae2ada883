import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { findPlayer } from './find-player.js';
import { indexSnapshot, snapshotIndex } from './snapshot-index.js';
import { ids, league } from '../snapshot/testing/league.js';

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

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { PLAYER_FIELDS, samePlayer } from './same-player.js';
import type { SnapshotPlayer } from './types.js';

const player = (): SnapshotPlayer => ({
  uuid: '00000000-0000-4000-8000-000000000001',
  name: 'Alice',
  edition: 'java',
  skin: null,
  play_time: 72_000,
  ranked: true,
  last_online_ms: 1_700_000_000_000,
  first_seen_ms: 1_600_000_000_000,
  first_seen_estimated: false,
  advancements_earned: 12,
  recipes: 40,
  medals: [1, 0, 2],
  crown_score: 6,
  hall_of_fame_rank: 3,
  top_ranks: [0, 1, 4, 2],
  advancements: [3, 5, 8],
});

/** A value of the same type as `value`, different from it. */
function other(value: unknown): unknown {
  if (Array.isArray(value)) return [...value.slice(0, -1), (value.at(-1) as number) + 1];
  if (typeof value === 'number') return value + 1;
  if (typeof value === 'boolean') return !value;
  if (typeof value === 'string') return `${value}x`;
  if (value === null) return 'f'.repeat(32);
  throw new Error(`no other value for ${String(value)}`);
}

describe('samePlayer', () => {
  it('is true for equal copies, arrays compared by content', () => {
    assert.equal(samePlayer(player(), player()), true);
    assert.equal(samePlayer(player(), structuredClone(player())), true);
  });

  it('tells apart players that differ in any one field', () => {
    for (const field of PLAYER_FIELDS) {
      const changed = { ...player(), [field]: other(player()[field]) } as SnapshotPlayer;
      assert.equal(samePlayer(player(), changed), false, field);
      assert.equal(samePlayer(changed, player()), false, field);
    }
  });

  it('tells apart arrays of another length, and compares numbers as Object.is', () => {
    assert.equal(samePlayer(player(), { ...player(), top_ranks: [0, 1] }), false);
    assert.equal(samePlayer(player(), { ...player(), advancements: [] }), false);
    assert.equal(samePlayer({ ...player(), crown_score: 0 }, { ...player(), crown_score: -0 }), false);
    assert.equal(samePlayer({ ...player(), crown_score: NaN }, { ...player(), crown_score: NaN }), true);
    assert.equal(samePlayer({ ...player(), hall_of_fame_rank: null }, { ...player(), hall_of_fame_rank: 1 }), false);
  });
});

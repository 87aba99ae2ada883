import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { contentHash, stableNumbers } from './content-hash.js';
import { HolderTimes, holderTime, holderTimes } from './holder-times.js';
import { buildFeed } from './build-feed.js';
import { newestBound } from './newest-bound.js';
import type { SnapshotAdvancement } from './types.js';

function digest(value: unknown): string {
  const hash = contentHash();
  hash.add(value);
  return hash.digest();
}

const all = (times: HolderTimes | readonly number[]): Array<number | undefined> => Array.from({ length: times.length }, (_, i) => holderTime(times, i));

describe('HolderTimes', () => {
  it('keeps whole seconds in 4 bytes a time and reads them back as epoch ms, unknown as -1', () => {
    // Past 2^31 seconds (2038) and up to the last second below the unknown word (2106).
    const ms = [1_700_000_000_000, -1, 0, 2 ** 31 * 1000, (2 ** 32 - 2) * 1000];
    const times = holderTimes(ms);
    assert.ok(times instanceof HolderTimes);
    assert.equal(times.byteLength, 4 * ms.length);
    assert.deepEqual(all(times), ms);
    assert.equal(holderTime(times, ms.length), undefined, 'past the end, as an array');
    assert.equal(JSON.stringify({ times }), JSON.stringify({ times: ms }));
  });

  it('leaves a list it cannot hold exactly as it is: fractions, -0, before 1970, past 2106', () => {
    for (const odd of [1_700_000_000_000.5, 1_700_000_000_001, -0, -1000, -2, (2 ** 32 - 1) * 1000, 2 ** 32 * 1000, Number.NaN, Infinity]) {
      const ms = [1_700_000_000_000, odd];
      const kept = holderTimes(ms);
      assert.equal(kept, ms, String(odd));
      assert.ok(Object.is(holderTime(kept, 1), odd), String(odd));
    }
  });

  it('holds no time as an empty column', () => {
    const times = holderTimes([]);
    assert.ok(times instanceof HolderTimes);
    assert.equal(times.length, 0);
    assert.equal(holderTime(times, 0), undefined);
    assert.equal(JSON.stringify(times), '[]');
  });

  it('hashes as the array of epoch ms, marked or not', () => {
    const ms = [1_700_000_000_000, 1_700_000_060_000, -1, 2 ** 31 * 1000];
    assert.equal(digest({ a: holderTimes(ms) }), digest({ a: ms }));
    const stable = stableNumbers(holderTimes(ms));
    assert.equal(digest({ a: stable }), digest({ a: ms }));
    assert.equal(digest({ a: stable }), digest({ a: ms }), 'remembered digest');
    assert.equal(digest([holderTimes([])]), digest([[]]));
  });

  it('gives the feed and its bound what the plain times give', () => {
    const lists = [
      [1_000_000, 5_000_000, 9_000_000, -1],
      [4_000_000, 7_000_000],
    ];
    const compact = lists.map((ms) => holderTimes(ms));
    assert.ok(compact.every((t) => t instanceof HolderTimes));
    assert.equal(newestBound(compact, [3, 2], 3), newestBound(lists, [3, 2], 3));
    assert.equal(newestBound(compact, [3, 2], 3), 5_000_000);
    const advancements = (times: ReadonlyArray<HolderTimes | number[]>): SnapshotAdvancement[] =>
      times.map((holder_at, a) => ({ id: `a${a}`, source: 'vanilla', holders: Array.from({ length: holder_at.length }, (_, i) => i + a), holder_at }) as unknown as SnapshotAdvancement);
    const nameRank = [0, 1, 2, 3, 4];
    assert.deepEqual(buildFeed(advancements(compact), nameRank, 4), buildFeed(advancements(lists), nameRank, 4));
    assert.deepEqual(buildFeed(advancements(compact), nameRank, 4), [2, 0, 9_000_000, 2, 1, 7_000_000, 1, 0, 5_000_000, 1, 1, 4_000_000]);
  });
});

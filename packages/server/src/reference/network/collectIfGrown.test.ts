import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { COLLECT_PAST_GROWTH, collectIfGrown, heapSize } from './collectIfGrown.js';

describe('collectIfGrown', () => {
  it('collects only when the heap grew by more than COLLECT_PAST_GROWTH since the mark', () => {
    assert.equal(collectIfGrown(heapSize()), false);
    assert.equal(collectIfGrown(heapSize() - COLLECT_PAST_GROWTH + 1_048_576), false);
    // Node gives the collection (see collectGarbage): it runs, and says so.
    assert.equal(collectIfGrown(heapSize() - COLLECT_PAST_GROWTH - 1_048_576), true);
  });
});

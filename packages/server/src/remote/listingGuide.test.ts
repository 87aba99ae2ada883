import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { listingGuide, type ListingPlan } from './listingGuide.js';

const set = (...uuids: string[]): Set<string> => new Set(uuids);

describe('listingGuide', () => {
  const make = () => {
    let now = 0;
    const guide = listingGuide({ fullEveryMs: 60_000, clock: () => now });
    const sync = (playerdata: Set<string>, others: Set<string>, firstCopy = false, pending = set()): { plan: ListingPlan; distrust: string | null } => {
      const plan = guide.plan();
      return { plan, distrust: guide.done({ plan, firstCopy, playerdata, others, pending }) };
    };
    return { guide, sync, advance: (ms: number) => void (now += ms) };
  };

  it('lists in full until a sync with changes finds every changed file beside its changed playerdata', () => {
    const { sync } = make();
    assert.equal(sync(set('a'), set('a'), true).plan.full, true, 'a first copy');
    assert.equal(sync(set(), set()).plan.full, true, 'nothing changed: no evidence yet');
    assert.equal(sync(set('a', 'b'), set('a')).plan.full, true, 'the evidence');
    assert.equal(sync(set('c'), set('c')).plan.full, false);
  });

  it('a first copy is no evidence, however consistent', () => {
    const { sync } = make();
    sync(set('a'), set('a'), true);
    assert.equal(sync(set(), set()).plan.full, true);
  });

  it('looks up the last sync\'s players again, and takes their files changed alone at a full listing as consistent', () => {
    const { sync, advance } = make();
    sync(set('a'), set('a'));
    const guided = sync(set('b'), set());
    assert.deepEqual([guided.plan.full, [...guided.plan.recheck]], [false, ['a']]);
    advance(60_000);
    const full = sync(set(), set('b'));
    assert.deepEqual([full.plan.full, [...full.plan.recheck], full.distrust], [true, ['b'], null]);
    assert.equal(sync(set(), set()).plan.full, false);
  });

  it('a file changed alone at a full listing ends the trust for good, with the reason', () => {
    const { sync, advance } = make();
    sync(set('a'), set('a'));
    advance(60_000);
    const ended = sync(set('a'), set('a', 'z'));
    assert.match(ended.distrust ?? '', /of z changed without its playerdata file/);
    for (let i = 0; i < 3; i++) assert.equal(sync(set('b'), set('b')).plan.full, true);
  });

  it('lists in full every fullEveryMs, and after a failed sync', () => {
    const { guide, sync, advance } = make();
    sync(set('a'), set('a'));
    advance(59_999);
    assert.equal(guide.plan().full, false);
    advance(1);
    assert.equal(guide.plan().full, true);
    sync(set(), set());
    assert.equal(guide.plan().full, false);
    guide.failed();
    assert.deepEqual([guide.plan().full, guide.plan().recheck.size], [true, 0]);
  });

  it('looks up a file caught mid-write again until it is copied, and takes that copy as consistent', () => {
    const { sync, advance } = make();
    sync(set('a'), set('a'));
    advance(60_000);
    // a's stats were being written at this full listing and at the next two syncs' lookups.
    const first = sync(set('a'), set(), false, set('a'));
    assert.deepEqual([first.plan.full, first.distrust], [true, null]);
    const second = sync(set(), set(), false, set('a'));
    assert.deepEqual([second.plan.full, [...second.plan.recheck]], [false, ['a']]);
    advance(60_000);
    const copied = sync(set(), set('a'));
    assert.deepEqual([copied.plan.full, [...copied.plan.recheck], copied.distrust], [true, ['a'], null]);
    assert.deepEqual([...sync(set(), set()).plan.recheck], [], 'copied: no longer looked up');
  });

  it('a full listing after a failed sync is no evidence: a file changed alone then does not end the trust', () => {
    const { guide, sync } = make();
    sync(set('a'), set('a'));
    // a's playerdata was published by a sync that then failed; its stats were not.
    guide.failed();
    const after = sync(set(), set('a'));
    assert.deepEqual([after.plan.full, after.distrust], [true, null]);
    assert.equal(guide.plan().full, false, 'still trusted');
  });
});

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { runInNewContext } from 'node:vm';
import { collectGarbage } from './collectGarbage.js';

describe('collectGarbage()', () => {
  it('runs a full collection on Node: an object only weakly held is gone after it', async () => {
    let ref: WeakRef<object> | null = null;
    (() => {
      ref = new WeakRef({ big: new Array(1000).fill('x') });
    })();
    // A WeakRef target survives until the end of the current job at least.
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(collectGarbage(), true);
    assert.equal(ref!.deref(), undefined);
  });

  it('leaves no gc function behind in contexts made afterwards', () => {
    collectGarbage();
    assert.equal(runInNewContext('typeof gc'), 'undefined');
  });
});

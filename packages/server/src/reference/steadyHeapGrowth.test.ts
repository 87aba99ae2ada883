import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { describe, it } from 'node:test';
import { HEAP_GROWING_PERCENT, steadyHeapGrowth } from './steadyHeapGrowth.js';

describe('steadyHeapGrowth()', () => {
  it('returns true on Node, on every call', () => {
    assert.equal(steadyHeapGrowth(), true);
    assert.equal(steadyHeapGrowth(), true);
  });

  it('is a growing factor V8 accepts: a process started with it runs and collects', () => {
    // The flag's name and value as the function passes them, checked by V8 itself at start
    // (an unknown flag or value makes node exit with an error).
    const out = execFileSync(process.execPath, [`--heap-growing-percent=${HEAP_GROWING_PERCENT}`, '--expose-gc', '-e', 'gc(); process.stdout.write("ok")'], { encoding: 'utf8' });
    assert.equal(out, 'ok');
  });
});

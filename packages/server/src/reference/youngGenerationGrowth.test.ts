import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { YOUNG_TARGET_BYTES, growthFactorFor, youngGenerationGrowth } from './youngGenerationGrowth.js';

// A child that calls youngGenerationGrowth (or not), then allocates as a server does: short-lived
// garbage with a few objects alive across scavenges, a few MB surviving in all, turning the event
// loop now and then; it prints the young generation's size (new space: both semi-spaces) then.
// V8 grows it once the bytes that survived since its last growth exceed its capacity (1 MB at
// start).
const CHILD = `
const { getHeapSpaceStatistics } = await import('node:v8');
const { youngGenerationGrowth } = await import(process.argv[1]);
if (process.argv[2] === 'call') youngGenerationGrowth();
const ROUNDS = Number(process.argv[3]);
const alive = new Array(256).fill(null);
let sink = 0;
for (let i = 0; i < ROUNDS; i++) {
  if (i % 1000 === 0) await new Promise((resolve) => setImmediate(resolve));
  alive[i & 255] = { i, text: 'request ' + i };
  const garbage = [];
  for (let j = 0; j < 8; j++) garbage.push({ j });
  sink += garbage.length;
}
const space = getHeapSpaceStatistics().find((s) => s.space_name === 'new_space');
process.stdout.write(String(space.space_size));
`;

/** The new space's size (both semi-spaces, bytes) after the child's allocations. */
function newSpaceBytes(call: boolean, flags: readonly string[] = [], rounds = 50_000): number {
  const module = fileURLToPath(new URL('./youngGenerationGrowth.ts', import.meta.url));
  const env = { ...process.env };
  delete env.NODE_TEST_CONTEXT;
  delete env.NODE_OPTIONS;
  const child = spawnSync(process.execPath, [...flags, '--import', 'tsx', '--input-type=module', '-e', CHILD, module, call ? 'call' : 'no', String(rounds)], { encoding: 'utf8', env });
  assert.equal(child.status, 0, child.stderr);
  return Number(child.stdout);
}

describe('youngGenerationGrowth()', () => {
  it('returns true on Node, on every call', () => {
    assert.equal(youngGenerationGrowth(), true);
    assert.equal(youngGenerationGrowth(), true);
  });

  it('takes the young generation to the target in one step, then doubles as V8 does', () => {
    const MB = 1024 * 1024;
    assert.equal(YOUNG_TARGET_BYTES, 32 * MB);
    assert.equal(growthFactorFor(2 * MB), 16);
    assert.equal(growthFactorFor(4 * MB), 8);
    assert.equal(growthFactorFor(16 * MB), 2);
    assert.equal(growthFactorFor(32 * MB), 2);
    assert.equal(growthFactorFor(128 * MB), 2);
    assert.equal(growthFactorFor(0), 2);
  });

  it('set at run time, it takes effect: the young generation reaches the target at once, and no further', () => {
    const MB = 1024 * 1024;
    const grown = newSpaceBytes(true);
    const own = newSpaceBytes(false);
    // 32 MB (two semi-spaces of 16) against 4 MB, on Node 20, 22 and 24 (whose maximum is 128 MB).
    assert.ok(grown >= 16 * MB, `new space ${(grown / MB).toFixed(1)} MB with the factor`);
    assert.ok(grown <= YOUNG_TARGET_BYTES, `new space ${(grown / MB).toFixed(1)} MB with the factor`);
    assert.ok(grown >= 4 * own, `new space ${(grown / MB).toFixed(1)} MB with the factor, ${(own / MB).toFixed(1)} MB without`);
  });

  it('leaves a factor given on the command line as it is (the way to turn it off)', () => {
    const MB = 1024 * 1024;
    const kept = newSpaceBytes(true, ['--semi-space-growth-factor=2']);
    assert.ok(kept < 16 * MB, `new space ${(kept / MB).toFixed(1)} MB with --semi-space-growth-factor=2`);
  });
});

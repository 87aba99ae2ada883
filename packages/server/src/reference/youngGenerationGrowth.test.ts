import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { youngGenerationGrowth } from './youngGenerationGrowth.js';

// A child that calls youngGenerationGrowth (or not), then allocates as a server does: short-lived
// garbage with a few objects alive across scavenges, a few MB surviving in all; it prints the
// young generation's size (new space: both semi-spaces) then. V8 grows it once the bytes that
// survived since its last growth exceed its capacity (1 MB at start).
const CHILD = `
const { getHeapSpaceStatistics } = await import('node:v8');
const { youngGenerationGrowth } = await import(process.argv[1]);
if (process.argv[2] === 'call') youngGenerationGrowth();
const alive = new Array(256).fill(null);
let sink = 0;
for (let i = 0; i < 50_000; i++) {
  alive[i & 255] = { i, text: 'request ' + i };
  const garbage = [];
  for (let j = 0; j < 8; j++) garbage.push({ j });
  sink += garbage.length;
}
const space = getHeapSpaceStatistics().find((s) => s.space_name === 'new_space');
process.stdout.write(String(space.space_size));
`;

/** The new space's size (both semi-spaces, bytes) after the child's allocations. */
function newSpaceBytes(call: boolean, flags: readonly string[] = []): number {
  const module = fileURLToPath(new URL('./youngGenerationGrowth.ts', import.meta.url));
  const env = { ...process.env };
  delete env.NODE_TEST_CONTEXT;
  delete env.NODE_OPTIONS;
  const child = spawnSync(process.execPath, [...flags, '--import', 'tsx', '--input-type=module', '-e', CHILD, module, call ? 'call' : 'no'], { encoding: 'utf8', env });
  assert.equal(child.status, 0, child.stderr);
  return Number(child.stdout);
}

describe('youngGenerationGrowth()', () => {
  it('returns true on Node, on every call', () => {
    assert.equal(youngGenerationGrowth(), true);
    assert.equal(youngGenerationGrowth(), true);
  });

  it('set at run time, it takes effect: the young generation grows to its maximum at once, not by doubling', () => {
    const MB = 1024 * 1024;
    const grown = newSpaceBytes(true);
    const own = newSpaceBytes(false);
    // Node 20: 32 MB (two semi-spaces of 16) against 4 MB.
    assert.ok(grown >= 16 * MB, `new space ${(grown / MB).toFixed(1)} MB with the factor`);
    assert.ok(grown >= 4 * own, `new space ${(grown / MB).toFixed(1)} MB with the factor, ${(own / MB).toFixed(1)} MB without`);
  });

  it('leaves a factor given on the command line as it is (the way to turn it off)', () => {
    const MB = 1024 * 1024;
    const kept = newSpaceBytes(true, ['--semi-space-growth-factor=2']);
    assert.ok(kept < 16 * MB, `new space ${(kept / MB).toFixed(1)} MB with --semi-space-growth-factor=2`);
  });
});

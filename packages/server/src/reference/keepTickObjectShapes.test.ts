import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { keepTickObjectShapes } from './keepTickObjectShapes.js';

// A child with V8's natives (`%HaveSameMap`) and `gc()`: it keeps a tick object, runs full
// collections while no other tick object is alive, then compares a new tick object's map with
// the kept one's. The natives are compiled through `Function` so tsx never parses them.
const CHILD = `
import { executionAsyncResource } from 'node:async_hooks';
const { keepTickObjectShapes } = await import(process.argv[1]);
const sameMap = new Function('a', 'b', 'return %HaveSameMap(a, b)');
const kept = await keepTickObjectShapes();
for (let i = 0; i < 4; i += 1) {
  await new Promise((resolve) => setImmediate(resolve));
  globalThis.gc();
}
const later = await new Promise((resolve) => process.nextTick(() => resolve(executionAsyncResource())));
process.stdout.write(JSON.stringify({ same: sameMap(kept, later), differs: sameMap(kept, {}) }));
`;

describe('keepTickObjectShapes()', () => {
  it('keeps a nextTick queue entry: the object with the async ids, callback and arguments', async () => {
    const kept = await keepTickObjectShapes();
    assert.ok(kept !== null);
    // Node 22 and later add an async context frame symbol; these four are in every version.
    const keys = Reflect.ownKeys(kept).map(String);
    for (const key of ['Symbol(async_id_symbol)', 'Symbol(trigger_async_id_symbol)', 'callback', 'args']) assert.ok(keys.includes(key), `${key} in ${keys.join(', ')}`);
    assert.equal(await keepTickObjectShapes(), kept, 'taken once');
  });

  it('new tick objects keep the kept one\'s hidden class through full collections', () => {
    const module = fileURLToPath(new URL('./keepTickObjectShapes.ts', import.meta.url));
    const env = { ...process.env };
    delete env.NODE_TEST_CONTEXT;
    delete env.NODE_OPTIONS;
    const child = spawnSync(process.execPath, ['--allow-natives-syntax', '--expose-gc', '--import', 'tsx', '--input-type=module', '-e', CHILD, module], { encoding: 'utf8', env });
    assert.equal(child.status, 0, child.stderr);
    assert.deepEqual(JSON.parse(child.stdout), { same: true, differs: false });
  });
});

import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { createParseCache } from './parse-cache.js';

describe('createParseCache()', () => {
  const file = { path: join('/srv', 'world', 'stats', 'a.json'), size: 10, mtimeMs: 1000.5 };

  it('reuses a summary while path, size and mtime match', async () => {
    const cache = createParseCache();
    let parses = 0;
    const parse = async (): Promise<{ n: number }> => ({ n: ++parses });
    assert.deepEqual(await cache.use('stats', file, parse), { n: 1 });
    assert.deepEqual(await cache.use('stats', { ...file }, parse), { n: 1 });
    assert.deepEqual(cache.stats(), { hits: 1, misses: 1, entries: 1 });
    const changes = [{ ...file, size: 11 }, { ...file, size: 11, mtimeMs: 1000.6 }];
    for (const changed of changes) await cache.use('stats', changed, parse);
    assert.equal(parses, 3);
    assert.deepEqual(cache.stats(), { hits: 1, misses: 3, entries: 1 }); // one entry per file
  });

  it('keeps kinds apart for the same path', async () => {
    const cache = createParseCache();
    assert.equal(await cache.use('a', file, async () => 'a'), 'a');
    assert.equal(await cache.use('b', file, async () => 'b'), 'b');
    assert.equal(cache.stats().entries, 2);
  });

  it('prunes entries below a folder that were not kept', async () => {
    const cache = createParseCache();
    const other = { ...file, path: join('/srv', 'world', 'stats', 'b.json') };
    const outside = { ...file, path: join('/srv', 'world2', 'stats', 'c.json') };
    for (const f of [file, other, outside]) await cache.use('stats', f, async () => f.path);
    cache.prune(join('/srv', 'world'), new Set([file.path]));
    assert.equal(cache.stats().entries, 2);
    let parsed = false;
    await cache.use('stats', outside, async () => ((parsed = true), ''));
    assert.equal(parsed, false, 'a sibling folder with a common prefix is untouched');
  });

  it('clear() forgets everything and zeroes the counters', async () => {
    const cache = createParseCache();
    await cache.use('stats', file, async () => 1);
    await cache.use('stats', file, async () => 1);
    cache.clear();
    assert.deepEqual(cache.stats(), { hits: 0, misses: 0, entries: 0 });
  });
});

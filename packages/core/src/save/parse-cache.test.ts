import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { createParseCache, fileStamp } from './parse-cache.js';

describe('createParseCache()', () => {
  const stats = join('/srv', 'world', 'stats');
  const file = fileStamp(stats, 'a.json', 10, 1000.5);
  /** `file` with other fields. */
  const like = (fields: { dir?: string; name?: string; size?: number; mtimeMs?: number }) =>
    fileStamp(fields.dir ?? file.dir, fields.name ?? file.name, fields.size ?? file.size, fields.mtimeMs ?? file.mtimeMs);

  it('reuses a summary while path, size and mtime match', async () => {
    const cache = createParseCache();
    let parses = 0;
    const parse = async (): Promise<{ n: number }> => ({ n: ++parses });
    assert.deepEqual(await cache.use('stats', file, parse), { n: 1 });
    assert.deepEqual(await cache.use('stats', like({}), parse), { n: 1 });
    assert.deepEqual(cache.stats(), { hits: 1, misses: 1, entries: 1 });
    const changes = [like({ size: 11 }), like({ size: 11, mtimeMs: 1000.6 })];
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
    const other = like({ name: 'b.json' });
    const outside = like({ dir: join('/srv', 'world2', 'stats'), name: 'c.json' });
    const below = like({ dir: join('/srv', 'world', 'stats', 'old'), name: 'd.json' });
    for (const f of [file, other, outside, below]) await cache.use('stats', f, async () => f.path);
    cache.prune(join('/srv', 'world'), new Set([file.path]));
    assert.equal(cache.stats().entries, 2);
    assert.equal(cache.latest('stats', other.dir, other.name), undefined);
    assert.equal(cache.latest('stats', below.dir, below.name), undefined, 'files in sub-folders are pruned too');
    assert.equal(cache.latest('stats', file.dir, file.name)?.value, file.path);
    let parsed = false;
    await cache.use('stats', outside, async () => ((parsed = true), ''));
    assert.equal(parsed, false, 'a sibling folder with a common prefix is untouched');
  });

  it('keys by folder and name, and gives the stamp its path', async () => {
    const cache = createParseCache();
    const stamp = cache.set('stats', file, 'summary');
    assert.equal(stamp.path, join('/srv', 'world', 'stats', 'a.json'));
    assert.equal(cache.get('stats', like({})), 'summary');
    assert.equal(cache.get('stats', like({ dir: join('/srv', 'world2', 'stats') })), undefined, 'same name, other folder');
    assert.equal(fileStamp(join('/'), 'a.json', 1, 1).path, join('/', 'a.json'), 'a root folder');
  });

  it('clear() forgets everything and zeroes the counters', async () => {
    const cache = createParseCache();
    await cache.use('stats', file, async () => 1);
    await cache.use('stats', file, async () => 1);
    cache.clear();
    assert.deepEqual(cache.stats(), { hits: 0, misses: 0, entries: 0 });
  });
});

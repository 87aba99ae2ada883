import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Rendered } from './Rendered.js';
import { responseMemo } from './responseMemo.js';

const rendered = (body: string): Rendered => ({ body, headers: new Headers(), etag: null, lastModifiedExact: false });

describe('responseMemo(maxBytes)', () => {
  test('find(origin, target) answers what get(origin + target) answers', () => {
    const memo = responseMemo(1024 * 1024)!;
    memo.use('g1');
    const page = rendered('page');
    memo.set('https://stats.example.net/v1/stats/play_time?limit=5', page);
    assert.equal(memo.find('https://stats.example.net', '/v1/stats/play_time?limit=5'), page);
    assert.equal(memo.get('https://stats.example.net/v1/stats/play_time?limit=5'), page);
    assert.equal(memo.find('https://stats.example.net', '/v1/stats/play_time'), undefined);
    assert.equal(memo.find('http://stats.example.net', '/v1/stats/play_time?limit=5'), undefined);
  });

  test('an evicted answer is found by neither get nor find, and a new generation empties both', () => {
    // Each answer weighs 3 bytes a character + 512: a 4,000-byte memo holds two 500-character ones.
    const memo = responseMemo(4_000)!;
    memo.use('g1');
    const body = 'x'.repeat(500);
    for (let i = 0; i < 10; i++) memo.set(`https://a.test/v1/players/p${i}`, rendered(body + i));
    for (let i = 0; i < 8; i++) {
      assert.equal(memo.find('https://a.test', `/v1/players/p${i}`), undefined, `p${i} was evicted`);
      assert.equal(memo.get(`https://a.test/v1/players/p${i}`), undefined);
    }
    assert.equal((memo.find('https://a.test', '/v1/players/p9')?.body as string).endsWith('9'), true);
    // Set again after eviction: found again.
    memo.set('https://a.test/v1/players/p0', rendered(body + 'again'));
    assert.equal((memo.find('https://a.test', '/v1/players/p0')?.body as string).endsWith('again'), true);
    memo.use('g2');
    assert.equal(memo.find('https://a.test', '/v1/players/p0'), undefined);
    assert.equal(memo.find('https://a.test', '/v1/players/p9'), undefined);
  });

  test('an answer larger than the whole memo is not kept, and not indexed', () => {
    const memo = responseMemo(1_000)!;
    memo.use('g1');
    memo.set('https://a.test/v1/big', rendered('y'.repeat(1_000)));
    assert.equal(memo.find('https://a.test', '/v1/big'), undefined);
  });

  test('0 switches the memo off; a negative or fractional size is refused', () => {
    assert.equal(responseMemo(0), null);
    assert.throws(() => responseMemo(-1), RangeError);
    assert.throws(() => responseMemo(1.5), RangeError);
  });
});

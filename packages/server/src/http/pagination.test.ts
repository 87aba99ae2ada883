import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { pagination } from './pagination.js';

describe('pagination(url, page)', () => {
  const url = new URL('https://stats.example/v1/players?sort=name&limit=2&extra=kept');
  const cases: [string, { total: number; count: number; limit: number; offset: number }, string | null, string | null][] = [
    ['first page', { total: 5, count: 2, limit: 2, offset: 0 }, '2', null],
    ['middle page', { total: 5, count: 2, limit: 2, offset: 2 }, '4', '0'],
    ['last page', { total: 5, count: 1, limit: 2, offset: 4 }, null, '2'],
    ['single page', { total: 2, count: 2, limit: 2, offset: 0 }, null, null],
    ['empty collection', { total: 0, count: 0, limit: 2, offset: 0 }, null, null],
    ['offset not on a page boundary', { total: 5, count: 2, limit: 2, offset: 1 }, '3', '0'],
    ['past the end points back to the last page', { total: 5, count: 0, limit: 2, offset: 40 }, null, '4'],
  ];
  for (const [name, page, next, previous] of cases) {
    it(name, () => {
      const p = pagination(url, page);
      assert.deepEqual({ ...p, next: undefined, previous: undefined }, { ...page, next: undefined, previous: undefined });
      for (const [link, offset] of [[p.next, next], [p.previous, previous]] as const) {
        if (offset === null) {
          assert.equal(link, null);
        } else {
          const u = new URL(link!);
          assert.equal(u.origin + u.pathname, 'https://stats.example/v1/players');
          assert.equal(u.searchParams.get('offset'), offset);
          assert.equal(u.searchParams.get('sort'), 'name');
          assert.equal(u.searchParams.get('limit'), '2');
          assert.equal(u.searchParams.get('extra'), 'kept');
        }
      }
    });
  }
});

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { headerList } from './headerList.js';

describe('headerList', () => {
  it('lists the headers with the set values over theirs, and leaves both records alone', () => {
    const headers = Object.freeze({ 'content-type': 'text/html', etag: '"a"', 'set-cookie': ['a=1', 'b=2'] });
    const set = Object.freeze({ etag: '"a-br"', vary: 'Accept-Encoding' });
    assert.deepEqual(headerList(headers, set), ['content-type', 'text/html', 'set-cookie', ['a=1', 'b=2'], 'etag', '"a-br"', 'vary', 'Accept-Encoding']);
    assert.deepEqual(headerList(headers, null), ['content-type', 'text/html', 'etag', '"a"', 'set-cookie', ['a=1', 'b=2']]);
  });
});

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { strongEtag } from './etag.js';
import { notModified } from './notModified.js';

describe('strongEtag(generation, body)', () => {
  it('is a quoted strong validator using only allowed characters', async () => {
    assert.match(await strongEtag('g1', '{"a":1}'), /^"[A-Za-z0-9_-]{27}"$/);
  });
  it('is stable for the same generation and bytes', async () => {
    assert.equal(await strongEtag('g1', 'x'), await strongEtag('g1', new TextEncoder().encode('x')));
  });
  it('changes with the generation and with the representation', async () => {
    const base = await strongEtag('g1', 'x');
    assert.notEqual(await strongEtag('g2', 'x'), base);
    assert.notEqual(await strongEtag('g1', 'y'), base);
  });
});

describe('notModified(headers, current)', () => {
  const etag = '"abc"';
  const lastModified = Date.UTC(2024, 5, 1, 12, 0, 0, 500);
  const cases: [string, Record<string, string>, boolean][] = [
    ['exact match', { 'if-none-match': '"abc"' }, true],
    ['weak form matches (weak comparison)', { 'if-none-match': 'W/"abc"' }, true],
    ['match inside a list', { 'if-none-match': '"x", W/"y", "abc"' }, true],
    ['star', { 'if-none-match': '*' }, true],
    ['different tag', { 'if-none-match': '"abd"' }, false],
    ['unquoted garbage', { 'if-none-match': 'abc' }, false],
    ['no validators', {}, false],
    ['If-Modified-Since at Last-Modified (sub-second ignored)', { 'if-modified-since': 'Sat, 01 Jun 2024 12:00:00 GMT' }, true],
    ['If-Modified-Since before Last-Modified', { 'if-modified-since': 'Sat, 01 Jun 2024 11:59:59 GMT' }, false],
    ['If-Modified-Since unparsable', { 'if-modified-since': 'yesterday' }, false],
    ['If-None-Match wins over If-Modified-Since', { 'if-none-match': '"zzz"', 'if-modified-since': 'Sat, 01 Jun 2024 12:00:00 GMT' }, false],
  ];
  for (const [name, headers, expected] of cases) {
    it(name, () => assert.equal(notModified(new Headers(headers), { etag, lastModified }), expected));
  }
  it('never matches a response without an ETag', () => {
    assert.equal(notModified(new Headers({ 'if-none-match': '*' }), {}), false);
  });
});

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { contentHash, stableNumbers } from './content-hash.js';
import { IndexColumn, indexColumn } from './index-column.js';

function digest(value: unknown): string {
  const hash = contentHash();
  hash.add(value);
  return hash.digest();
}

describe('IndexColumn', () => {
  it('holds 4 bytes a number, written to JSON as an array', () => {
    const board = indexColumn([4, 0, 7, 2 ** 31 - 1]);
    assert.ok(board instanceof IndexColumn);
    assert.equal(board.byteLength, 16);
    assert.equal(JSON.stringify({ board }), '{"board":[4,0,7,2147483647]}');
  });

  it('hashes as the array of the same numbers, marked or not', () => {
    const numbers = [3, 1, 2, 2, 9];
    assert.equal(digest({ a: indexColumn(numbers) }), digest({ a: numbers }));
    const stable = stableNumbers(indexColumn(numbers));
    assert.equal(digest({ a: stable }), digest({ a: numbers }));
    assert.equal(digest({ a: stable }), digest({ a: numbers }), 'remembered digest');
    assert.equal(digest([new IndexColumn(0)]), digest([[]]));
  });
});

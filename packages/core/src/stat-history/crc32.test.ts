import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { crc32 as zlibCrc32 } from 'node:zlib';
import { crc32 } from './crc32.js';

describe('crc32(bytes)', () => {
  test('the check value of the IEEE CRC-32', () => {
    assert.equal(crc32(new TextEncoder().encode('123456789')), 0xcbf43926);
    assert.equal(crc32(new Uint8Array(0)), 0);
  });

  test('agrees with zlib at every length around its eight-byte steps and at any offset', () => {
    const bytes = Uint8Array.from({ length: 200 }, (_, i) => (i * 151 + 7) & 0xff);
    for (let from = 0; from < 9; from++) {
      for (let length = 0; length <= 40; length++) {
        const part = bytes.subarray(from, from + length);
        assert.equal(crc32(part), zlibCrc32(part), `${length} bytes at ${from}`);
      }
    }
  });
});

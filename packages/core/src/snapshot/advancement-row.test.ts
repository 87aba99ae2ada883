import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { advancementEntries, AdvancementRow, doneCount, entryCount, entryObtained, entryRequired, entryTime, flatEntries, sameEntries } from './advancement-row.js';
import { contentHash, stableNumbers } from './content-hash.js';

const T = Date.UTC(2024, 4, 1, 12, 0, 0);

/** Flat stride-5 entries: index, done, at, obtained, required. */
const flat = [3, 1, T, 1, 1, 0, 1, -1, 2, -1, 65535, 0, T + 5000, 255, 126, 7, 0, -1, 0, 54];

function digest(value: unknown): string {
  const hash = contentHash();
  hash.add(value);
  return hash.digest();
}

describe('AdvancementRow', () => {
  it('keeps every field in 8 bytes an entry and gives the flat entries back', () => {
    const row = advancementEntries(flat, 4);
    assert.ok(row instanceof AdvancementRow);
    assert.equal(row.byteLength, 4 * 8);
    assert.equal(entryCount(row), 4);
    assert.deepEqual(flatEntries(row), flat);
    assert.equal(JSON.stringify({ a: row }), JSON.stringify({ a: flat }));
    assert.equal(doneCount(row), 2);
    assert.equal(entryTime(row, 1), -1);
    assert.equal(entryObtained(row, 2), 255);
    assert.equal(entryRequired(row, 1), -1);
    assert.equal(entryRequired(row, 3), 54);
  });

  it('stays flat when an entry does not fit: a time in milliseconds, too many groups, a large index', () => {
    for (const [k, value] of [[2, T + 1], [3, 256], [4, 127], [0, 65536], [2, -5000]] as const) {
      const odd = flat.slice();
      odd[5 + k] = value;
      const row = advancementEntries(odd, 4);
      assert.ok(!(row instanceof AdvancementRow), `field ${k} = ${value}`);
      assert.deepEqual(row, odd);
    }
  });

  it('hashes as the flat entries, and compares equal to them', () => {
    const row = stableNumbers(advancementEntries(flat, 4));
    assert.equal(digest({ a: row }), digest({ a: flat }));
    assert.equal(digest({ a: row }), digest({ a: flat }), 'remembered digest');
    assert.equal(digest([advancementEntries([], 0)]), digest([[]]));
    assert.ok(sameEntries(row, flat));
    assert.ok(!sameEntries(row, flat.slice(0, 15)));
    assert.equal(entryCount(advancementEntries([], 0)), 0);
  });
});

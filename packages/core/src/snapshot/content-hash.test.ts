import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { contentHash, keptElements, patchedNumbers, stableArray, stableNumbers, stableObject } from './content-hash.js';
import { IndexColumn } from './index-column.js';
import { seeded } from './testing/seeded.js';
import { ValueColumn } from './value-column.js';

const digest = (value: unknown): string => {
  const hash = contentHash();
  hash.add(value);
  return hash.digest();
};

describe('contentHash()', () => {
  it('gives 16 hex digits, the same for equal input', () => {
    assert.match(digest({ a: [1, 2.5, 'x', null, true] }), /^[0-9a-f]{16}$/);
    assert.equal(digest({ a: [1, 2.5, 'x', null, true] }), digest({ a: [1, 2.5, 'x', null, true] }));
  });

  it('tells apart values that would collide without type tags and lengths', () => {
    const values: unknown[] = [
      ['ab'], ['a', 'b'], [[1], 2], [1, [2]], [1, 2], [2, 1], '1', 1, 1.5, -1, 2 ** 40, true, false, null, {}, [], '',
      { a: 1 }, { b: 1 }, { a: '1' }, [1, 2, 3], [0],
    ];
    const seen = new Set(values.map(digest));
    assert.equal(seen.size, values.length);
  });

  it('rejects values that are not JSON-like', () => {
    assert.throws(() => digest(() => 1), TypeError);
  });
});

describe('stableArray', () => {
  it('hashes a marked array as its equal plain copy, before and after its digest is remembered', () => {
    const row = stableArray([3, 1, 1_700_000_000_000, 2, 2.5]);
    const plain = [3, 1, 1_700_000_000_000, 2, 2.5];
    assert.equal(digest({ row }), digest({ row: plain }));
    assert.equal(digest({ row }), digest({ row: plain }), 'the remembered digest is the same');
    assert.notEqual(digest({ row }), digest({ row: [3, 1, 1_700_000_000_000, 2, 2.6] }));
  });
});

describe('object keys', () => {
  it('tell objects apart by their keys and order, however many keys were hashed before', () => {
    for (let i = 0; i < 5000; i++) digest({ [`key${i}`]: i }); // more keys than are remembered
    assert.notEqual(digest({ ab: 1 }), digest({ a: 1, b: 1 }));
    assert.notEqual(digest({ a: 1, b: 2 }), digest({ b: 2, a: 1 }));
    assert.equal(digest({ key4999: 1 }), digest({ key4999: 1 }), 'a key past the bound hashes the same every time');
    assert.notEqual(digest({ x: 'y' }), digest({ y: 'x' }));
  });
});

describe('stableNumbers', () => {
  it('hashes as an equal plain array, for every kind of number', () => {
    const numbers = [0, -0, 1, -1, 2 ** 31, -(2 ** 31), 2 ** 53, 1.5, -2.25, 1e-300, Number.MAX_VALUE, Infinity, -Infinity, NaN];
    const holey = new Array<number>(numbers.length);
    numbers.forEach((v, i) => (holey[i] = v));
    assert.equal(digest({ a: stableNumbers([...numbers]) }), digest({ a: numbers }));
    assert.equal(digest({ a: stableNumbers(holey) }), digest({ a: numbers }));
    assert.equal(digest([stableNumbers([]), stableNumbers([7])]), digest([[], [7]]));
  });
});

describe('value columns (Float64Array)', () => {
  it('hash as a plain array of the same numbers, marked or not, for every kind of number', () => {
    const numbers = [0, -0, 1, -1, 2 ** 31, -(2 ** 31), 2 ** 53, 1.5, -2.25, 1e-300, Number.MAX_VALUE, Infinity, -Infinity, NaN];
    assert.equal(digest({ a: new ValueColumn(numbers) }), digest({ a: numbers }));
    assert.equal(digest({ a: stableNumbers(new ValueColumn(numbers)) }), digest({ a: numbers }));
    assert.equal(digest({ a: new Float64Array(numbers) }), digest({ a: numbers }));
    assert.equal(digest([new ValueColumn(0), stableNumbers(new ValueColumn([7]))]), digest([[], [7]]));
    // A column taken from a larger buffer is read from its own offset.
    assert.equal(digest(new Float64Array(new Float64Array([9, ...numbers]).buffer, 8)), digest(numbers));
  });

  it('are patched as arrays are: a changed copy hashes as its plain equal', () => {
    const previous = stableNumbers(new ValueColumn(Array.from({ length: 400 }, (_, i) => (i * 31) % 97)));
    digest(previous);
    let current = previous;
    for (let round = 1; round <= 5; round++) {
      const values = new ValueColumn(current);
      const at = [round, 100 + round, 399];
      for (const i of at) values[i] = values[i]! + round / 2;
      patchedNumbers(values, current, at);
      assert.equal(digest(values), digest([...values]), `round ${round}`);
      current = values;
    }
  });
});

describe('patchedNumbers', () => {
  const numbers = (n: number, seed: number): number[] => Array.from({ length: n }, (_, i) => ((i * 7919 + seed) % 1000) / (i % 3 === 0 ? 4 : 1));

  it('gives a patched copy the digest of an equal plain array, once the original was hashed', () => {
    const previous = stableNumbers(numbers(500, 1));
    digest(previous);
    const at = [0, 17, 250, 499];
    const values = previous.slice();
    values[0] = 3.25;
    values[17] = -1;
    values[250] = 2 ** 40;
    values[499] = previous[499]!; // listed, unchanged
    patchedNumbers(values, previous, at);
    assert.equal(digest(values), digest([...values]));
    assert.notEqual(digest(values), digest(previous));
  });

  it('is hashed in full when the original was not hashed or has another length', () => {
    const previous = stableNumbers(numbers(50, 2));
    const values = previous.slice();
    values[3] = 9;
    assert.equal(digest(patchedNumbers(values, previous, [3])), digest([...values]));
    const hashed = stableNumbers(numbers(50, 3));
    digest(hashed);
    const longer = [...hashed, 1];
    assert.equal(digest(patchedNumbers(longer, hashed, [50])), digest([...longer]));
  });

  it('follows a chain of patches, as successive rebuilds make', () => {
    let previous = stableNumbers(numbers(300, 4));
    digest(previous);
    for (let round = 1; round <= 20; round++) {
      const at = [round, (round * 37) % 300, (round * 101) % 300].filter((v, i, all) => all.indexOf(v) === i);
      const values = previous.slice();
      for (const i of at) values[i] = round % 2 ? values[i]! + round : values[i]! * 1.5;
      patchedNumbers(values, previous, at);
      assert.equal(digest(values), digest([...values]), `round ${round}`);
      previous = values;
    }
  });
});

describe('arrays of numbers', () => {
  it('tell apart the same values in another order, shifted, or swapped between arrays', () => {
    const base = [5, 1, 4, 1, 5, 9, 2, 6];
    const variants = [base, [...base].reverse(), [...base.slice(1), base[0]!], [1, 5, 4, 1, 5, 9, 2, 6], [5, 1, 4, 1, 5, 9, 2, 6, 0], [0, 5, 1, 4, 1, 5, 9, 2, 6]];
    assert.equal(new Set(variants.map(digest)).size, variants.length);
    assert.notEqual(digest([[1, 2], [3, 4]]), digest([[3, 4], [1, 2]]));
    assert.notEqual(digest([[1, 2], [3, 4]]), digest([[1, 4], [3, 2]]));
  });
});

describe('stableObject', () => {
  it('hashes a marked object as its equal plain copy, before and after its digest is remembered', () => {
    const player = stableObject({ uuid: 'a', medals: [1, 0, 2], rows: stableNumbers([3, 4.5]) });
    const plain = { uuid: 'a', medals: [1, 0, 2], rows: [3, 4.5] };
    assert.equal(digest([player]), digest([plain]));
    assert.equal(digest([player]), digest([plain]), 'the remembered digest is the same');
    assert.notEqual(digest([player]), digest([{ ...plain, uuid: 'b' }]));
    assert.notEqual(digest({ a: { b: 1 } }), digest({ a: { c: 1 } }));
  });
});

describe('keptElements', () => {
  /** An element of every kind an array can hold (objects of each kind `mixValue` tags, primitives), drawn at random. */
  function element(random: () => number): unknown {
    const k = Math.floor(random() * 10);
    const n = Math.floor(random() * 4);
    switch (k) {
      case 0: return stableObject({ uuid: `u${n}`, medals: [n, 0, 1], rank: n === 0 ? null : n });
      case 1: return { name: `p${n}`, nested: { at: [n, 'x'] } };
      case 2: return [n, `s${n}`, n / 3];
      case 3: return Int32Array.of(n, n + 1);
      case 4: return IndexColumn.of(n, 2);
      case 5: return Float64Array.of(n / 7);
      case 6: return Uint8Array.of(n);
      case 7: return n % 2 === 0 ? null : `text${n}`;
      case 8: return n + 0.5;
      default: return {};
    }
  }

  it('hashes as an equal plain array, round after round of arrays made from the last one (randomised)', () => {
    const random = seeded(42);
    for (let run = 0; run < 20; run++) {
      let last: object[] = keptElements(Array.from({ length: 1 + Math.floor(random() * 30) }, () => element(random) as object));
      for (let round = 0; round < 15; round++) {
        if (random() < 0.8) assert.equal(digest({ a: last }), digest({ a: structuredClone(last) }), `run ${run}, round ${round}`);
        // Mostly the same objects at the same places; some made anew (equal or not), moved, put in or taken out.
        const next = last.map((v) => (random() < 0.8 ? v : random() < 0.5 ? structuredClone(v) : element(random))) as object[];
        for (let edits = Math.floor(random() * 3); edits > 0; edits--) {
          const at = Math.floor(random() * (next.length + 1));
          const what = random();
          if (what < 0.3) next.splice(at, 0, element(random) as object);
          else if (what < 0.6) next.splice(at, 1);
          else if (next.length > 1) next.push(next.splice(at % next.length, 1)[0]!);
        }
        last = keptElements(next, random() < 0.9 ? last : undefined);
      }
    }
  });
});

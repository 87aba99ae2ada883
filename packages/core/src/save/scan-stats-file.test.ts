import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { seeded } from '../snapshot/testing/seeded.js';
import { packStats, StringTable, unpackStats, type PackedStats } from './packed.js';
import { parseStatsFile } from './parse-stats-file.js';
import { MAX_STAT_KEYS, MAX_STAT_TYPES } from './read-limits.js';
import { scanStatsFile } from './scan-stats-file.js';
import { realSaveFiles, realSavesPresent } from '../../../../test/support/repo.js';

const CURRENT = 4671;

/** What the general path gives for `text`, or its error's message. */
function general(text: string, strings: StringTable): PackedStats | string {
  try {
    return packStats(parseStatsFile(text), strings);
  } catch (error) {
    return (error as Error).message;
  }
}

/** The scanner gives the general path's packed bytes and fields, or null. */
function agrees(text: string, strings = new StringTable()): PackedStats | null {
  const scanned = scanStatsFile(text, strings);
  if (scanned !== null) {
    const expected = general(text, strings);
    assert.notEqual(typeof expected, 'string', `the general path refuses what the scanner took: ${text}`);
    assert.deepEqual(scanned, expected, text);
  }
  return scanned;
}

describe('scanStatsFile(text, strings): the fast path for the game\'s own shape', () => {
  const body = '"minecraft:custom":{"minecraft:jump":42,"minecraft:play_time":72000},"minecraft:mined":{"minecraft:stone":-3,"minecraft:dirt":0}';
  const taken: Array<[string, string]> = [
    ['compact', `{"stats":{${body}},"DataVersion":${CURRENT}}`],
    ['pretty-printed, CRLF and tabs', `{\r\n\t"stats": {\r\n\t\t"minecraft:custom": {\r\n\t\t\t"minecraft:jump": 42\r\n\t\t}\r\n\t},\r\n\t"DataVersion": ${CURRENT}\r\n}\r\n`],
    ['DataVersion first', `{"DataVersion":${CURRENT},"stats":{${body}}}`],
    ['no DataVersion', `{"stats":{${body}}}`],
    ['empty stats and an empty type', `{"stats":{"minecraft:custom":{}},"DataVersion":${CURRENT}}`],
    ['no stats at all', `{"stats":{}}`],
    ['the same id under two types', `{"stats":{"minecraft:mined":{"minecraft:stone":1},"minecraft:used":{"minecraft:stone":2}}}`],
    ['non-ASCII keys', `{"stats":{"mod:weird":{"mod:wärme ☃":5}},"DataVersion":${CURRENT}}`],
    ['15-digit counts', `{"stats":{"minecraft:custom":{"minecraft:walk_one_cm":999999999999999}}}`],
  ];
  for (const [name, text] of taken) {
    it(`takes and matches the general path: ${name}`, () => {
      assert.notEqual(agrees(text), null, 'the scanner should take this file');
    });
  }

  const declined: Array<[string, string]> = [
    ['ids renamed since its DataVersion (1.15)', `{"stats":{"minecraft:killed":{"minecraft:zombie_pigman":3}},"DataVersion":2230}`],
    ['the pre-1.13 flat format', '{"stat.jump":42}'],
    ['a fraction', `{"stats":{"minecraft:custom":{"minecraft:jump":4.5}}}`],
    ['an exponent', `{"stats":{"minecraft:custom":{"minecraft:jump":1e3}}}`],
    ['16 digits', `{"stats":{"minecraft:custom":{"minecraft:jump":1234567890123456}}}`],
    ['minus zero', `{"stats":{"minecraft:custom":{"minecraft:jump":-0}}}`],
    ['a leading zero', `{"stats":{"minecraft:custom":{"minecraft:jump":07}}}`],
    ['a string count', `{"stats":{"minecraft:custom":{"minecraft:jump":"42"}}}`],
    ['a type that is not an object', `{"stats":{"minecraft:custom":5}}`],
    ['a duplicate key', `{"stats":{"minecraft:custom":{"minecraft:jump":1,"minecraft:jump":2}}}`],
    ['a duplicate type', `{"stats":{"minecraft:custom":{"minecraft:jump":1},"minecraft:custom":{}}}`],
    ['an escape in a key', `{"stats":{"minecraft:custom":{"minecraft:ju\\u006dp":1}}}`],
    ['an index-like key', `{"stats":{"minecraft:custom":{"7":1}}}`],
    ['__proto__', `{"stats":{"__proto__":{"minecraft:jump":1}}}`],
    ['another top-level key', `{"stats":{},"other":1}`],
    ['trailing data', `{"stats":{}} x`],
    ['a trailing comma', `{"stats":{"minecraft:custom":{"minecraft:jump":1,}}}`],
    ['not JSON', `{"stats":{"minecraft:custom":{"minecraft:jump":1}`],
  ];
  for (const [name, text] of declined) {
    it(`declines: ${name}`, () => {
      assert.equal(agrees(text), null);
    });
  }

  it('matches the general path on random files, the odd ones declined (randomised)', () => {
    const random = seeded(17);
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)]!;
    const keys = ['minecraft:jump', 'minecraft:stone', 'minecraft:dirt', 'mod:x', 'minecraft:play_time', 'minecraft:zombie_pigman', 'minecraft:kelp_top'];
    const types = ['minecraft:custom', 'minecraft:mined', 'minecraft:killed', 'minecraft:used', 'mod:type'];
    const numbers = ['0', '1', '42', '-7', '123456789012345', '2.5', '1e2', '-0', '"9"', 'null', '{}'];
    const strings = new StringTable();
    let taken = 0;
    for (let trial = 0; trial < 2000; trial++) {
      const space = random() < 0.5 ? '' : pick([' ', '\n  ', '\r\n\t']);
      const typeCount = Math.floor(random() * 4);
      const parts: string[] = [];
      for (let t = 0; t < typeCount; t++) {
        const counters = Array.from({ length: Math.floor(random() * 5) }, () => `${space}"${pick(keys)}":${space}${random() < 0.9 ? pick(numbers.slice(0, 5)) : pick(numbers)}`);
        parts.push(`${space}"${pick(types)}":${space}{${counters.join(',')}${space}}`);
      }
      const version = random() < 0.2 ? '' : `,${space}"DataVersion":${space}${pick(['2230', String(CURRENT), '0', '-1', '3953'])}`;
      const text = `{${space}"stats":${space}{${parts.join(',')}${space}}${version}${space}}`;
      if (agrees(text, strings) !== null) taken++;
    }
    assert.ok(taken > 300, `the scanner took ${taken} of 2,000`);
  });

  it('leaves a file over the limits to the general path, which refuses it, keeping few of its strings', () => {
    const counters = Array.from({ length: MAX_STAT_KEYS + 1 }, (_, k) => `"made:up_${k}":1`).join(',');
    const types = Array.from({ length: MAX_STAT_TYPES + 1 }, (_, k) => `"made:type_${k}":{}`).join(',');
    // The scanner stops at the limit (a type and 50,000 counters) or after a few dozen types.
    for (const [text, refusal, kept] of [
      [`{"stats":{"minecraft:custom":{${counters}}}}`, /50,001 statistics, over the limit of 50,000 a file/, MAX_STAT_KEYS + 1],
      [`{"stats":{${types}}}`, /1,001 statistic types, over the limit of 1,000 a file/, 64],
    ] as const) {
      const strings = new StringTable();
      assert.equal(scanStatsFile(text, strings), null);
      assert.ok(strings.strings.length <= kept, `${strings.strings.length} strings kept`);
      assert.throws(() => parseStatsFile(text), refusal);
    }
    const atLimit = Array.from({ length: MAX_STAT_KEYS }, (_, k) => `"made:up_${k}":1`).join(',');
    assert.notEqual(agrees(`{"stats":{"minecraft:custom":{${atLimit}}}}`), null, 'a file at the limit is taken');
  });

  it('packs counters that read back as the file says', () => {
    const strings = new StringTable();
    const packed = scanStatsFile(`{"stats":{"minecraft:custom":{"minecraft:jump":42,"minecraft:deaths":-1}},"DataVersion":${CURRENT}}`, strings)!;
    assert.deepEqual(unpackStats(packed, strings), { 'minecraft:custom': { 'minecraft:jump': 42, 'minecraft:deaths': -1 } });
    assert.equal(packed.dataVersion, CURRENT);
  });

  it('matches the general path on every stats file of the real saves', (t) => {
    if (!realSavesPresent()) {
      t.skip('real-saves absent');
      return;
    }
    const files = realSaveFiles((dir, name) => name.endsWith('.json') && dir.endsWith('stats'));
    for (const path of files) {
      let text = readFileSync(path, 'utf8');
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
      agrees(text);
    }
    assert.ok(files.length > 100, `expected the real saves' stats files, found ${files.length}`);
  });
});

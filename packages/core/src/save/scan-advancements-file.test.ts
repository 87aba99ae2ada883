import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { parseAdvancementsFile, parseAdvancementsJson } from './parse-advancements-file.js';
import { scanAdvancementsFile } from './scan-advancements-file.js';
import { realSaveFiles, realSavesPresent } from '../../../../test/support/repo.js';

const T1 = '2024-05-01 18:03:22 +0200';
const T2 = '2024-05-02 09:00:00 +0200';
const recipe = (name: string, time = T1, extra = '') => `"minecraft:recipes/misc/${name}":{"criteria":{"has_item":"${time}"${extra}},"done":true}`;
const story = `"minecraft:story/root":{"criteria":{"crafting_table":"${T1}"},"done":true}`;

/** The scanner answers exactly as JSON.parse would, or not at all. */
function sameAsJson(text: string): void {
  const scanned = scanAdvancementsFile(text);
  assert.notEqual(scanned, null, 'the scanner should take this file');
  assert.deepEqual(scanned, parseAdvancementsJson(text));
}

describe('scanAdvancementsFile(text): the fast path for the game\'s own shape', () => {
  const taken: Array<[string, string]> = [
    ['compact 1.21 file', `{${recipe('charcoal')},${recipe('torch', T2)},${story},"DataVersion":4671}`],
    ['pretty-printed with LF', `{\n  ${recipe('charcoal')},\n  ${story},\n  "DataVersion": 3120\n}\n`],
    ['pretty-printed with CRLF and tabs', `{\r\n\t${recipe('charcoal')},\r\n\t"DataVersion": 3120\r\n}`],
    ['empty object', '{}'],
    ['no DataVersion', `{${story}}`],
    ['DataVersion 0 (not a version)', `{${story},"DataVersion":0}`],
    ['recipe not done still dates first_seen, is not counted', `{"minecraft:recipes/misc/a":{"criteria":{"has":"${T2}"},"done":false},${recipe('b', T2)}}`],
    ['entry without criteria, without done, with empty criteria', `{"minecraft:story/a":{"done":true},"minecraft:story/b":{"criteria":{"x":"${T1}"}},"minecraft:story/c":{"criteria":{},"done":false}}`],
    ['done before criteria', `{"minecraft:story/a":{"done":false,"criteria":{"x":"${T1}","y":"${T2}"}}}`],
    ['recipe with two distinct criteria', `{${recipe('a', T2, `,"other":"${T1}"`)}}`],
    ['id without a namespace', `{"recipes/misc/a":{"criteria":{"x":"${T1}"},"done":true},"story/root":{"criteria":{"x":"${T1}"},"done":true}}`],
    ['datapack namespace recipes', `{"mymod:recipes/a":{"criteria":{"x":"${T1}"},"done":true}}`],
    ['non-ASCII names', `{"minecraft:story/root":{"criteria":{"wärme ☃":"${T1}"},"done":true}}`],
    ['offset with a colon', `{"minecraft:story/root":{"criteria":{"x":"2024-05-01 18:03:22 +02:00"},"done":true}}`],
  ];
  for (const [name, text] of taken) it(`takes and matches JSON.parse: ${name}`, () => sameAsJson(text));

  const declined: Array<[string, string]> = [
    ['an escape in a key', `{"minecraft:story/ro\\u006ft":{"criteria":{"x":"${T1}"},"done":true}}`],
    ['a duplicate top-level key (JSON.parse keeps the last)', `{${story},${story.replace(T1, T2)}}`],
    ['a duplicate recipe key', `{${recipe('a')},${recipe('a', T2)}}`],
    ['a duplicate criterion in a recipe', `{${recipe('a', T2, `,"has_item":"${T1}"`)}}`],
    ['a duplicate criterion in an advancement', `{"minecraft:story/a":{"criteria":{"x":"${T1}","x":"${T2}"},"done":true}}`],
    ['duplicate done', `{"minecraft:story/a":{"done":true,"done":false}}`],
    ['an index-like key (ordered first by objects)', `{${story},"123":{"done":true}}`],
    ['an index-like criterion name', `{"minecraft:story/a":{"criteria":{"b":"${T1}","0":"${T2}"},"done":true}}`],
    ['__proto__', `{"__proto__":{"done":true}}`],
    ['a fractional DataVersion', `{${story},"DataVersion":4671.5}`],
    ['an exponent DataVersion', `{${story},"DataVersion":4e3}`],
    ['a negative DataVersion', `{${story},"DataVersion":-1}`],
    ['a string DataVersion', `{${story},"DataVersion":"4671"}`],
    ['done that is not a boolean', `{"minecraft:story/a":{"criteria":{},"done":1}}`],
    ['another key in an entry', `{"minecraft:story/a":{"criteria":{},"done":true,"x":1}}`],
    ['an entry that is not an object', `{"minecraft:story/a":5}`],
    ['a time the game never writes', `{"minecraft:story/a":{"criteria":{"x":"yesterday"},"done":true}}`],
    ['a time that is a number', `{"minecraft:story/a":{"criteria":{"x":1714579402000},"done":true}}`],
    ['a newline inside a string (invalid JSON)', `{"minecraft:story/a\n":{"done":true}}`],
    // Each break character is tracked on its own through a pretty-printed file: one inside a
    // string many lines in is still seen, whichever of the three it is.
    ['a tab inside a string, lines into a pretty-printed file', `{\n  ${recipe('a')},\n  ${recipe('b')},\n  "minecraft:story/c\t":{"done":true}\n}`],
    ['a carriage return inside a string, lines into a file', `{\n\t${recipe('a')},\n\t${recipe('b')},\n\t"minecraft:story/c\r":{"done":true}\n}`],
    ['a newline inside a string, after CRLF lines', `{\r\n  ${recipe('a')},\r\n  ${recipe('b')},\r\n  "minecraft:story/c\n":{"done":true}\r\n}`],
    ['a raw control character', `{"minecraft:story/a\u0001":{"done":true}}`],
    ['trailing data', `{${story}} {}`],
    ['a trailing comma (invalid JSON)', `{${story},}`],
    ['unterminated', `{${story}`],
    ['an array', '[]'],
    ['an empty id', '{"":{"done":true}}'],
  ];
  for (const [name, text] of declined) {
    it(`declines, leaving it to JSON.parse: ${name}`, () => {
      assert.equal(scanAdvancementsFile(text), null);
      // …and the public parser still answers as before: a summary or the JSON error.
      let expected: unknown;
      try {
        expected = parseAdvancementsJson(text);
      } catch (error) {
        assert.throws(() => parseAdvancementsFile(text), { message: (error as Error).message });
        return;
      }
      assert.deepEqual(parseAdvancementsFile(text), expected);
    });
  }

  it('matches JSON.parse on every advancements file of the real saves', (t) => {
    if (!realSavesPresent()) {
      t.skip('real-saves absent');
      return;
    }
    const files = realSaveFiles((dir, name) => name.endsWith('.json') && dir.endsWith('advancements'));
    for (const path of files) {
      let text = readFileSync(path, 'utf8');
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
      const scanned = scanAdvancementsFile(text);
      if (scanned !== null) assert.deepEqual(scanned, parseAdvancementsJson(text), path);
    }
    assert.ok(files.length > 100, `expected the real saves' advancement files, found ${files.length}`);
  });
});

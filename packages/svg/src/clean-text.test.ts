import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { capText, cleanText, isolateText, removeControls } from './clean-text.js';

const FSI = '\u2068';
const PDI = '\u2069';

describe('cleanText(text, maxLength?)', () => {
  const cases: Array<[string, string, string, number?]> = [
    ['keeps plain text', 'Steve_2009', 'Steve_2009'],
    ['trims and collapses whitespace, line breaks included', '  a \n\t b\r\n c  ', 'a b c'],
    ['removes C0 controls without leaving a gap', 'Ste\u0001ve\u0000', 'Steve'],
    ['removes NUL and BEL from a name', 'a\u0000b\u0007c', 'abc'],
    ['removes DEL and C1 controls', 'a\u007Fb\u0085c\u009Bd', 'abcd'],
    ['removes bidi overrides and isolates, paired or not', '\u202Eevil\u202C \u2066x\u2069 \u2068y', 'evil x y'],
    ['keeps right-to-left text and its marks', 'שלום\u200F עולם', 'שלום\u200F עולם'],
    ['removes U+FFFE, U+FFFF and lone surrogates', 'a\uFFFE\uD800b\uDC00\uFFFF', 'ab'],
    ['keeps emoji sequences whole', '👨‍👩‍👧 🏳️‍🌈', '👨‍👩‍👧 🏳️‍🌈'],
    ['normalises to NFC', 'e\u0301', '\u00E9'],
    ['keeps markup characters (escaping is the renderer’s job)', '<b>&', '<b>&'],
    ['caps at maxLength characters, the last one an ellipsis', 'x'.repeat(10_000), `${'x'.repeat(69)}…`, 70],
    ['leaves text of exactly maxLength alone', 'abcde', 'abcde', 5],
    ['counts an emoji sequence as one character', '👨‍👩‍👧👨‍👩‍👧👨‍👩‍👧', '👨‍👩‍👧👨‍👩‍👧👨‍👩‍👧', 3],
    ['never splits a grapheme when cutting', '👨‍👩‍👧👨‍👩‍👧👨‍👩‍👧', '👨‍👩‍👧…', 2],
    ['cuts after cleaning, so removed controls do not count', `${'\u0007'.repeat(50)}Steve`, 'Steve', 5],
    ['trims a space left before the ellipsis', 'ab cd', 'ab…', 4],
  ];
  for (const [what, input, expected, max] of cases) {
    it(what, () => assert.equal(cleanText(input, max), expected));
  }
  it('stays fast on a megabyte when capped', () => {
    const started = performance.now();
    assert.equal(cleanText('\u202E'.repeat(1_000_000), 70), '');
    assert.ok(performance.now() - started < 1000);
  });
});

describe('isolateText(text, maxLength?)', () => {
  const cases: Array<[string, string, string, number?]> = [
    ['leaves left-to-right text as it is', 'Steve', 'Steve'],
    ['isolates Hebrew', 'שלום', `${FSI}שלום${PDI}`],
    ['isolates Arabic mixed with digits', 'لاعب 42', `${FSI}لاعب 42${PDI}`],
    ['strips an override, then isolates what remains', '\u202Eevil', 'evil'],
    ['strips a name’s own unpaired isolates before adding a pair', `${PDI}שלום${FSI}`, `${FSI}שלום${PDI}`],
    ['caps inside the isolate', 'ש'.repeat(100), `${FSI}${'ש'.repeat(9)}…${PDI}`, 10],
  ];
  for (const [what, input, expected, max] of cases) {
    it(what, () => assert.equal(isolateText(input, max), expected));
  }
});

describe('capText(text, maxLength?)', () => {
  const cases: Array<[string, string, string, number?]> = [
    ['keeps the isolates of values embedded in it', `${FSI}שלום${PDI} on Blockville`, `${FSI}שלום${PDI} on Blockville`],
    ['closes an isolate its cut left open', `${FSI}שלום עולם${PDI} on Blockville`, `${FSI}שלום…${PDI}`, 7],
    ['removes controls and overrides', 'a\u0007\u202Eb  c', 'ab c'],
    ['caps at maxLength characters', 'y'.repeat(500), `${'y'.repeat(199)}…`, 200],
  ];
  for (const [what, input, expected, max] of cases) {
    it(what, () => assert.equal(capText(input, max), expected));
  }
});

describe('removeControls(text)', () => {
  const cases: Array<[string, string, string]> = [
    ['removes controls and overrides from a document', '<p>a\u0000b\u0007\u202Ec</p>', '<p>abc</p>'],
    ['keeps line breaks and tabs', 'a\n\tb\r\n', 'a\n\tb\r\n'],
    ['keeps the isolates FSI…PDI', `${FSI}שלום${PDI}`, `${FSI}שלום${PDI}`],
    ['keeps RTL marks', 'a\u200Fb', 'a\u200Fb'],
    ['keeps a text with nothing to remove as it is', '<p>Steve – 1\u00A0234 km</p>', '<p>Steve – 1\u00A0234 km</p>'],
    ['keeps paired surrogates (an emoji) and removes lone ones', 'a\u{1F600}b\uD800c\uDC00d', 'a\u{1F600}bcd'],
    ['pairs surrogates as the lookarounds do', '\uD800\uD800\uDC00\uDC00\uDBFF', '\uD800\uDC00'],
    ['removes C1 controls, DEL and U+FFFF', 'a\u0085b\u007Fc\uFFFFd', 'abcd'],
  ];
  for (const [what, input, expected] of cases) {
    it(what, () => assert.equal(removeControls(input), expected));
  }
});

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { cleanText } from './clean-text.js';

describe('cleanText(text)', () => {
  const cases: Array<[string, string, string]> = [
    ['keeps plain text', 'Steve_2009', 'Steve_2009'],
    ['trims and collapses whitespace, line breaks included', '  a \n\t b\r\n c  ', 'a b c'],
    ['removes C0 controls without leaving a gap', 'Ste\u0001ve\u0000', 'Steve'],
    ['removes DEL and C1 controls', 'a\u007Fb\u0085c\u009Bd', 'abcd'],
    ['removes bidi overrides and isolates', '\u202Eevil\u202C \u2066x\u2069', 'evil x'],
    ['keeps right-to-left text and its marks', 'שלום\u200F עולם', 'שלום\u200F עולם'],
    ['removes U+FFFE, U+FFFF and lone surrogates', 'a\uFFFE\uD800b\uDC00\uFFFF', 'ab'],
    ['keeps emoji sequences whole', '👨‍👩‍👧 🏳️‍🌈', '👨‍👩‍👧 🏳️‍🌈'],
    ['normalises to NFC', 'e\u0301', '\u00E9'],
    ['keeps markup characters (escaping is el’s job)', '<b>&', '<b>&'],
  ];
  for (const [what, input, expected] of cases) {
    it(what, () => assert.equal(cleanText(input), expected));
  }
});

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { escapeXml } from './escape-xml.js';

describe('escapeXml(text)', () => {
  const cases: Array<[string, string, string]> = [
    ['plain text', 'Steve', 'Steve'],
    ['the five special characters', `& < > " '`, '&amp; &lt; &gt; &quot; &apos;'],
    ['an entity is escaped, not decoded', '&amp;', '&amp;amp;'],
    ['CDATA end', ']]>', ']]&gt;'],
    ['C0 controls removed, tab/LF/CR kept', 'a\u0000b\u0001c\u0008d\u000Be\u000Cf\u001Fg\th\ni\rj', 'abcdefg\th\ni\rj'],
    ['U+FFFE and U+FFFF removed', 'a\uFFFEb\uFFFFc', 'abc'],
    ['lone surrogates removed, pairs kept', 'a\uD800b\uDC00c😀', 'abc😀'],
    ['non-Latin text untouched', 'مرحبا 東京 e\u0301', 'مرحبا 東京 e\u0301'],
  ];
  for (const [what, input, expected] of cases) {
    it(what, () => assert.equal(escapeXml(input), expected));
  }
});

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseFloodgatePrefix } from './parse-floodgate-prefix.js';

describe('parseFloodgatePrefix(text)', () => {
  const cases: Array<[string, string]> = [
    ['username-prefix: "."\nreplace-spaces: true\n', '.'],
    ['# The prefix\nusername-prefix: "*"\n', '*'],
    ["username-prefix: '.'\n", '.'],
    ["username-prefix: 'it''s'\n", "it's"],
    ['username-prefix: ""\n', ''],
    ['username-prefix: BE_ # a comment\n', 'BE_'],
    ['username-prefix: "\\u00a7"\n', '\u00a7'],
    ['username-prefix:\n', ''],
    ['replace-spaces: true\n', '.'], // absent: Floodgate's default
    ['player-link:\n  username-prefix: "x"\n', '.'], // nested keys are not the setting
  ];
  for (const [text, expected] of cases) {
    it(`${JSON.stringify(text)} → ${JSON.stringify(expected)}`, () => assert.equal(parseFloodgatePrefix(text), expected));
  }
});

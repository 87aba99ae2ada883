import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isBedrockUuid } from './is-bedrock-uuid.js';
import { parseUuid } from './parse-uuid.js';

describe('parseUuid(text)', () => {
  const cases: Array<[string, string | null]> = [
    ['8667ba71-b85a-4004-af54-457a9734eed7', '8667ba71-b85a-4004-af54-457a9734eed7'],
    ['8667BA71-B85A-4004-AF54-457A9734EED7', '8667ba71-b85a-4004-af54-457a9734eed7'],
    ['8667ba71b85a4004af54457a9734eed7', '8667ba71-b85a-4004-af54-457a9734eed7'],
    ['8667BA71B85A4004AF54457A9734EED7', '8667ba71-b85a-4004-af54-457a9734eed7'],
    ['0000000000000000000901f80f5bac02', '00000000-0000-0000-0009-01f80f5bac02'],
    ['8667ba71-b85a4004-af54-457a9734eed7', null],
    ['8667ba71b85a4004af54457a9734eed', null],
    ['8667ba71b85a4004af54457a9734eed7a', null],
    ['g667ba71b85a4004af54457a9734eed7', null],
    [' 8667ba71b85a4004af54457a9734eed7', null],
    ['Steve', null],
    ['', null],
  ];
  for (const [input, expected] of cases) {
    it(`${JSON.stringify(input)} → ${expected}`, () => assert.equal(parseUuid(input), expected));
  }
});

describe('isBedrockUuid(uuid)', () => {
  const cases: Array<[string, boolean]> = [
    ['00000000-0000-0000-0009-01f80f5bac02', true],
    ['00000000-0000-0000-0009-00000b819ae4', true],
    ['00000000-0000-0001-0009-01f80f5bac02', false],
    ['8667ba71-b85a-4004-af54-457a9734eed7', false],
  ];
  for (const [uuid, expected] of cases) {
    it(`${uuid} → ${expected}`, () => assert.equal(isBedrockUuid(uuid), expected));
  }
});

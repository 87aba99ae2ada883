import assert from 'node:assert/strict';
import { test } from 'node:test';
import { canonicalUuid } from './canonicalUuid.js';

test('a UUID in the game form comes back as the same string', () => {
  const uuid = '8667ba71-b85a-4004-af54-457a9734eed7';
  assert.equal(canonicalUuid(uuid), uuid);
});

test('other spellings of a UUID are put in the game form', () => {
  assert.equal(canonicalUuid('8667BA71B85A4004AF54457A9734EED7'), '8667ba71-b85a-4004-af54-457a9734eed7');
  assert.equal(canonicalUuid('8667ba71b85a4004af54457a9734eed7'), '8667ba71-b85a-4004-af54-457a9734eed7');
  assert.equal(canonicalUuid('8667BA71-B85A-4004-AF54-457A9734EED7'), '8667ba71-b85a-4004-af54-457a9734eed7');
});

test('what is not a UUID is null', () => {
  for (const value of ['', 'Steve', '8667ba71-b85a-4004-af54-457a9734eed', '8667ba71-b85a-4004-af54-457a9734eed7x', 'g667ba71-b85a-4004-af54-457a9734eed7', null, undefined, 42, {}]) {
    assert.equal(canonicalUuid(value), null, String(value));
  }
});

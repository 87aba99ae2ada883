import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseProfileList } from './parse-profile-list.js';
import { indexProfiles, profileLookup } from './profile-index.js';

const A = '069a79f4-44e9-4726-a5be-fca90e38aaf5';
const B = '8667ba71-b85a-4004-af54-457a9734eed7';
const C = 'ffffffff-0000-4000-8000-000000000001';

describe('profileLookup(indexProfiles(list))', () => {
  const list = parseProfileList(JSON.stringify([
    { uuid: B, name: 'Steve', expiresOn: '2026-12-01 10:00:00 +0000' },
    { uuid: A, name: 'Notch' },
    { uuid: B, name: 'SteveNew', expiresOn: '2026-12-02 10:00:00 +0000' },
    { uuid: B, name: 'SteveOld', expiresOn: '2026-11-01 10:00:00 +0000' },
  ]));
  const lookup = profileLookup(indexProfiles(list));

  it('finds each uuid once, the newest expiresOn winning, and misses others', () => {
    assert.equal(lookup.size, 2);
    assert.deepEqual(lookup.get(A), { uuid: A, name: 'Notch', expiresOn: null });
    assert.deepEqual(lookup.get(B), { uuid: B, name: 'SteveNew', expiresOn: Date.UTC(2026, 11, 2, 10) });
    assert.equal(lookup.get(C), undefined);
    assert.equal(lookup.get('0'), undefined);
  });

  it('is an empty lookup for an empty list and keeps the list\'s problem', () => {
    const index = indexProfiles(parseProfileList('{"a":1}'));
    assert.equal(index.problem, 'not a JSON array');
    assert.equal(profileLookup(index).get(A), undefined);
  });

  it('survives a structured clone (the worker\'s reply) as four plain values', () => {
    const cloned = structuredClone(indexProfiles(list));
    assert.equal(profileLookup(cloned).get(B)?.name, 'SteveNew');
  });
});

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseProfileList } from './parse-profile-list.js';

const STEVE = '8667ba71-b85a-4004-af54-457a9734eed7';
const BEDROCK = '00000000-0000-0000-0009-01f80f5bac02';

describe('parseProfileList(text)', () => {
  it('reads usercache entries in either key order, normalising UUIDs', () => {
    const text = JSON.stringify([
      { name: 'Steve', uuid: STEVE.toUpperCase(), expiresOn: '2024-06-01 18:03:22 +0200' },
      { uuid: BEDROCK, name: '.Cool_Guy', expiresOn: '2024-06-01 00:00:00 +0800' },
    ]);
    assert.deepEqual(parseProfileList(text), {
      entries: [
        { uuid: STEVE, name: 'Steve', expiresOn: Date.UTC(2024, 5, 1, 16, 3, 22) },
        { uuid: BEDROCK, name: '.Cool_Guy', expiresOn: Date.UTC(2024, 4, 31, 16) },
      ],
      problem: null,
    });
  });

  it('reads whitelist entries (no expiresOn)', () => {
    assert.deepEqual(parseProfileList(`[{"uuid":"${STEVE}","name":"Steve"}]`).entries, [
      { uuid: STEVE, name: 'Steve', expiresOn: null },
    ]);
    assert.deepEqual(parseProfileList('[]'), { entries: [], problem: null });
  });

  it('leaves out entries without a valid uuid and name, and says so', () => {
    const text = JSON.stringify([{ name: 'Steve', uuid: STEVE }, { name: 'x', uuid: 'nope' }, { uuid: STEVE }, { name: '', uuid: STEVE }, 5]);
    assert.deepEqual(parseProfileList(text), {
      entries: [{ uuid: STEVE, name: 'Steve', expiresOn: null }],
      problem: '4 entries without a valid uuid and name ignored',
    });
  });

  it('recovers intact entries from a file broken by merge-conflict markers or truncation', () => {
    const text = [
      '<<<<<<< HEAD',
      `[{"name":"Steve","uuid":"${STEVE}","expiresOn":"2024-06-01 18:03:22 +0200"},{"name":"\\u003cOdd\\u003e","uuid":"${BEDROCK}"}]`,
      '=======',
      `[{"name":"Steve2","uuid":"${STEVE}"},{"name":"Trunc`,
    ].join('\n');
    const { entries, problem } = parseProfileList(text);
    assert.deepEqual(entries.map((e) => e.name), ['Steve', '<Odd>', 'Steve2']);
    assert.match(problem ?? '', /^invalid JSON \(.+\); recovered 3 intact entries$/);
  });

  it('reports a file that is not an array', () => {
    assert.deepEqual(parseProfileList('{"a":1}'), { entries: [], problem: 'not a JSON array' });
  });
});

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { decodeLog, encodeEntry, LOG_HEADER, logFileName } from './log-format.js';
import type { PullEntry } from './pull-entry.js';

const A = '00000000-0000-0000-0000-00000000000a';
const B = '00000000-0000-0000-0000-00000000000b';
const bytes = (text: string) => new TextEncoder().encode(text);

describe('encodeEntry(entry, state) / decodeLog(bytes, file)', () => {
  const entries: PullEntry[] = [
    { at: 1, online: 2, columns: ['play_time', 'deaths'], uuids: [A, B], values: [10, 0, 20, null], event: { weekStart: 0, stat: 'jump' } },
    { at: 2, online: null, columns: ['play_time', 'deaths'], uuids: [B], values: [30, 1] },
    { at: 3, online: 0, columns: ['play_time', 'deaths', 'jump'], uuids: [A], values: [11, 0, 4] },
  ];

  test('round-trips entries; columns and uuids are declared once per file', () => {
    let state = { columns: [] as string[], index: new Map<string, number>() };
    let text = LOG_HEADER;
    for (const entry of entries) {
      const encoded = encodeEntry(entry, state);
      text += encoded.line;
      state = encoded.state;
    }
    assert.equal(text, [
      '{"format":"blockstats-record","version":1}',
      `{"t":1,"o":2,"c":["play_time","deaths"],"n":{"0":"${A}","1":"${B}"},"e":[0,"jump"],"p":[0,10,0,1,20,null]}`,
      '{"t":2,"o":null,"p":[1,30,1]}',
      '{"t":3,"o":0,"c":["play_time","deaths","jump"],"p":[0,11,0,4]}',
      '',
    ].join('\n'));
    const decoded = decodeLog(bytes(text), 'record/x.jsonl');
    assert.deepEqual(decoded.entries, entries);
    assert.deepEqual(decoded.warnings, []);
    assert.equal(decoded.tornBytes, 0);
  });

  test('leaves the state it is given as it was: its index is shared while no player is new, copied when one is', () => {
    const state = { columns: ['play_time', 'deaths'], index: new Map([[A, 0]]) };
    const same = encodeEntry({ at: 4, online: 1, columns: ['play_time', 'deaths'], uuids: [A], values: [12, 0] }, state);
    assert.equal(same.state.index, state.index, 'nothing to add: the same map');
    const added = encodeEntry({ at: 5, online: 2, columns: ['play_time', 'deaths'], uuids: [A, B], values: [13, 0, 1, 0] }, same.state);
    assert.notEqual(added.state.index, state.index);
    assert.deepEqual([...added.state.index], [[A, 0], [B, 1]]);
    assert.deepEqual([...state.index], [[A, 0]], 'the given state keeps its one player');
    assert.equal(added.line, `{"t":5,"o":2,"n":{"1":"${B}"},"p":[0,13,0,1,1,0]}\n`);
  });

  const damaged: ReadonlyArray<{ name: string; line: string; reason: string; players: string[] }> = [
    { name: 'rows not matching the columns', line: '{"t":5,"o":1,"p":[0,1]}', reason: 'player rows do not match the 2 counter columns; skipped', players: [] },
    { name: 'an unknown uuid index', line: '{"t":5,"o":1,"p":[7,1,1,0,2,2]}', reason: '1 player entry unreadable; skipped', players: [A] },
    { name: 'a non-number value', line: '{"t":5,"o":1,"p":[0,"x",1]}', reason: '1 player entry unreadable; skipped', players: [] },
    { name: 'a bad online count', line: '{"t":5,"o":-1,"p":[]}', reason: 'pull line lacks a valid t, o or p; skipped', players: [] },
    { name: 'a bad event choice', line: '{"t":5,"o":1,"e":[1],"p":[]}', reason: 'invalid event choice ignored', players: [] },
  ];
  for (const c of damaged) {
    test(`a line with ${c.name} is reported`, () => {
      const text = `${LOG_HEADER}{"t":1,"o":2,"c":["play_time","deaths"],"n":{"0":"${A}"},"p":[0,1,0]}\n${c.line}\n`;
      const decoded = decodeLog(bytes(text), 'f');
      assert.deepEqual(decoded.warnings, [{ file: 'f', line: 3, reason: c.reason }]);
      const second = decoded.entries[1];
      assert.deepEqual(second?.uuids ?? [], c.players);
    });
  }

  test('a torn tail (no final newline, even NUL-padded after a power cut) is measured and dropped', () => {
    const good = `${LOG_HEADER}{"t":1,"o":2,"c":["play_time"],"n":{"0":"${A}"},"p":[0,1]}\n`;
    for (const tail of ['{"t":2,"o":', '\0\0\0\0', '{"t":2,"o":1,"p":[]}']) {
      const decoded = decodeLog(bytes(good + tail), 'f');
      assert.equal(decoded.entries.length, 1);
      assert.equal(decoded.validLength, bytes(good).length);
      assert.equal(decoded.tornBytes, bytes(tail).length);
      assert.match(decoded.warnings[0]!.reason, /^torn last line/);
    }
  });

  test('a file without the header is ignored with a warning', () => {
    const decoded = decodeLog(bytes('{"t":1,"o":2,"p":[]}\n'), 'f');
    assert.deepEqual(decoded.entries, []);
    assert.deepEqual(decoded.warnings, [{ file: 'f', line: null, reason: 'missing blockstats-record header; file ignored' }]);
  });

  test('monthly file names follow the UTC month', () => {
    assert.equal(logFileName(Date.parse('2026-10-31T23:59:59Z')), 'record-2026-10.jsonl');
    assert.equal(logFileName(Date.parse('2026-11-01T00:00:00Z')), 'record-2026-11.jsonl');
  });
});

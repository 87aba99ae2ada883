import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Snapshot } from '@blockstats/core';
import { advancementPath, resolveAdvancementPath } from './advancementPath.js';
import { isSafeSegment } from './isSafeSegment.js';

describe('isSafeSegment(segment)', () => {
  const cases: Array<[string, boolean]> = [
    ['Steve', true], ['.Steve', true], ['_jeb_', true], ['a.b-c', true],
    ['index.html', false], ['INDEX.HTML', false], ['index.htm', false], ['con', false], ['CON.txt', false], ['nul', false], ['com1', false], ['lpt9.x', false],
    ['.', false], ['..', false], ['...', false], ['name.', false], ['a:b', false], ['a/b', false], ['a\\b', false], ['a%2Fb', false], ['a b', false], ['', false],
    ['x'.repeat(64), true], ['x'.repeat(65), false], ['a\u0000b', false], ['שלום', false],
  ];
  for (const [segment, safe] of cases) it(`${JSON.stringify(segment.slice(0, 20))} → ${safe}`, () => assert.equal(isSafeSegment(segment), safe));
});

describe('advancementPath(id) and resolveAdvancementPath(snapshot, path)', () => {
  const ids = ['minecraft:story/mine_stone', 'bac:building/foo', 'evil:../../etc/x', 'evil:con/a:b', 'Evil:UPPER', 'minecraft:story/holders', `evil:${'y'.repeat(300)}`, 'evil:a//b', 'evil:index.html'];
  const snapshot = { advancements: ids.map((id) => ({ id })) } as unknown as Snapshot;
  const readable: Array<[string, string]> = [['minecraft:story/mine_stone', 'story/mine_stone'], ['bac:building/foo', 'bac~building/foo']];
  for (const [id, path] of readable) it(`${id} reads ${path}`, () => assert.equal(advancementPath(id), path));
  for (const id of ids.slice(2)) {
    it(`${id.slice(0, 30)} is ~ and a hash, resolved back`, () => {
      const path = advancementPath(id);
      assert.match(path, /^~[0-9a-f]{16}$/);
      assert.equal(resolveAdvancementPath(snapshot, path), id);
    });
  }
  it('gives distinct ids distinct paths', () => assert.equal(new Set(ids.map(advancementPath)).size, ids.length));
  it('resolves the readable forms and leaves the others as they are', () => {
    assert.equal(resolveAdvancementPath(snapshot, 'bac~building/foo'), 'bac:building/foo');
    assert.equal(resolveAdvancementPath(snapshot, 'story/mine_stone'), 'story/mine_stone');
    assert.equal(resolveAdvancementPath(snapshot, 'bac:building/foo'), 'bac:building/foo');
    assert.equal(resolveAdvancementPath(snapshot, '~0000000000000000'), '~0000000000000000');
  });
});

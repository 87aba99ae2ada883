import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { REAL_SAVES, REAL_SAVES_ABSENT, realSavesPresent } from '../../../../test/support/repo.js';
import { statCatalogue } from '../catalogue/stat-catalogue.js';
import { statTotal } from '../catalogue/stat-total.js';
import type { StatDefinition } from '../catalogue/types.js';
import { createParseCache } from '../save/parse-cache.js';
import { packedPartsOf } from '../save/packed.js';
import { readSave } from '../save/read-save.js';
import type { PlayerSave } from '../save/types.js';
import { statRows } from './player-stat-row.js';

const SOURCES = ['jeinse-leaf-1.21.11', 'kalind-forge-1.12.2', 'poutas-vanilla-1.11.2', 'laksmp-purpur-1.19.4'];

/** A player with plain counters, as a library user might build one. */
function plain(stats: PlayerSave['stats']): PlayerSave {
  return { uuid: 'u', stats } as unknown as PlayerSave;
}

describe('statRows', () => {
  it('gives statTotal of every stat, for packed players read from real saves (1.11 to 1.21.11)', async (t) => {
    if (!realSavesPresent()) return t.skip(REAL_SAVES_ABSENT);
    const rowOf = statRows(statCatalogue);
    for (const source of SOURCES) {
      const save = await readSave(join(REAL_SAVES, source), { cache: createParseCache() });
      for (const player of save.players) {
        assert.ok(packedPartsOf(player), 'read through the reader: packed');
        const row = rowOf(player);
        statCatalogue.forEach((def, s) => assert.equal(row[s], statTotal(def, player.stats), `${source} ${player.uuid} ${def.id}`));
        assert.equal(rowOf(player), row, 'the row is kept while the file is unchanged');
      }
    }
  });

  it('counts a key listed by two sources of one stat once, and a whole type once', () => {
    const def: StatDefinition = {
      id: 'x',
      title: 'x',
      description: null,
      unit: 'int',
      category: 'general',
      sources: [
        { type: 'minecraft:custom', keys: ['minecraft:a', 'minecraft:b'] },
        { type: 'minecraft:custom', keys: ['minecraft:b'] },
        { type: 'minecraft:mined', allKeys: true },
        { type: 'minecraft:mined', keys: ['minecraft:stone'] },
      ],
    } as StatDefinition;
    const stats = { 'minecraft:custom': { 'minecraft:a': 1, 'minecraft:b': 10, 'minecraft:c': 100 }, 'minecraft:mined': { 'minecraft:stone': 1000, 'minecraft:dirt': 5 } };
    assert.equal(statTotal(def, stats), 1016);
    assert.equal(statRows([def])(plain(stats))[0], 1016);
  });

  it('follows plain counters objects, recomputing unless they are frozen', () => {
    const rowOf = statRows(statCatalogue.filter((def) => def.id === 'jump'));
    const counters = { 'minecraft:custom': { 'minecraft:jump': 3 } };
    const player = plain(counters);
    assert.equal(rowOf(player)[0], 3);
    counters['minecraft:custom']['minecraft:jump'] = 4;
    assert.equal(rowOf(player)[0], 4);
  });

  it('gives the same function for the same list, build after build (its optimised code lasts)', () => {
    const jump = statCatalogue.filter((def) => def.id === 'jump');
    assert.equal(statRows(jump), statRows([...jump]));
    assert.equal(statRows(statCatalogue), statRows(statCatalogue));
    assert.notEqual(statRows(jump), statRows(statCatalogue));
  });
});

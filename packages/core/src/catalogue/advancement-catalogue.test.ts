import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import {
  OUTPUT_PATH,
  buildAdvancementCatalogue,
  defaultSourcePath,
  renderAdvancementData,
  wikiUrl,
  type SourceFile,
} from '../../scripts/build-advancement-catalogue.js';
import { advancementCatalogue, findAdvancement, namespacedAdvancementId } from './advancement-catalogue.js';
import { vanillaAdvancementsFor } from './advancement-source.js';

/** ../shared/vanilla/advancements.json, or null when the facts folder is absent. */
function sourceFile(): SourceFile | null {
  const path = defaultSourcePath(process.env.BLOCKSTATS_REPO_ROOT);
  return existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as SourceFile) : null;
}

describe('advancementCatalogue', () => {
  test('the checked-in data is exactly what the build script produces from ../shared/vanilla', (t) => {
    const source = sourceFile();
    if (!source) return t.skip('../shared/vanilla absent');
    assert.equal(readFileSync(OUTPUT_PATH, 'utf8'), renderAdvancementData(buildAdvancementCatalogue(source)));
  });

  test('per-version totals match advancements.json per_version_counts (roots included)', () => {
    const expected: ReadonlyArray<readonly [dataVersion: number, count: number]> = [
      [3463, 110], // 1.20
      [3700, 110], // 1.20.4
      [3837, 114], // 1.20.5
      [3953, 122], // 1.21
      [4189, 122], // 1.21.4
      [4325, 122], // 1.21.5: use_lodestone moved, not added
      [4435, 124], // 1.21.6
      [4671, 125], // 1.21.11
    ];
    for (const [dataVersion, count] of expected) {
      assert.equal(vanillaAdvancementsFor([dataVersion]).length, count, `DataVersion ${dataVersion}`);
    }
  });

  test('every release listed in advancements.json has its total and per-tab counts', (t) => {
    const source = sourceFile();
    if (!source) return t.skip('../shared/vanilla absent');
    for (const v of source.per_version_counts) {
      const present = vanillaAdvancementsFor([v.data_version]);
      assert.equal(present.length, v.total_including_roots, v.version);
      for (const [category, n] of Object.entries(v.by_category_including_roots ?? {})) {
        assert.equal(present.filter((a) => a.category === category).length, n, `${v.version} ${category}`);
      }
    }
  });

  test('ids are unique, namespaced, never recipes; five roots, every parent known', () => {
    const ids = advancementCatalogue.map((a) => a.id);
    assert.equal(new Set(ids).size, ids.length);
    for (const a of advancementCatalogue) {
      assert.match(a.id, /^minecraft:(story|nether|end|adventure|husbandry)\/[a-z0-9_]+$/, a.id);
      assert.equal(a.id.split(':')[1]?.split('/')[0], a.category, a.id);
      assert.ok(a.parent === null || ids.includes(a.parent), `${a.id} parent`);
      assert.ok(a.requirements.flat().every((c) => a.criteria.includes(c)), `${a.id} requirements name its criteria`);
      assert.ok(a.title && a.description && a.icon.startsWith('minecraft:'), a.id);
      assert.ok(a.wiki.startsWith('https://minecraft.wiki/w/Advancement#'), a.id);
    }
    const roots = advancementCatalogue.filter((a) => a.isRoot).map((a) => a.id);
    assert.deepEqual(roots, ['story', 'nether', 'end', 'adventure', 'husbandry'].map((c) => `minecraft:${c}/root`));
    assert.ok(advancementCatalogue.every((a) => a.isRoot === (a.parent === null)));
  });

  test('the lodestone move: nether/use_lodestone until 1.21.4, adventure/use_lodestone from 1.21.5 (4325)', () => {
    const nether = findAdvancement('minecraft:nether/use_lodestone');
    const adventure = findAdvancement('minecraft:adventure/use_lodestone');
    assert.ok(nether && adventure);
    assert.equal(nether.addedInDataVersion, 0);
    assert.equal(nether.removedInDataVersion, 4325);
    assert.equal(nether.parent, 'minecraft:nether/obtain_ancient_debris');
    assert.equal(adventure.addedInDataVersion, 4325);
    assert.equal(adventure.removedInDataVersion, null);
    assert.equal(nether.title, adventure.title);
    assert.deepEqual(nether.criteria, adventure.criteria);
    assert.equal(advancementCatalogue.filter((a) => a.removedInDataVersion !== null).length, 1);
  });

  describe('additions carry the DataVersion of the release that added them', () => {
    const additions: ReadonlyArray<readonly [dataVersion: number, ids: readonly string[]]> = [
      [3837, ['adventure/brush_armadillo', 'husbandry/remove_wolf_armor', 'husbandry/repair_wolf_armor', 'husbandry/whole_pack']],
      [3953, [
        'adventure/minecraft_trials_edition', 'adventure/under_lock_and_key', 'adventure/revaulting', 'adventure/lighten_up',
        'adventure/who_needs_rockets', 'adventure/overoverkill', 'adventure/blowback', 'adventure/crafters_crafting_crafters',
      ]],
      [4325, ['adventure/use_lodestone']],
      [4435, ['adventure/heart_transplanter', 'husbandry/place_dried_ghast_in_water']],
      [4671, ['adventure/spear_many_mobs']],
    ];
    for (const [dataVersion, ids] of additions) {
      test(`${dataVersion}: ${ids.join(', ')}`, () => {
        for (const id of ids) assert.equal(findAdvancement(id)?.addedInDataVersion, dataVersion, id);
      });
    }
    test('everything else is in the 1.20 base set (0)', () => {
      const added = new Set(additions.flatMap(([, ids]) => ids.map(namespacedAdvancementId)));
      const base = advancementCatalogue.filter((a) => !added.has(a.id));
      assert.equal(base.length, 110);
      assert.ok(base.every((a) => a.addedInDataVersion === 0));
    });
  });

  test('the wiki link points at the advancement row, URL-encoded', () => {
    assert.equal(findAdvancement('story/mine_stone')?.wiki, 'https://minecraft.wiki/w/Advancement#Stone_Age');
    assert.equal(wikiUrl("Who's the Pillager Now?"), "https://minecraft.wiki/w/Advancement#Who's_the_Pillager_Now%3F");
  });
});

describe('findAdvancement(id)', () => {
  const cases: ReadonlyArray<readonly [input: string, id: string | undefined]> = [
    ['minecraft:story/mine_stone', 'minecraft:story/mine_stone'],
    ['story/mine_stone', 'minecraft:story/mine_stone'],
    ['end/root', 'minecraft:end/root'],
    ['nether/use_lodestone', 'minecraft:nether/use_lodestone'],
    ['minecraft:recipes/misc/charcoal', undefined],
    ['incendium:root', undefined],
    ['story/nope', undefined],
    ['', undefined],
  ];
  for (const [input, id] of cases) {
    test(`${JSON.stringify(input)} → ${id ?? 'undefined'}`, () => assert.equal(findAdvancement(input)?.id, id));
  }
});

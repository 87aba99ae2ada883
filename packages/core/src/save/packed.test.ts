import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import {
  attachPacked,
  packAdvancements,
  packedPartsOf,
  packStats,
  remapAdvancements,
  remapStats,
  StringTable,
  unpackAdvancements,
  unpackStats,
} from './packed.js';
import { seeded } from '../snapshot/testing/seeded.js';
import { ByteBlocks } from './byte-blocks.js';
import type { AdvancementProgress, PlayerSave, StatCounters } from './types.js';

const T = Date.UTC(2024, 4, 1, 16, 3, 22);
const recipes = { count: 3, earliest: T - 60_000 };

function advancementsFile(advancements: AdvancementProgress[]) {
  return { advancements, dataVersion: 3953, recipes, skipped: 1 };
}

describe('packStats / unpackStats', () => {
  const counters: StatCounters = {
    'minecraft:custom': { 'minecraft:jump': 812, 'minecraft:play_time': 72_000, 'minecraft:deaths': 0 },
    'minecraft:mined': { 'minecraft:stone': 2_147_483_647, 'minecraft:dirt': -5 },
    'mod:odd': {},
  };

  it('packs integer counters as varints and gives them back unchanged, key order kept', () => {
    const strings = new StringTable();
    const packed = packStats({ stats: counters, dataVersion: 3953, legacy: false }, strings);
    assert.ok(packed.data instanceof Uint8Array);
    assert.equal(packed.data[0], 0, 'integer mode');
    // mode, 3 types (id, count) and 5 counters (key, value): 2 + 6 + 10 numbers, the values up to 5 bytes
    assert.equal(packed.data.length, 2 + 6 + 5 + (2 + 3 + 1) + (5 + 1));
    assert.equal(packed.dataVersion, 3953);
    assert.equal(packed.legacy, false);
    const back = unpackStats(packed, strings);
    assert.deepEqual(back, counters);
    assert.deepEqual(Object.keys(back['minecraft:custom']!), ['minecraft:jump', 'minecraft:play_time', 'minecraft:deaths']);
  });

  for (const [name, value, mode] of [
    ['a fraction', 2.5, 1],
    ['a number past 32 bits', 2 ** 31, 0],
    ['a large negative', -(2 ** 40), 0],
    ['the largest varint', 2 ** 52, 0],
    ['the smallest varint', -(2 ** 52), 0],
    ['a number past 52 bits', 2 ** 52 + 2, 1],
    ['negative zero', -0, 1],
    ['infinity', Number.POSITIVE_INFINITY, 1],
  ] as const) {
    it(`packs ${name} (${mode === 0 ? 'varints' : 'falling back to floats'}), losing nothing`, () => {
      const strings = new StringTable();
      const stats = { 'minecraft:custom': { 'minecraft:jump': 3, 'minecraft:odd': value } };
      const packed = packStats({ stats, dataVersion: null, legacy: true }, strings);
      assert.equal(packed.data[0], mode);
      const back = unpackStats(packed, strings);
      assert.ok(Object.is(back['minecraft:custom']!['minecraft:odd'], value));
      assert.deepEqual(back, stats);
    });
  }

  it('keeps a `__proto__` key as an own property', () => {
    const strings = new StringTable();
    const stats = JSON.parse('{"minecraft:custom":{"__proto__":7,"minecraft:jump":1}}') as StatCounters;
    const back = unpackStats(packStats({ stats, dataVersion: null, legacy: false }, strings), strings);
    assert.equal(Object.getPrototypeOf(back['minecraft:custom']), Object.prototype);
    assert.deepEqual(Object.keys(back['minecraft:custom']!), ['__proto__', 'minecraft:jump']);
    assert.equal(back['minecraft:custom']!['__proto__' as string], 7);
  });
});

describe('packAdvancements / unpackAdvancements', () => {
  const entries: AdvancementProgress[] = [
    { id: 'minecraft:story/root', done: true, criteria: { crafting_table: T }, doneAt: T },
    { id: 'minecraft:story/mine_stone', done: false, criteria: {}, doneAt: null },
    { id: 'minecraft:adventure/adventuring_time', done: false, criteria: { 'minecraft:plains': T - 5000, 'minecraft:desert': T }, doneAt: null },
    { id: 'incendium:root', done: true, criteria: {}, doneAt: null },
  ];

  it('packs times to the second as differences and gives every entry back', () => {
    const strings = new StringTable();
    const packed = packAdvancements(advancementsFile(entries), strings);
    assert.equal(packed.data[0], 0, 'seconds mode');
    // 4 entries (id, count and done, doneAt) and 3 criteria (name, time): the first time 5 bytes, the next ones 1 to 3
    assert.ok(packed.data.length <= 1 + 12 + 6 + 5 + 3 + 5, `${packed.data.length} bytes`);
    assert.equal(packed.count, 4);
    assert.equal(packed.earliest, T - 5000);
    assert.equal(packed.skipped, 1);
    assert.deepEqual(packed.recipes, recipes);
    assert.deepEqual(unpackAdvancements(packed, strings), entries);
  });

  for (const [name, at] of [
    ['a time with milliseconds', T + 123],
    ['a time before 1970', -86_400_000],
    ['a time after 2105', Date.UTC(2107, 0, 1)],
  ] as const) {
    it(`falls back to floats for ${name}, losing nothing`, () => {
      const strings = new StringTable();
      const odd: AdvancementProgress[] = [...entries, { id: 'minecraft:story/smelt_iron', done: true, criteria: { iron: at }, doneAt: at }];
      const packed = packAdvancements(advancementsFile(odd), strings);
      assert.equal(packed.data[0], 1);
      assert.deepEqual(unpackAdvancements(packed, strings), odd);
      assert.equal(packed.earliest, Math.min(at, T - 5000));
    });
  }

  it('keeps times far apart and out of order, and a done entry without a time', () => {
    const strings = new StringTable();
    const far: AdvancementProgress[] = [
      { id: 'a', done: true, criteria: { x: Date.UTC(2105, 0, 1), y: 0 }, doneAt: 0 },
      { id: 'b', done: true, criteria: { z: 1000 }, doneAt: null },
      { id: 'c', done: true, criteria: {}, doneAt: Date.UTC(2105, 11, 31) },
      { id: 'd', done: false, criteria: { w: T, v: T - 86_400_000 * 3000 }, doneAt: null },
    ];
    const packed = packAdvancements(advancementsFile(far), strings);
    assert.equal(packed.data[0], 0);
    assert.deepEqual(unpackAdvancements(packed, strings), far);
  });

  it('an empty file packs to nothing, with no earliest time', () => {
    const packed = packAdvancements(advancementsFile([]), new StringTable());
    assert.equal(packed.data.length, 0);
    assert.equal(packed.earliest, null);
  });
});

describe('remapStats / remapAdvancements', () => {
  it('renumbers data packed against another table into ours', () => {
    const theirs = new StringTable();
    const ours = new StringTable();
    ours.id('minecraft:already-here');
    const stats = { 'minecraft:custom': { 'minecraft:jump': 4 }, 'minecraft:mined': { 'minecraft:stone': 9 } };
    const entries: AdvancementProgress[] = [{ id: 'minecraft:story/root', done: true, criteria: { crafting_table: T }, doneAt: T }];
    const packedStats = packStats({ stats, dataVersion: 1, legacy: false }, theirs);
    const packedAdvancements = packAdvancements(advancementsFile(entries), theirs);
    const map = theirs.strings.map((s) => ours.id(s));
    const big = theirs.strings.map(() => ours.id(`padding ${ours.size}`) + 1000);
    for (const m of [map, big]) {
      const remapped = { stats: { ...packedStats, data: remapStats(packedStats.data, m) }, advancements: { ...packedAdvancements, data: remapAdvancements(packedAdvancements.data, m) } };
      const strings = m === map ? ours : { at: (n: number) => theirs.at(big.indexOf(n)) } as StringTable;
      assert.deepEqual(unpackStats(remapped.stats, strings), stats);
      assert.deepEqual(unpackAdvancements(remapped.advancements, strings), entries);
    }
  });
  it('renumbers 2,000 random files into views of shared blocks, each reading back as packed (randomised)', () => {
    const random = seeded(42);
    const theirs = new StringTable();
    const ours = new StringTable();
    const pick = (n: number): number => Math.floor(random() * n);
    const files: Array<{ stats: StatCounters; entries: AdvancementProgress[]; packedStats: Uint8Array; packedAdvancements: Uint8Array }> = [];
    for (let f = 0; f < 2000; f++) {
      const stats: StatCounters = {};
      for (let t = pick(4); t >= 0; t--) {
        const counters: Record<string, number> = (stats[`minecraft:type${pick(8)}`] ??= {});
        // Now and then a fraction: that file's values are 8-byte floats, read at any offset of a block.
        for (let k = pick(30); k >= 0; k--) counters[`minecraft:key${pick(300)}`] = random() < 0.02 ? random() * 1e6 : pick(2 ** 31) - (pick(2) === 0 ? 0 : 2 ** 30);
      }
      const entries: AdvancementProgress[] = [];
      for (let e = pick(6); e > 0; e--) {
        const criteria: Record<string, number> = {};
        for (let c = pick(4); c > 0; c--) criteria[`c${pick(20)}`] = T + pick(10 ** 9) * 1000;
        entries.push({ id: `minecraft:adv${f}_${e}`, done: random() < 0.5, criteria, doneAt: random() < 0.5 ? T : null });
      }
      files.push({
        stats,
        entries,
        packedStats: packStats({ stats, dataVersion: 1, legacy: false }, theirs).data,
        packedAdvancements: packAdvancements(advancementsFile(entries), theirs).data,
      });
    }
    const map = theirs.strings.map((s) => ours.id(s));
    const blocks = new ByteBlocks();
    const remapped = files.map((f) => ({ stats: remapStats(f.packedStats, map, blocks), advancements: remapAdvancements(f.packedAdvancements, map, blocks) }));
    const buffers = new Set(remapped.flatMap((r) => [r.stats.buffer, r.advancements.buffer]));
    assert.ok(buffers.size < files.length / 4, `${files.length * 2} summaries in ${buffers.size} buffers`);
    for (let f = 0; f < files.length; f++) {
      const { stats, entries } = files[f]!;
      assert.deepEqual(unpackStats({ data: remapped[f]!.stats, dataVersion: 1, legacy: false }, ours), stats, `file ${f}: stats`);
      assert.deepEqual(unpackAdvancements({ ...packAdvancements(advancementsFile([]), ours), data: remapped[f]!.advancements }, ours), entries, `file ${f}: advancements`);
    }
  });
});

describe('attachPacked', () => {
  it('gives stats and advancements on first use, frozen, as enumerable own properties', () => {
    const strings = new StringTable();
    const stats = packStats({ stats: { 'minecraft:custom': { 'minecraft:jump': 2 } }, dataVersion: 1, legacy: false });
    const advancements = packAdvancements(advancementsFile([{ id: 'minecraft:story/root', done: true, criteria: { a: T }, doneAt: T }]));
    const player = attachPacked({ uuid: 'u', stats: {}, advancements: [] } as unknown as PlayerSave, { stats, advancements });
    assert.deepEqual(player.stats, { 'minecraft:custom': { 'minecraft:jump': 2 } });
    assert.equal(player.stats, player.stats, 'unpacked once');
    assert.ok(Object.isFrozen(player.stats['minecraft:custom']));
    assert.equal(player.advancements[0]!.doneAt, T);
    assert.deepEqual(Object.keys(player), ['uuid', 'stats', 'advancements']);
    assert.deepEqual(JSON.parse(JSON.stringify(player)).stats, { 'minecraft:custom': { 'minecraft:jump': 2 } });
    assert.equal(packedPartsOf(player)?.stats, stats);
    assert.equal(packedPartsOf({ ...player }), undefined, 'a copy is a plain player');
    assert.equal(strings.size, 0, 'the shared table was used, not this one');
  });

  it('gives every packed player one hidden class with fast properties, unpacked or not', () => {
    // A child with V8's natives, compiled through `Function` so tsx never parses them.
    const child = `
      const { attachPacked, packStats } = await import(process.argv[1]);
      const fast = new Function('o', 'return %HasFastProperties(o)');
      const sameMap = new Function('a', 'b', 'return %HaveSameMap(a, b)');
      const make = (uuid, jumps) => attachPacked(
        { uuid, name: uuid, stats: {}, lastOnline: 1, advancements: [], files: {} },
        { stats: packStats({ stats: { 'minecraft:custom': { 'minecraft:jump': jumps } }, dataVersion: 1, legacy: false }), advancements: null },
      );
      const a = make('a', 1);
      const b = make('b', 2);
      const before = [fast(a), fast(b), sameMap(a, b)];
      void a.stats; void b.advancements;
      process.stdout.write(JSON.stringify([...before, fast(a), sameMap(a, b), Object.keys(a).join()]));
    `;
    const module = fileURLToPath(new URL('./packed.ts', import.meta.url));
    const env = { ...process.env };
    delete env.NODE_TEST_CONTEXT;
    delete env.NODE_OPTIONS;
    const run = spawnSync(process.execPath, ['--allow-natives-syntax', '--import', 'tsx', '--input-type=module', '-e', child, module], { encoding: 'utf8', env });
    assert.equal(run.status, 0, run.stderr);
    assert.deepEqual(JSON.parse(run.stdout), [true, true, true, true, true, 'uuid,name,stats,lastOnline,advancements,files']);
  });
});

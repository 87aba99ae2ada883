import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { AdvancementProgress, PlayerSave } from '../save/types.js';
import { attachPacked, packAdvancements } from '../save/packed.js';
import { advancementSteps, buildAdvancements } from './build-advancements.js';
import { runSteps } from './run-steps.js';
import { entryAdvancement, entryCount } from './advancement-row.js';
import { seeded } from './testing/seeded.js';
import { HolderTimes, holderTime } from './holder-times.js';

const T = Date.UTC(2026, 0, 1);

/** A player whose entries are frozen, as the reader's parse cache hands them out. */
function player(uuid: string, ids: string[]): PlayerSave {
  const advancements = Object.freeze(ids.map((id, i): AdvancementProgress =>
    Object.freeze({ id, done: true, criteria: Object.freeze({ done: T + i }), doneAt: T + i })));
  return { uuid, name: uuid, advancements } as unknown as PlayerSave;
}

/** Each player's held advancement ids, read back through the table. */
function heldIds(built: ReturnType<typeof buildAdvancements>): string[][] {
  return built.playerAdvancements.map((row) => {
    const ids: string[] = [];
    for (let i = 0; i < entryCount(row); i++) ids.push(built.advancements[entryAdvancement(row, i)]!.id);
    return ids.sort();
  });
}

describe('buildAdvancements: rows reused across builds for unchanged (frozen) entries', () => {
  it('gives the same table on a rebuild, and re-indexes rows when the table changes', () => {
    const a = player('a', ['minecraft:story/root', 'zzz:quest/b']);
    const b = player('b', ['minecraft:story/root', 'mmm:quest/a']);
    const first = buildAdvancements([a, b], [4671], [0, 1], null);
    assert.deepEqual(heldIds(first), [['minecraft:story/root', 'zzz:quest/b'], ['minecraft:story/root', 'mmm:quest/a']]);
    const again = buildAdvancements([a, b], [4671], [0, 1], null);
    assert.deepEqual(again, first);

    // A new datapack id sorting first shifts every datapack index: rows must follow.
    const c = player('c', ['aaa:quest/first']);
    const shifted = buildAdvancements([a, b, c], [4671], [0, 1, 2], null);
    assert.deepEqual(heldIds(shifted), [['minecraft:story/root', 'zzz:quest/b'], ['minecraft:story/root', 'mmm:quest/a'], ['aaa:quest/first']]);
    const holders = (id: string) => [...shifted.advancements.find((x) => x.id === id)!.holders];
    assert.deepEqual(holders('zzz:quest/b'), [0]);
    assert.deepEqual(holders('minecraft:story/root'), [0, 1]);
    assert.deepEqual(shifted.earned, [1, 1, 0]);
  });
});

describe('buildAdvancements: holders in earn order', () => {
  const kinds: Array<[string, (random: () => number) => number | null]> = [
    ['whole seconds with ties and unknown times', (random) => (random() < 0.1 ? null : T + 1000 * Math.floor(random() * 5))],
    ['times with milliseconds', (random) => T + Math.floor(random() * 5000)],
    ['times before 1970', (random) => -1000 * Math.floor(1 + random() * 5)],
  ];
  for (const [name, draw] of kinds) {
    it(`orders by time (unknown last), then name, for ${name}`, () => {
      const random = seeded(name.length);
      for (let round = 0; round < 10; round++) {
        const ids = ['zzz:quest/a', 'zzz:quest/b', 'zzz:quest/c'];
        const times: Array<Record<string, number | null>> = [];
        const players = Array.from({ length: 1 + Math.floor(random() * 40) }, (_, p) => {
          const held: Record<string, number | null> = {};
          const advancements = ids.filter(() => random() < 0.7).map((id): AdvancementProgress => {
            const at = draw(random);
            held[id] = at;
            return { id, done: true, criteria: at === null ? {} : { done: at }, doneAt: at };
          });
          times.push(held);
          return { uuid: `p${p}`, name: `p${p}`, advancements } as unknown as PlayerSave;
        });
        const nameRank = players.map((_, p) => p).sort(() => random() - 0.5);
        const built = buildAdvancements(players, [4671], nameRank, null);
        for (const id of ids) {
          const at = (p: number): number => times[p]![id] ?? -1;
          const expected = players
            .map((_, p) => p)
            .filter((p) => id in times[p]!)
            .sort((a, b) => (at(a) === at(b) ? nameRank[a]! - nameRank[b]! : at(a) === -1 ? 1 : at(b) === -1 ? -1 : at(a) - at(b)));
          const advancement = built.advancements.find((x) => x.id === id);
          if (advancement === undefined) {
            assert.deepEqual(expected, [], `${id} is in the table once somebody holds it`);
            continue;
          }
          assert.deepEqual([...advancement.holders], expected, id);
          // Whole seconds take 4 bytes a time; milliseconds and times before 1970 stay exact in a plain array.
          assert.equal(advancement.holder_at instanceof HolderTimes, name.startsWith('whole seconds'), id);
          assert.deepEqual(Array.from(advancement.holder_at, (_, i) => holderTime(advancement.holder_at, i)), expected.map(at), id);
        }
      }
    });
  }
});

describe('buildAdvancements: a rebuild with few changed players patches the holders', () => {
  const ids = ['zzz:quest/a', 'zzz:quest/b', 'zzz:quest/c', 'zzz:quest/d'];
  /** A player whose entries are frozen (as from the parse cache): the same row while unchanged. */
  const holding = (p: number, held: Record<string, number | null>): PlayerSave =>
    ({
      uuid: `p${p}`,
      name: `p${p}`,
      advancements: Object.freeze(Object.entries(held).map(([id, at]) => Object.freeze({ id, done: true, criteria: Object.freeze(at === null ? {} : { done: at }), doneAt: at }))),
    }) as unknown as PlayerSave;

  it('gives what a build from scratch gives, sharing the arrays of advancements nobody changed', () => {
    const random = seeded(11);
    const n = 120;
    const draw = (): Record<string, number | null> =>
      Object.fromEntries(ids.slice(0, 3).filter(() => random() < 0.6).map((id) => [id, random() < 0.1 ? null : T + 1000 * Math.floor(random() * 20)]));
    // Players 0-9 hold quest d and never change, so quest d stays untouched; player 10 holds
    // quests a-c from the start, so the table stays the same.
    let held: Array<Record<string, number | null>> = Array.from({ length: n }, (_, p) =>
      p < 10 ? { ...draw(), 'zzz:quest/d': T } : p === 10 ? { 'zzz:quest/a': T, 'zzz:quest/b': T, 'zzz:quest/c': T } : draw());
    const nameRank = held.map((_, p) => p).sort(() => random() - 0.5);
    let players = held.map((h, p) => holding(p, h));
    let previous = buildAdvancements(players, [4671], nameRank, null);
    for (let round = 0; round < 30; round++) {
      const moved = new Set(Array.from({ length: 1 + Math.floor(random() * 8) }, () => 11 + Math.floor(random() * (n - 11))));
      // Half the time a moved player only played: the game rewrote their file, their holdings as they were.
      const rewritten = round % 2 === 1;
      held = held.map((h, p) => (moved.has(p) && !rewritten ? draw() : h));
      players = players.map((player, p) => (moved.has(p) ? holding(p, held[p]!) : player));
      const patched = buildAdvancements(players, [4671], nameRank, null);
      const d = (built: typeof patched) => built.advancements.find((a) => a.id === 'zzz:quest/d')!;
      assert.equal(d(patched).holders, d(previous).holders, 'nobody changed quest d: its holders are the same array');
      assert.equal(d(patched), d(previous), 'nobody changed quest d: it is the last build\'s object');
      if (rewritten) {
        patched.advancements.forEach((a, i) => assert.equal(a, previous.advancements[i]!, `round ${round}: files rewritten as they were keep ${a.id} as it was`));
      }
      // From scratch: no last build to patch (an empty `previous` has no memo).
      const fresh = runSteps(advancementSteps(held.map((h, p) => holding(p, h)), [4671], nameRank, null, []));
      assert.deepEqual(patched, fresh, `round ${round}`);
      previous = buildAdvancements(players, [4671], nameRank, null);
    }
  });
});

describe('buildAdvancements: a patch of a player naming an advancement twice', () => {
  it('gives what a build from scratch gives, as the holding comes and goes', () => {
    const entry = (id: string, at: number) => Object.freeze({ id, done: true, criteria: Object.freeze({ done: at }), doneAt: at });
    const holding = (uuid: string, ...entries: ReturnType<typeof entry>[]): PlayerSave =>
      ({ uuid, name: uuid, advancements: Object.freeze(entries) }) as unknown as PlayerSave;
    const others = Array.from({ length: 40 }, (_, p) => holding(`p${p + 10}`, entry('minecraft:story/root', T + p * 1000)));
    const versions = [
      holding('p0', entry('minecraft:story/root', T + 500)),
      holding('p0', entry('story/root', T + 500), entry('minecraft:story/root', T + 500)),
      holding('p0', entry('minecraft:story/root', T + 500)),
      holding('p0', entry('story/root', T + 500), entry('minecraft:story/root', T + 90_000)),
      holding('p0', entry('minecraft:story/root', T + 90_000)),
      holding('p0', entry('minecraft:story/root', T + 90_000)),
    ];
    const nameRank = [...versions.slice(0, 1), ...others].map((_, p) => p);
    const root = (built: ReturnType<typeof buildAdvancements>) => built.advancements.find((a) => a.id === 'minecraft:story/root')!;
    // Held, as a server holds what it serves: the builder's memo of it is weak.
    let served = buildAdvancements([versions[0]!, ...others], [4671], nameRank, null);
    versions.forEach((version, v) => {
      const patched = buildAdvancements([version, ...others], [4671], nameRank, null);
      const fresh = buildAdvancements([holding('p0', ...version.advancements.map((e) => entry(e.id, e.doneAt!))), ...others.map((o) => holding(o.uuid, ...o.advancements.map((e) => entry(e.id, e.doneAt!))))], [4671], nameRank, null);
      assert.deepEqual([...root(patched).holders], [...root(fresh).holders], `version ${v}`);
      assert.deepEqual(JSON.stringify(root(patched).holder_at), JSON.stringify(root(fresh).holder_at), `version ${v}`);
      served = buildAdvancements([version, ...others], [4671], nameRank, null);
    });
    assert.ok(served.advancements.length > 0);
  });
});

describe('buildAdvancements: the table follows the ids players hold, rebuild after rebuild', () => {
  it('drops an advancement its only holder lost and adds one a player gained, as a build from scratch does', () => {
    const a = player('a', ['minecraft:story/root', 'zzz:quest/shared']);
    const b = player('b', ['minecraft:story/root', 'zzz:quest/shared', 'zzz:quest/only_b']);
    const ids = (built: ReturnType<typeof buildAdvancements>) => built.advancements.filter((x) => x.source === 'datapack').map((x) => x.id);
    assert.deepEqual(ids(buildAdvancements([a, b], [4671], [0, 1], null)), ['zzz:quest/only_b', 'zzz:quest/shared']);
    const b2 = player('b', ['minecraft:story/root', 'zzz:quest/shared', 'aaa:quest/new']);
    const rebuilt = buildAdvancements([a, b2], [4671], [0, 1], null);
    assert.deepEqual(ids(rebuilt), ['aaa:quest/new', 'zzz:quest/shared']);
    assert.deepEqual(rebuilt, buildAdvancements([player('a', ['minecraft:story/root', 'zzz:quest/shared']), player('b', ['minecraft:story/root', 'zzz:quest/shared', 'aaa:quest/new'])], [4671], [0, 1], null));
  });

  it('recounts entries that are not frozen (they may change between builds)', () => {
    const entries: AdvancementProgress[] = [{ id: 'zzz:quest/x', done: true, criteria: { done: T }, doneAt: T }];
    const mutable = { uuid: 'm', name: 'm', advancements: entries } as unknown as PlayerSave;
    const other = player('o', ['minecraft:story/root']);
    assert.ok(buildAdvancements([mutable, other], [4671], [0, 1], null).advancements.some((x) => x.id === 'zzz:quest/x'));
    entries[0] = { id: 'zzz:quest/y', done: true, criteria: { done: T }, doneAt: T };
    const ids = buildAdvancements([mutable, other], [4671], [0, 1], null).advancements.map((x) => x.id);
    assert.ok(ids.includes('zzz:quest/y') && !ids.includes('zzz:quest/x'));
  });
});

describe('buildAdvancements: a patch as players come and go', () => {
  it('counts the ids of the players who left out and of those who came in, as a build from scratch does', () => {
    const many = (n: number) => Array.from({ length: n }, (_, i) => player(`p${String(i).padStart(2, '0')}`, ['minecraft:story/root', `zzz:quest/${i % 3}`]));
    const leaver = player('p40', ['minecraft:story/root', 'zzz:quest/only_leaver']);
    const entries: AdvancementProgress[] = [{ id: 'yyy:quest/mutable', done: true, criteria: { done: T }, doneAt: T }];
    const mutable = { uuid: 'p41', name: 'p41', advancements: entries } as unknown as PlayerSave;
    const stay = many(40);
    const ids = (built: ReturnType<typeof buildAdvancements>) => built.advancements.filter((x) => x.source === 'datapack').map((x) => x.id);
    const first = buildAdvancements([...stay, leaver, mutable], [4671], Array.from({ length: 42 }, (_, i) => i), null);
    assert.ok(ids(first).includes('zzz:quest/only_leaver') && ids(first).includes('yyy:quest/mutable'));

    // The leaver goes, a newcomer comes in (sorting first), the mutable entries change.
    const newcomer = player('a00', ['minecraft:story/root', 'aaa:quest/only_newcomer']);
    entries[0] = { id: 'yyy:quest/changed', done: true, criteria: { done: T }, doneAt: T };
    const next = [newcomer, ...stay, mutable];
    const rank = Array.from({ length: next.length }, (_, i) => i);
    const patched = buildAdvancements(next, [4671], rank, null);
    assert.deepEqual(ids(patched), ['aaa:quest/only_newcomer', 'yyy:quest/changed', 'zzz:quest/0', 'zzz:quest/1', 'zzz:quest/2']);
    const fresh = [player('a00', ['minecraft:story/root', 'aaa:quest/only_newcomer']), ...many(40), { uuid: 'p41', name: 'p41', advancements: [...entries] } as unknown as PlayerSave];
    assert.deepEqual(patched, buildAdvancements(fresh, [4671], rank, null));
  });
});

describe('buildAdvancements: packed files read in place', () => {
  /** The same entries as a player read through the parse cache (packed) and as a plain object. */
  const both = (uuid: string, entries: AdvancementProgress[]): [PlayerSave, PlayerSave] => {
    const packed = attachPacked({ uuid, name: uuid, stats: {}, advancements: [] } as unknown as PlayerSave, {
      stats: null,
      advancements: packAdvancements({ advancements: entries, dataVersion: 4671, recipes: { count: 0, earliest: null }, skipped: 0 }),
    });
    return [packed, { uuid, name: uuid, advancements: entries } as unknown as PlayerSave];
  };
  const odd: Array<[string, AdvancementProgress[]]> = [
    ['whole seconds, partial progress, a stale criterion, datapack ids', [
      { id: 'minecraft:adventure/adventuring_time', done: false, criteria: { 'minecraft:plains': T, 'minecraft:desert': T + 2000, 'minecraft:not_a_biome': T + 4000 }, doneAt: null },
      { id: 'minecraft:story/root', done: true, criteria: { crafting_table: T }, doneAt: T },
      { id: 'zzz:quest/a', done: true, criteria: { a: T + 1000, b: T }, doneAt: T + 1000 },
      { id: 'zzz:quest/b', done: false, criteria: {}, doneAt: null },
      { id: 'minecraft:story/mine_stone', done: true, criteria: {}, doneAt: null },
    ]],
    ['one advancement named twice, with and without its namespace', [
      { id: 'story/root', done: true, criteria: { crafting_table: T }, doneAt: T },
      { id: 'minecraft:story/mine_stone', done: true, criteria: { get_stone: T }, doneAt: T },
      { id: 'minecraft:story/root', done: false, criteria: {}, doneAt: null },
    ]],
    ['entries without criteria only', [
      { id: 'zzz:quest/a', done: true, criteria: {}, doneAt: null },
      { id: 'zzz:quest/b', done: false, criteria: {}, doneAt: null },
      { id: 'zzz:quest/c', done: true, criteria: {}, doneAt: null },
      { id: 'zzz:quest/d', done: true, criteria: {}, doneAt: null },
      { id: 'zzz:quest/e', done: false, criteria: {}, doneAt: null },
    ]],
    ['times with milliseconds and before 1970', [
      { id: 'minecraft:story/root', done: true, criteria: { crafting_table: T + 7 }, doneAt: T + 7 },
      { id: 'minecraft:story/smelt_iron', done: true, criteria: { iron: -86_400_000 }, doneAt: -86_400_000 },
      { id: 'zzz:quest/c', done: false, criteria: { __proto__x: T }, doneAt: null },
    ]],
  ];
  for (const [name, entries] of odd) {
    it(`gives the rows the entries give: ${name}`, () => {
      const [packed, plain] = both('p', entries);
      const [other, otherPlain] = both('q', entries.slice(0, 1));
      assert.deepEqual(buildAdvancements([packed, other], [4671], [0, 1], null), buildAdvancements([plain, otherPlain], [4671], [0, 1], null));
    });
  }
});

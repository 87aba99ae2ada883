import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { hasStatsReading, restorePlayerParts, type PlayerFileKind, type PlayerSave, type SaveData, type SaveWarning } from '@blockstats/core';
import { keepLastGood, type KeptSave } from './keepLastGood.js';

// keepLastGood looks up only the players lacking a file, and gives its readings as a
// PlayersByUuid over its players: checked here against the plain algorithm it replaced (every
// player looked up, a Map of every reading), round after round on random reads.

const PARTS: readonly PlayerFileKind[] = ['stats', 'advancements', 'playerdata'];
const HAS: Record<PlayerFileKind, (p: PlayerSave) => boolean> = {
  stats: hasStatsReading,
  advancements: (p) => p.files.advancements !== null && (p.advancementsDataVersion !== null || p.advancements.length > 0 || p.recipes.count > 0),
  playerdata: (p) => p.files.playerdata !== null && (p.playerDataVersion !== null || p.firstPlayed !== null || p.lastOnlineSource === 'paper' || p.lastOnlineSource === 'bukkit'),
};

/** The algorithm before: every player looked up, every reading set in a new Map. */
function fromScratch(read: SaveData, previous: ReadonlyMap<string, PlayerSave> | null, known: Iterable<string>, previouslyKept: ReadonlySet<string>): KeptSave {
  const unreadable = new Set(read.warnings.filter((w) => w.unreadable).map((w) => w.file));
  const kept: SaveWarning[] = [];
  const keptParts = new Set<string>();
  const lost = new Set<string>();
  const lastGood = new Map<string, PlayerSave>();
  const keep = (file: string, missing: boolean): void => {
    kept.push({ file, reason: `${missing ? 'missing' : 'unreadable'} at this pull; serving this player's last good data from it` });
  };
  const players = read.players.map((player) => {
    const good = previous?.get(player.uuid);
    const parts: PlayerFileKind[] = [];
    if (good !== undefined) {
      for (const part of PARTS) {
        const file = player.files[part];
        const missing = file === null;
        if ((missing || unreadable.has(file)) && HAS[part](good)) {
          parts.push(part);
          keep(file ?? good.files[part]!, missing);
          keptParts.add(`${player.uuid}/${part}`);
          if (!previouslyKept.has(`${player.uuid}/${part}`)) lost.add(player.uuid);
        }
      }
    }
    const merged = good !== undefined && parts.length > 0 ? restorePlayerParts(player, good, parts) : player;
    lastGood.set(player.uuid, merged);
    return merged;
  });
  for (const [uuid, good] of previous ?? []) {
    if (lastGood.has(uuid)) continue;
    const files = PARTS.map((part) => good.files[part]).filter((file): file is string => file !== null && unreadable.has(file));
    if (files.length === 0) continue;
    for (const file of files) keep(file, false);
    players.push(good);
    lastGood.set(uuid, good);
    keptParts.add(`${uuid}/*`);
    if (!previouslyKept.has(`${uuid}/*`)) lost.add(uuid);
  }
  for (const uuid of known) if (!lastGood.has(uuid)) lost.add(uuid);
  if (kept.length === 0) return { save: read, kept, lastGood, lost: [...lost], keptParts };
  players.sort((a, b) => (a.uuid < b.uuid ? -1 : a.uuid > b.uuid ? 1 : 0));
  const warnings = [...read.warnings, ...kept].sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : a.reason < b.reason ? -1 : a.reason > b.reason ? 1 : 0));
  return { save: { ...read, players, warnings }, kept, lastGood, lost: [...lost], keptParts };
}

/** A small deterministic generator (mulberry32). */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const uuidOf = (i: number) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
const fileOf = (uuid: string, part: PlayerFileKind) => `world/${part}/${uuid}.${part === 'playerdata' ? 'dat' : 'json'}`;

/** A player as read: each file there or not, with data from it or not. */
function reading(uuid: string, rand: () => number): PlayerSave {
  const file = (part: PlayerFileKind) => (rand() < 0.8 ? fileOf(uuid, part) : null);
  const files = { stats: file('stats'), advancements: file('advancements'), playerdata: file('playerdata') };
  const jumps = Math.floor(rand() * 100);
  const dataVersion = () => (rand() < 0.85 ? 3953 : null);
  return {
    uuid,
    edition: 'java',
    name: rand() < 0.7 ? `p${uuid.slice(-3)}` : null,
    nameSource: null,
    stats: files.stats !== null && rand() < 0.9 ? { 'minecraft:custom': { 'minecraft:jump': jumps } } : {},
    statsDataVersion: files.stats !== null ? dataVersion() : null,
    legacyStats: false,
    advancements: [],
    advancementsDataVersion: files.advancements !== null ? dataVersion() : null,
    recipes: { count: files.advancements !== null && rand() < 0.3 ? 2 : 0, earliest: null },
    lastOnline: 1_000 + jumps,
    lastOnlineSource: files.playerdata !== null && rand() < 0.5 ? 'paper' : 'file-mtime',
    firstPlayed: files.playerdata !== null && rand() < 0.5 ? 500 : null,
    playerDataVersion: files.playerdata !== null ? dataVersion() : null,
    files,
    newestMtime: 1_000,
    oldestMtime: 1_000,
  };
}

/** The next read: most players the same objects as at the last read, some read anew, some gone or new; some files unreadable. */
function nextRead(last: readonly PlayerSave[], rand: () => number, pool: number): SaveData {
  const byUuid = new Map(last.map((p) => [p.uuid, p]));
  const players: PlayerSave[] = [];
  const warnings: SaveWarning[] = [];
  const unreadable = rand() < 0.6 ? 0.15 * rand() : 0;
  for (let i = 0; i < pool; i++) {
    const uuid = uuidOf(i);
    const before = byUuid.get(uuid);
    for (const part of PARTS) {
      if (rand() < unreadable) warnings.push({ file: fileOf(uuid, part), reason: 'cut short', unreadable: true });
    }
    if (rand() < 0.15) continue; // gone from this read (or not there yet)
    players.push(before !== undefined && rand() < 0.75 ? before : reading(uuid, rand));
  }
  if (rand() < 0.3) warnings.push({ file: 'banned-players.json', reason: 'not JSON' });
  // A read's players are sorted by uuid; a save put together by hand may not be.
  if (rand() < 0.2) players.reverse();
  return { root: '/s', world: '/s/world', levelName: 'world', serverProperties: {}, floodgatePrefix: null, players, dataVersions: [3953], mods: [], warnings };
}

function assertSame(patched: KeptSave, expected: KeptSave, uuids: readonly string[], round: string): void {
  assert.deepEqual(patched.save, expected.save, `${round}: save`);
  assert.deepEqual(patched.kept, expected.kept, `${round}: kept`);
  assert.deepEqual(patched.lost, expected.lost, `${round}: lost`);
  assert.deepEqual([...patched.keptParts], [...expected.keptParts], `${round}: keptParts`);
  assert.deepEqual([...patched.lastGood], [...expected.lastGood], `${round}: lastGood entries`);
  assert.deepEqual([...patched.lastGood.keys()], [...expected.lastGood.keys()], `${round}: lastGood keys`);
  assert.deepEqual([...patched.lastGood.values()], [...expected.lastGood.values()], `${round}: lastGood values`);
  assert.equal(patched.lastGood.size, expected.lastGood.size, `${round}: lastGood size`);
  for (const uuid of uuids) {
    assert.equal(patched.lastGood.has(uuid), expected.lastGood.has(uuid), `${round}: has ${uuid}`);
    assert.deepEqual(patched.lastGood.get(uuid), expected.lastGood.get(uuid), `${round}: get ${uuid}`);
  }
}

describe('keepLastGood against the plain algorithm', () => {
  test('random reads, round after round: the same save, warnings, losses and readings', () => {
    for (let seed = 1; seed <= 40; seed++) {
      const rand = random(seed);
      const pool = 5 + Math.floor(rand() * 40);
      const uuids = Array.from({ length: pool + 2 }, (_, i) => uuidOf(i));
      let last: PlayerSave[] = [];
      let mine: KeptSave | null = null;
      let theirs: KeptSave | null = null;
      for (let round = 0; round < 12; round++) {
        const read = nextRead(last, rand, pool);
        last = read.players;
        // At times the previous readings are a plain Map (after a restart, from disk), and `known` other players.
        const fromDisk = rand() < 0.15 ? new Map(read.players.filter(() => rand() < 0.5).map((p) => [p.uuid, reading(p.uuid, rand)])) : null;
        const someKnown = rand() < 0.2 ? uuids.filter(() => rand() < 0.5) : null;
        const previous = (kept: KeptSave | null) => fromDisk ?? kept?.lastGood ?? null;
        const known = (kept: KeptSave | null) => someKnown ?? [...(previous(kept)?.keys() ?? [])];
        const next = keepLastGood(read, previous(mine), known(mine), mine?.keptParts ?? new Set());
        const expected = fromScratch(read, previous(theirs), known(theirs), theirs?.keptParts ?? new Set());
        assertSame(next, expected, uuids, `seed ${seed} round ${round}`);
        mine = next;
        theirs = expected;
      }
    }
  });
});

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import nbt from 'prismarine-nbt';
import { advancementCatalogue } from '../packages/core/src/catalogue/advancement-catalogue.js';
import { criteriaAddedIn } from './demo/criteria-added-in.js';
import { generateDemoServer, isGeneratedDemo, type DemoSummary } from './demo/generate.js';
import { serverClock } from './demo/timeline.js';
import { DEMO_DEFAULTS, parseCli } from './generate-demo-server.js';

const NOW = Date.parse(DEMO_DEFAULTS.now);
const TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2}) \+0100$/;
const FLOODGATE = /^00000000-0000-0000-0009-[0-9a-f]{12}$/;
const V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

type Stats = Record<string, Record<string, number>>;
type AdvancementFile = Record<string, { criteria: Record<string, string>; done: boolean } | number>;

const root = mkdtempSync(join(tmpdir(), 'demo-server-test-'));
after(() => rmSync(root, { recursive: true, force: true }));

/** Epoch ms of a `yyyy-MM-dd HH:mm:ss +0100` timestamp. */
function parseTimestamp(text: string): number {
  const m = TIMESTAMP.exec(text);
  assert.ok(m, `timestamp ${JSON.stringify(text)} has the game's format with the server offset`);
  const [, y, mo, d, h, mi, s] = m.map(Number) as number[];
  return Date.UTC(y as number, (mo as number) - 1, d, h, mi, s) - 60 * 60_000;
}

/** sha256 over every file's relative path, bytes and modification time. */
function treeHash(dir: string): string {
  const hash = createHash('sha256');
  const walk = (d: string): void => {
    for (const name of readdirSync(d).sort()) {
      const full = join(d, name);
      if (statSync(full).isDirectory()) walk(full);
      else {
        hash.update(`${relative(dir, full)}\0${Math.floor(statSync(full).mtimeMs / 1000)}\0`);
        hash.update(readFileSync(full));
      }
    }
  };
  walk(dir);
  return hash.digest('hex');
}

/** Reads a player's .dat into plain values; longs become numbers. */
async function readDat(path: string): Promise<{ raw: nbt.NBT; value: Record<string, unknown> }> {
  const { parsed, type } = await nbt.parse(readFileSync(path));
  assert.equal(type, 'big');
  return { raw: parsed, value: nbt.simplify(parsed) as Record<string, unknown> };
}

function long(tag: unknown): number {
  const t = tag as { type: string; value: [number, number] };
  assert.equal(t.type, 'long', 'stored as an NBT long');
  return Number((BigInt(t.value[0]) << 32n) | BigInt(t.value[1] >>> 0));
}

function readJson<T>(path: string): T {
  return JSON.parse(readFileSync(path, 'utf8')) as T;
}

describe('parseCli', () => {
  test('defaults', () => {
    const options = parseCli([]);
    assert.notEqual(options, 'help');
    if (options === 'help') return;
    assert.equal(options.players, 240);
    assert.equal(options.seed, 'hearthvale');
    assert.equal(options.now, NOW);
    assert.equal(options.ifMissing, false);
    assert.match(options.out, /examples[/\\]demo-server$/);
  });

  const bad: readonly (readonly [string[], RegExp])[] = [
    [['--players', '12'], /--players must be a whole number from 20/],
    [['--players', '2.5'], /--players/],
    [['--players', 'many'], /--players/],
    [['--now', 'yesterday'], /--now must be an ISO 8601/],
    [['--now', '2026-13-45T00:00:00Z'], /--now/],
    [['--seed', ''], /--seed must not be empty/],
    [['--colour', 'red'], /Unknown option/],
  ];
  for (const [args, message] of bad) {
    test(`rejects ${args.join(' ')}`, () => assert.throws(() => parseCli(args), message));
  }

  test('--help', () => assert.equal(parseCli(['--help']), 'help'));
});

describe('generateDemoServer (30 players)', () => {
  const small = join(root, 'small');
  let summary: DemoSummary;
  const players = new Map<string, { stats: Stats; adv: AdvancementFile | null; dat: Record<string, unknown> | null; rawDat: nbt.NBT | null }>();

  before(async () => {
    summary = generateDemoServer({ out: small, players: 30, seed: 'test-seed', now: NOW });
    for (const file of readdirSync(join(small, 'world', 'stats'))) {
      const uuid = file.replace(/\.json$/, '');
      const advPath = join(small, 'world', 'advancements', file);
      const datPath = join(small, 'world', 'playerdata', `${uuid}.dat`);
      const dat = existsSync(datPath) ? await readDat(datPath) : null;
      players.set(uuid, {
        stats: readJson<{ stats: Stats }>(join(small, 'world', 'stats', file)).stats,
        adv: existsSync(advPath) ? readJson<AdvancementFile>(advPath) : null,
        dat: dat?.value ?? null,
        rawDat: dat?.raw ?? null,
      });
    }
  });

  test('is byte-identical run to run, mtimes included, and depends on the seed', () => {
    const again = join(root, 'small-again');
    generateDemoServer({ out: again, players: 30, seed: 'test-seed', now: NOW });
    assert.equal(treeHash(again), treeHash(small));
    generateDemoServer({ out: again, players: 30, seed: 'another-seed', now: NOW });
    assert.notEqual(treeHash(again), treeHash(small));
  });

  test('writes the server layout', () => {
    for (const path of [
      'server.properties', 'usercache.json', 'whitelist.json', 'ops.json', 'banned-players.json',
      'version_history.json', 'plugins/floodgate/config.yml', 'world/level.dat', 'DEMO.md',
    ]) {
      assert.ok(existsSync(join(small, path)), path);
    }
    const properties = readFileSync(join(small, 'server.properties'), 'utf8');
    assert.match(properties, /^level-name=world$/m);
    assert.match(properties, /^server-port=25565$/m);
    assert.match(properties, /^motd=.+$/m);
    assert.match(readFileSync(join(small, 'plugins/floodgate/config.yml'), 'utf8'), /^username-prefix: "\."$/m);
    assert.ok(isGeneratedDemo(small));
    assert.match(readFileSync(join(small, 'DEMO.md'), 'utf8'), /do not edit/);
    assert.equal(summary.players, 30);
    assert.equal(players.size, 30);
  });

  test('stats files are one line with DataVersion 4671 and coherent counters', () => {
    for (const file of readdirSync(join(small, 'world', 'stats'))) {
      const text = readFileSync(join(small, 'world', 'stats', file), 'utf8');
      assert.ok(!text.includes('\n'), `${file} is compact`);
      const json = JSON.parse(text) as { stats: Stats; DataVersion: number };
      assert.equal(json.DataVersion, 4671);
      const custom = json.stats['minecraft:custom'] ?? {};
      assert.ok((custom['minecraft:play_time'] ?? 0) > 0, `${file} has play_time`);
      assert.ok((custom['minecraft:leave_game'] ?? 0) >= 1);
      const killed = json.stats['minecraft:killed'] ?? {};
      const mobs = Object.entries(killed).filter(([k]) => k !== 'minecraft:player').reduce((a, [, v]) => a + v, 0);
      assert.equal(custom['minecraft:mob_kills'] ?? 0, mobs, `${file} mob_kills is the sum of kills`);
      const byKiller = Object.values(json.stats['minecraft:killed_by'] ?? {}).reduce((a, b) => a + b, 0);
      assert.ok((custom['minecraft:deaths'] ?? 0) >= byKiller, `${file} deaths >= deaths with a killer`);
      for (const bucket of Object.values(json.stats)) {
        for (const v of Object.values(bucket)) assert.ok(Number.isInteger(v) && v > 0 && v <= 2_147_483_647);
      }
    }
  });

  test('advancement files are pretty Gson with the server offset and earn times inside the player life', () => {
    let partial = 0;
    let datapack = 0;
    for (const [uuid, p] of players) {
      if (!p.adv) continue;
      const text = readFileSync(join(small, 'world', 'advancements', `${uuid}.json`), 'utf8');
      assert.ok(text.startsWith('{\n  "'), 'two-space pretty printing');
      assert.ok(text.endsWith('\n  "DataVersion": 4671\n}'), 'DataVersion last, no trailing newline');
      const first = p.dat ? long((p.rawDat?.value.bukkit?.value as Record<string, unknown>).firstPlayed) : 0;
      const last = p.dat ? long((p.rawDat?.value.Paper?.value as Record<string, unknown>).LastSeen) : NOW;
      for (const [id, entry] of Object.entries(p.adv)) {
        if (id === 'DataVersion') continue;
        assert.equal(typeof entry, 'object');
        if (typeof entry !== 'object') continue;
        assert.match(id, /^[a-z0-9_.-]+:[a-z0-9_/.-]+$/);
        assert.ok(Object.keys(entry.criteria).length > 0, `${id} has obtained criteria`);
        for (const time of Object.values(entry.criteria)) {
          const t = parseTimestamp(time);
          assert.ok(t >= Math.floor(first / 1000) * 1000 && t <= last, `${id} earned between first join and last online`);
        }
        if (id === 'minecraft:adventure/adventuring_time' && !entry.done) partial++;
        if (!id.startsWith('minecraft:')) datapack++;
      }
      const vanillaDone = Object.keys(p.adv).filter((k) => k.startsWith('minecraft:') && !k.startsWith('minecraft:recipes/'));
      assert.ok(vanillaDone.length > 0);
    }
    assert.ok(partial > 0, 'some players are part way through adventuring_time');
    assert.ok(datapack > 0, 'datapack advancements are present');
  });

  test('vanilla advancements are 1.21.11 ones, earned only once the server ran the version that added them', () => {
    const clock = serverClock(NOW);
    const current = new Map(advancementCatalogue.filter((a) => a.removedInDataVersion === null).map((a) => [a.id, a]));
    const seen = new Set<string>();
    for (const p of players.values()) {
      for (const [id, entry] of Object.entries(p.adv ?? {})) {
        if (!id.startsWith('minecraft:') || id.startsWith('minecraft:recipes/') || typeof entry !== 'object') continue;
        const adv = current.get(id);
        assert.ok(adv, `${id} is a current vanilla advancement`);
        const requirements = adv.requirements;
        seen.add(id);
        for (const [criterion, time] of Object.entries(entry.criteria)) {
          assert.ok(requirements.some((group) => group.includes(criterion)), `${criterion} is a criterion of ${id}`);
          const from = Math.max(
            clock.availableFromDataVersion(adv.addedInDataVersion),
            clock.availableFrom(criteriaAddedIn[id]?.[criterion]),
          );
          assert.ok(parseTimestamp(time) >= from, `${id} ${criterion} earned after the server offered it`);
        }
        assert.equal(entry.done, requirements.every((group) => group.some((c) => c in entry.criteria)), `${id} done flag`);
      }
    }
    assert.ok(seen.size > 40, `a good spread of advancements is earned (${seen.size})`);
  });

  test('playerdata holds DataVersion, position, health, XP and Paper longs; mtime = last online', () => {
    for (const [uuid, p] of players) {
      if (!p.dat || !p.rawDat) continue;
      assert.equal(p.dat.DataVersion, 4671);
      assert.equal((p.dat.Pos as number[]).length, 3);
      assert.equal(typeof p.dat.Health, 'number');
      assert.equal(typeof p.dat.XpLevel, 'number');
      const bukkit = p.rawDat.value.bukkit?.value as Record<string, unknown>;
      const paper = p.rawDat.value.Paper?.value as Record<string, unknown>;
      const lastSeen = long(paper.LastSeen);
      assert.ok(long(paper.LastLogin) < lastSeen);
      assert.equal(long(bukkit.lastPlayed), lastSeen);
      assert.ok(long(bukkit.firstPlayed) <= long(paper.LastLogin));
      assert.equal((bukkit.lastKnownName as { value: string }).value.length > 0, true);
      const mtime = statSync(join(small, 'world', 'playerdata', `${uuid}.dat`)).mtimeMs;
      assert.equal(Math.floor(mtime / 1000), Math.floor(lastSeen / 1000));
      assert.equal(Math.floor(statSync(join(small, 'world', 'stats', `${uuid}.json`)).mtimeMs / 1000), Math.floor(lastSeen / 1000));
      assert.ok(lastSeen <= NOW);
    }
  });

  test('level.dat is a 1.21.11 level named world', async () => {
    const { value } = await readDat(join(small, 'world', 'level.dat'));
    const data = value.Data as Record<string, unknown>;
    assert.equal(data.DataVersion, 4671);
    assert.equal(data.LevelName, 'world');
    assert.equal((data.Version as Record<string, unknown>).Name, '1.21.11');
  });

  test('editions: Floodgate UUIDs with "." names for Bedrock, v4 UUIDs for Java', () => {
    const cache = readJson<{ uuid: string; name: string; expiresOn: string }[]>(join(small, 'usercache.json'));
    assert.deepEqual(Object.keys(cache[0] ?? {}), ['uuid', 'name', 'expiresOn']);
    let bedrock = 0;
    for (const entry of cache) {
      parseTimestamp(entry.expiresOn);
      if (FLOODGATE.test(entry.uuid)) {
        bedrock++;
        assert.match(entry.name, /^\.[A-Za-z0-9_]{1,15}$/);
      } else {
        assert.match(entry.uuid, V4);
        assert.match(entry.name, /^[A-Za-z0-9_]{3,16}$/);
      }
    }
    assert.ok(bedrock >= 3, 'at least the fixed Bedrock players and ~15%');
    assert.equal(summary.bedrock, Math.round(30 * 0.15));
  });

  test('one name is used by two accounts, seen at different times', () => {
    const cache = readJson<{ uuid: string; name: string }[]>(join(small, 'usercache.json'));
    const kestrels = cache.filter((e) => e.name === 'Kestrel');
    assert.equal(kestrels.length, 2);
    const seen = kestrels.map((k) => {
      const p = players.get(k.uuid);
      assert.ok(p?.rawDat, 'both accounts have stats and playerdata');
      return long((p.rawDat.value.Paper?.value as Record<string, unknown>).LastSeen);
    });
    assert.notEqual(seen[0], seen[1]);
    const newest = summary.notable.find((n) => n.role === 'reused_name_new');
    assert.equal(newest?.uuid, kestrels[Number(seen[1]! > seen[0]!)]?.uuid, 'the most recently seen is the "new" account');
  });

  test('predating players: play time exceeds the span their advancement file covers; nobody else does', () => {
    const predating = new Set(summary.notable.filter((n) => n.role === 'predating').map((n) => n.uuid));
    assert.ok(predating.size >= 1);
    for (const [uuid, p] of players) {
      if (!p.adv || !p.rawDat) continue;
      const times = Object.entries(p.adv)
        .filter(([k]) => k !== 'DataVersion')
        .flatMap(([, e]) => (typeof e === 'object' ? Object.values(e.criteria).map(parseTimestamp) : []));
      const oldest = Math.min(...times);
      const lastSeen = long((p.rawDat.value.Paper?.value as Record<string, unknown>).LastSeen);
      const playMs = (p.stats['minecraft:custom']?.['minecraft:play_time'] ?? 0) * 50;
      assert.equal(playMs > lastSeen - oldest, predating.has(uuid), `${uuid} predating = ${predating.has(uuid)}`);
      if (predating.has(uuid)) {
        const firstPlayed = long((p.rawDat.value.bukkit?.value as Record<string, unknown>).firstPlayed);
        assert.ok(oldest - firstPlayed > 100 * 86_400_000, 'joined long before the file starts');
      }
    }
  });

  test('special cases: unranked visitor, stats without playerdata, players without advancements', () => {
    const one = (role: string) => {
      const n = summary.notable.find((x) => x.role === role);
      assert.ok(n, role);
      return n;
    };
    const visitor = players.get(one('unranked_visitor').uuid);
    assert.ok((visitor?.stats['minecraft:custom']?.['minecraft:play_time'] ?? 0) < 72_000, 'under 60 minutes');
    const statsOnly = one('stats_only');
    assert.ok(players.get(statsOnly.uuid)?.stats);
    assert.equal(existsSync(join(small, 'world', 'playerdata', `${statsOnly.uuid}.dat`)), false);
    const noAdvancements = summary.notable.filter((n) => n.role === 'no_advancements');
    assert.equal(noAdvancements.length, 2);
    for (const n of noAdvancements) assert.equal(existsSync(join(small, 'world', 'advancements', `${n.uuid}.json`)), false);
    assert.ok(summary.ties.length >= 1, 'ties were set up');
  });

  test('two jars resolve against the recorded Modrinth sample, the others are unknown', () => {
    const sha1 = (name: string) => createHash('sha1').update(readFileSync(join(small, 'mods', name))).digest('hex');
    assert.equal(sha1('example-mod-1.0.0.jar'), '26ba9606c1dab5593a5f728633f6b188aa825964');
    assert.equal(sha1('example-lib-2.3.1.jar'), 'a9ae343d4e78f2867e38f4e393381f6eeddc13d5');
    assert.equal(readdirSync(join(small, 'mods')).filter((f) => f.endsWith('.jar')).length, 4);
  });

  test('refuses to replace a directory it did not generate', () => {
    const foreign = join(root, 'foreign');
    mkdirSync(foreign);
    writeFileSync(join(foreign, 'notes.txt'), 'keep me');
    assert.throws(() => generateDemoServer({ out: foreign, players: 30, seed: 'x', now: NOW }), /refusing to replace/);
    assert.equal(readFileSync(join(foreign, 'notes.txt'), 'utf8'), 'keep me');
  });

  test('the CLI leaves an existing demo alone with --if-missing and rejects bad arguments', () => {
    const script = fileURLToPath(new URL('./generate-demo-server.ts', import.meta.url));
    const before = treeHash(small);
    const skip = spawnSync(process.execPath, ['--import', 'tsx', script, '--if-missing', '--out', small], { encoding: 'utf8' });
    assert.equal(skip.status, 0, skip.stderr);
    assert.match(skip.stdout, /leaving it alone/);
    assert.equal(treeHash(small), before);
    const bad = spawnSync(process.execPath, ['--import', 'tsx', script, '--players', 'lots'], { encoding: 'utf8' });
    assert.equal(bad.status, 2);
    assert.match(bad.stderr, /--players must be/);
  });

  test('the CLI generates again with --if-missing a demo of the same players and seed seen at another time', () => {
    const script = fileURLToPath(new URL('./generate-demo-server.ts', import.meta.url));
    const moved = join(root, 'small-moved');
    cpSync(small, moved, { recursive: true });
    const later = new Date(NOW + 3 * 86_400_000).toISOString();
    const again = spawnSync(process.execPath, ['--import', 'tsx', script, '--if-missing', '--out', moved, '--players', '30', '--seed', 'test-seed', '--now', later], { encoding: 'utf8' });
    assert.equal(again.status, 0, again.stderr);
    assert.match(again.stdout, /seen at another time; generating it again/);
    assert.ok(readFileSync(join(moved, 'DEMO.md'), 'utf8').includes(`seen at ${later}.`), 'DEMO.md names the new "now"');
    // Other players or another seed: someone else's demo, left alone.
    const other = spawnSync(process.execPath, ['--import', 'tsx', script, '--if-missing', '--out', moved, '--players', '31', '--seed', 'test-seed', '--now', later], { encoding: 'utf8' });
    assert.match(other.stdout, /leaving it alone/);
  });
});

describe('generateDemoServer (default size)', () => {
  test('240 players: ~15% Bedrock, ~3% predating, unranked visitors and thousand-hour veterans', () => {
    const out = join(root, 'full');
    const s = generateDemoServer({ out, players: DEMO_DEFAULTS.players, seed: DEMO_DEFAULTS.seed, now: NOW });
    assert.equal(s.players, 240);
    assert.equal(readdirSync(join(out, 'world', 'stats')).length, 240);
    assert.ok(s.bedrock / s.players > 0.13 && s.bedrock / s.players < 0.17, `bedrock share ${s.bedrock}`);
    assert.equal(s.predating, 7);
    assert.ok(s.unranked >= 5, `unranked ${s.unranked}`);
    assert.equal(s.withAdvancementsFile, 238);
    assert.equal(s.withPlayerdata, 239);
    assert.ok(s.averageRecipes > 150 && s.averageRecipes < 800, `recipes per player ${s.averageRecipes}`);
    const hours = readdirSync(join(out, 'world', 'stats')).map((f) => {
      const stats = readJson<{ stats: Stats }>(join(out, 'world', 'stats', f)).stats;
      return (stats['minecraft:custom']?.['minecraft:play_time'] ?? 0) / 72_000;
    });
    assert.ok(hours.filter((h) => h >= 1000).length >= 3, 'several thousand-hour veterans');
    assert.ok(hours.filter((h) => h < 1).length >= 5, 'several visitors under an hour');
    const top = s.notable.find((n) => n.role === 'top_veteran');
    assert.ok((top?.playMinutes ?? 0) / 60 >= Math.max(...hours) - 1 / 60, 'Stonebeard has the most play time');
  });
});

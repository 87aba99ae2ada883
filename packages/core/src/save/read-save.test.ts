import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { after, describe, it } from 'node:test';
import nbt from 'prismarine-nbt';
import { createParseCache, type ParseCache } from './parse-cache.js';
import { createParseWorkerPool } from './parse-worker-pool.js';
import { packedPartsOf } from './packed.js';
import { readSave } from './read-save.js';
import { createSaveWatch, type SaveWatch } from './save-watch.js';
import { SaveError } from './save-error.js';
import type { PlayerSave, SaveData } from './types.js';

const temps: string[] = [];
after(async () => {
  await Promise.all(temps.map((dir) => rm(dir, { recursive: true, force: true })));
});

/** A fixed file time so mtime-derived values are deterministic. */
const T0 = Date.UTC(2024, 4, 1, 12, 0, 0);

/** Writes `files` (path relative to a fresh temp dir → content) with mtime T0 unless told. */
async function makeSave(files: Record<string, string | Buffer>, mtimes: Record<string, number> = {}): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'blockstats-save-'));
  temps.push(dir);
  for (const [file, content] of Object.entries(files)) {
    const path = join(dir, file);
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, content);
    const time = new Date(mtimes[file] ?? T0);
    await utimes(path, time, time);
  }
  return dir;
}

type Tag = { type: string; value: unknown };
const long = (ms: number): Tag => ({ type: 'long', value: [Math.floor(ms / 2 ** 32), (ms % 2 ** 32) | 0] });
const str = (value: string): Tag => ({ type: 'string', value });
const int = (value: number): Tag => ({ type: 'int', value });
const compound = (value: Record<string, Tag>): Tag => ({ type: 'compound', value });

/** A gzipped player .dat as the game writes it. */
function playerDat(tags: Record<string, Tag>): Buffer {
  const root = { type: 'compound', name: '', value: { Health: { type: 'float', value: 20 }, ...tags } };
  return gzipSync(nbt.writeUncompressed(root as nbt.NBT, 'big'));
}

const STEVE = '8667ba71-b85a-4004-af54-457a9734eed7';
const ALEX = 'ec561538-f3fd-461d-aff5-086b22154bce';
const BEDROCK = '00000000-0000-0000-0009-01f80f5bac02';
const LONER = '32f2a7c2-6ebc-31e4-af05-eb18f5663cf1';
const BROKEN = '5f04d80d-e926-3219-bfcd-c1c2b41e430b';

const stats = (custom: Record<string, number>, dataVersion = 3953): string =>
  JSON.stringify({ stats: { 'minecraft:custom': custom }, DataVersion: dataVersion });

/** A Paper server root with every kind of oddity the reader must survive. */
async function paperServer(): Promise<string> {
  return makeSave(
    {
      'server.properties': '#Minecraft server properties\nmotd=A Minecraft Server\nlevel-name=survival\n',
      'usercache.json': JSON.stringify([
        { name: 'Steve', uuid: STEVE, expiresOn: '2024-06-01 18:03:22 +0200' },
        { name: 'OldSteve', uuid: STEVE, expiresOn: '2024-01-01 18:03:22 +0200' },
      ]),
      'whitelist.json': JSON.stringify([
        { uuid: ALEX, name: 'AlexFromWhitelist' },
        { uuid: LONER, name: 'Loner' },
      ]),
      'plugins/floodgate/config.yml': '# Floodgate\nusername-prefix: "*"\nreplace-spaces: true\n',
      'mods/b-mod.jar': 'second jar',
      'mods/a-mod.jar': 'first jar',
      'mods/readme.txt': 'not a jar',
      [`survival/stats/${STEVE}.json`]: stats({ 'minecraft:jump': 42, 'minecraft:play_time': 72000 }),
      // Pretty-printed, uppercase file name, 1.16 play_one_minute.
      [`survival/stats/${ALEX.toUpperCase()}.json`]: JSON.stringify(
        { stats: { 'minecraft:custom': { 'minecraft:play_one_minute': 1200, 'minecraft:deaths': 'many' } }, DataVersion: 2586 },
        null,
        2,
      ),
      [`survival/stats/${BEDROCK}.json`]: stats({ 'minecraft:jump': 7 }),
      [`survival/stats/${LONER}.json`]: stats({ 'minecraft:jump': 1 }),
      [`survival/stats/${BROKEN}.json`]: '{"stats":{"minecraft:custom":{"minecraft:jump":4', // truncated
      'survival/stats/notes.json': '{}',
      [`survival/advancements/${STEVE}.json`]: JSON.stringify({
        'minecraft:story/root': { criteria: { crafting_table: '2024-05-01 18:03:11 +0530' }, done: true },
        'minecraft:story/mine_stone': { criteria: { get_stone: '2024-04-30 23:30:00 -0700' } }, // done missing → true
        'minecraft:adventure/adventuring_time': { criteria: { 'minecraft:plains': '2024-05-02 00:00:00 +0000' }, done: false },
        'minecraft:recipes/misc/charcoal': { criteria: { has_log: '2024-04-29 10:00:00 +0200' }, done: true },
        'minecraft:recipes/misc/stick': { criteria: { has_planks: '2024-05-03 10:00:00 +0200' }, done: true },
        DataVersion: 3953,
      }),
      [`survival/advancements/advancements/${STEVE}.json`]: JSON.stringify({ DataVersion: 1111 }),
      [`survival/advancements/advancements/${'a'.repeat(8)}-0000-0000-0000-000000000000.json`]: '{}',
      [`survival/playerdata/${STEVE}.dat`]: playerDat({
        DataVersion: int(3953),
        bukkit: compound({ lastPlayed: long(T0 + 5000), firstPlayed: long(T0 - 86_400_000), lastKnownName: str('SteveDat') }),
        Paper: compound({ LastSeen: long(T0 + 9000), LastLogin: long(T0) }),
      }),
      [`survival/playerdata/${STEVE}.dat_old`]: playerDat({ DataVersion: int(1) }),
      [`survival/playerdata/${STEVE}-4821736482.dat`]: playerDat({ DataVersion: int(2) }),
      [`survival/playerdata/${STEVE}_corrupted_1714564800.dat`]: 'garbage',
      [`survival/playerdata/${ALEX}.dat`]: playerDat({
        DataVersion: int(2586),
        bukkit: compound({ lastPlayed: long(T0 - 3_600_000), lastKnownName: str('AlexDat') }),
      }),
      [`survival/playerdata/${BEDROCK}.dat`]: playerDat({ DataVersion: int(3953), bukkit: compound({ lastKnownName: str('*Bedrock_Guy') }) }),
      [`survival/playerdata/${BEDROCK}.dat_old.gz`]: 'x',
      [`survival/playerdata/gamestages/${LONER}.dat`]: 'mod file',
      'survival/level.dat': playerDat({}),
    },
    {
      [`survival/stats/${BEDROCK}.json`]: T0 - 60_000,
      [`survival/playerdata/${BEDROCK}.dat`]: T0 - 30_000,
      [`survival/advancements/${STEVE}.json`]: T0 + 1000,
    },
  );
}

function find(save: SaveData, uuid: string): PlayerSave {
  const player = save.players.find((p) => p.uuid === uuid);
  assert.ok(player, `player ${uuid}`);
  return player;
}

describe('readSave(path, options)', () => {
  it('finds the world through server.properties level-name and reads every player', async () => {
    const root = await paperServer();
    const save = await readSave(root);
    assert.equal(save.root, root);
    assert.equal(save.world, join(root, 'survival'));
    assert.equal(save.levelName, 'survival');
    assert.equal(save.serverProperties.motd, 'A Minecraft Server');
    assert.equal(save.floodgatePrefix, '*');
    // BROKEN has only an unreadable file: no player (see below).
    assert.deepEqual(save.players.map((p) => p.uuid), [BEDROCK, LONER, STEVE, ALEX].sort());
    assert.deepEqual(save.dataVersions, [2586, 3953]); // nested 1111 and temp/old .dat versions unseen
  });

  it('keeps a truncated file as a warning, adds no player for it alone, and loads the rest', async () => {
    const save = await readSave(await paperServer());
    // An unknown uuid whose only file cannot be read is no nameless player with zeroes.
    assert.equal(save.players.find((p) => p.uuid === BROKEN), undefined);
    assert.deepEqual(save.warnings.map((w) => w.file), [`survival/stats/${BROKEN}.json`]);
    assert.match(save.warnings[0]?.reason ?? '', /^invalid JSON/);
    assert.equal(save.warnings[0]?.unreadable, true);
    assert.equal(find(save, STEVE).stats['minecraft:custom']?.['minecraft:jump'], 42);
  });

  it('parses advancement times with their own offsets, summarises recipes, defaults done to true', async () => {
    const steve = find(await readSave(await paperServer()), STEVE);
    assert.deepEqual(steve.advancements, [
      {
        id: 'minecraft:story/root',
        done: true,
        criteria: { crafting_table: Date.UTC(2024, 4, 1, 12, 33, 11) }, // 18:03:11 +0530
        doneAt: Date.UTC(2024, 4, 1, 12, 33, 11),
      },
      {
        id: 'minecraft:story/mine_stone',
        done: true,
        criteria: { get_stone: Date.UTC(2024, 4, 1, 6, 30, 0) }, // 23:30 -0700 the day before
        doneAt: Date.UTC(2024, 4, 1, 6, 30, 0),
      },
      {
        id: 'minecraft:adventure/adventuring_time',
        done: false,
        criteria: { 'minecraft:plains': Date.UTC(2024, 4, 2) },
        doneAt: null,
      },
    ]);
    assert.deepEqual(steve.recipes, { count: 2, earliest: Date.UTC(2024, 3, 29, 8, 0, 0) });
    assert.equal(steve.advancementsDataVersion, 3953);
  });

  it('takes identity from usercache, then playerdata, then whitelist; Floodgate UUIDs are bedrock', async () => {
    const save = await readSave(await paperServer());
    const names = save.players.map((p) => [p.uuid, p.name, p.nameSource, p.edition]);
    assert.deepEqual(names, [
      [BEDROCK, '*Bedrock_Guy', 'playerdata', 'bedrock'],
      [LONER, 'Loner', 'whitelist', 'java'],
      [STEVE, 'Steve', 'usercache', 'java'], // the newer of two usercache entries
      [ALEX, 'AlexDat', 'playerdata', 'java'], // playerdata beats the whitelist
    ]);
  });

  it('derives lastOnline from Paper, then Bukkit, then the newest stats/playerdata file time', async () => {
    const save = await readSave(await paperServer());
    const steve = find(save, STEVE);
    assert.deepEqual([steve.lastOnline, steve.lastOnlineSource], [T0 + 9000, 'paper']);
    assert.equal(steve.firstPlayed, T0 - 86_400_000);
    assert.equal(steve.playerDataVersion, 3953);
    const alex = find(save, ALEX);
    assert.deepEqual([alex.lastOnline, alex.lastOnlineSource], [T0 - 3_600_000, 'bukkit']);
    assert.equal(alex.firstPlayed, null);
    const bedrock = find(save, BEDROCK);
    assert.deepEqual([bedrock.lastOnline, bedrock.lastOnlineSource], [T0 - 30_000, 'file-mtime']);
    assert.deepEqual([bedrock.oldestMtime, bedrock.newestMtime], [T0 - 60_000, T0 - 30_000]);
    assert.deepEqual([steve.oldestMtime, steve.newestMtime], [T0, T0 + 1000]);
  });

  it('normalises stats: uppercase file names, 1.16 play_one_minute under its 1.17 name, non-numbers dropped', async () => {
    const alex = find(await readSave(await paperServer()), ALEX);
    assert.deepEqual(alex.stats, { 'minecraft:custom': { 'minecraft:play_time': 1200 } });
    assert.equal(alex.statsDataVersion, 2586);
    assert.equal(alex.files.stats, `survival/stats/${ALEX.toUpperCase()}.json`);
    assert.deepEqual(alex.files, {
      stats: `survival/stats/${ALEX.toUpperCase()}.json`,
      advancements: null,
      playerdata: `survival/playerdata/${ALEX}.dat`,
    });
  });

  it('skips temp, old, corrupted and sub-folder files and never descends', async () => {
    const save = await readSave(await paperServer());
    assert.equal(save.players.length, 4);
    const loner = find(save, LONER);
    assert.equal(loner.files.playerdata, null); // only playerdata/gamestages/<uuid>.dat exists
    assert.equal(loner.files.advancements, null);
    assert.ok(save.players.every((p) => p.uuid !== 'aaaaaaaa-0000-0000-0000-000000000000'));
  });

  it('lists mod jars by name with size, sha1 and sha512', async () => {
    const save = await readSave(await paperServer());
    const digest = (algorithm: string, text: string): string => createHash(algorithm).update(text).digest('hex');
    assert.deepEqual(save.mods, [
      { file: 'a-mod.jar', size: 9, sha1: digest('sha1', 'first jar'), sha512: digest('sha512', 'first jar') },
      { file: 'b-mod.jar', size: 10, sha1: digest('sha1', 'second jar'), sha512: digest('sha512', 'second jar') },
    ]);
  });

  it('reports progress up to every file read', async () => {
    const calls: Array<[number, number]> = [];
    await readSave(await paperServer(), { onProgress: (done, total) => calls.push([done, total]) });
    // 5 stats + 1 advancements + 3 playerdata + 2 jars.
    assert.deepEqual(calls[0], [0, 11]);
    assert.deepEqual(calls.at(-1), [11, 11]);
    assert.deepEqual(calls.map(([done]) => done), Array.from({ length: 12 }, (_, i) => i));
  });

  it('never modifies a file of the save', async () => {
    const root = await paperServer();
    const snapshot = async (): Promise<string[]> => {
      const entries = await readdir(root, { recursive: true, withFileTypes: true });
      const lines = await Promise.all(
        entries.map(async (entry) => {
          const path = join(entry.parentPath ?? entry.path, entry.name);
          const info = await stat(path);
          if (info.isDirectory()) return `${path}/ ${info.mtimeMs}`;
          const hash = createHash('sha1').update(await readFile(path)).digest('hex');
          return `${path} ${info.size} ${info.mtimeMs} ${hash}`;
        }),
      );
      return lines.sort();
    };
    const before = await snapshot();
    await readSave(root, { cache: createParseCache() });
    assert.deepEqual(await snapshot(), before);
  });

  it('reads a bare world folder, taking its parent as the server root', async () => {
    const dir = await makeSave({
      'usercache.json': JSON.stringify([{ name: 'Steve', uuid: STEVE }]),
      [`myworld/stats/${STEVE}.json`]: stats({ 'minecraft:jump': 3 }),
    });
    const save = await readSave(join(dir, 'myworld'));
    assert.equal(save.root, dir);
    assert.equal(save.world, join(dir, 'myworld'));
    assert.equal(save.levelName, 'myworld');
    assert.equal(save.floodgatePrefix, null);
    assert.deepEqual(save.mods, []);
    assert.deepEqual(save.players.map((p) => [p.name, p.files.stats]), [['Steve', `myworld/stats/${STEVE}.json`]]);
  });

  it('reads a server root without server.properties through the default world/', async () => {
    const dir = await makeSave({ 'world/level.dat': playerDat({}) });
    const save = await readSave(dir);
    assert.equal(save.world, join(dir, 'world'));
    assert.deepEqual(save.players, []);
    assert.deepEqual(save.serverProperties, {});
  });

  it('salvages names from a usercache.json broken by merge-conflict markers', async () => {
    const dir = await makeSave({
      'usercache.json': [
        '<<<<<<< HEAD',
        `[{"name":"Steve","uuid":"${STEVE}","expiresOn":"2024-06-01 18:03:22 +0200"}]`,
        '=======',
        `[{"name":"Steve_old","uuid":"${STEVE}","expiresOn":"2024-02-01 18:03:22 +0200"},{"name":"Alex","uuid":"${ALEX}","expiresOn":"2024-02-01 18:03:22 +0200"}]`,
        '>>>>>>> parent of 0601867',
      ].join('\n'),
      [`world/stats/${STEVE}.json`]: stats({}),
      [`world/stats/${ALEX}.json`]: stats({}),
    });
    const save = await readSave(dir);
    assert.deepEqual(save.players.map((p) => p.name), ['Steve', 'Alex']);
    assert.deepEqual(save.warnings.map((w) => w.file), ['usercache.json']);
    assert.match(save.warnings[0]?.reason ?? '', /recovered 3 intact entries/);
  });

  it('sorts warnings by file, then reason', async () => {
    const dir = await makeSave({
      'whitelist.json': '{"not":"an array"}',
      'usercache.json': '[{"name":"x"}]',
      [`world/stats/${STEVE}.json`]: '[]',
      [`world/advancements/${STEVE}.json`]: '{"minecraft:story/root":{"criteria":{"a":"yesterday"}}}',
      [`world/playerdata/${STEVE}.dat`]: gzipSync('not nbt'),
    });
    const save = await readSave(dir);
    assert.deepEqual(save.warnings, [
      { file: 'usercache.json', reason: '1 entries without a valid uuid and name ignored' },
      { file: 'whitelist.json', reason: 'not a JSON array' },
      { file: `world/advancements/${STEVE}.json`, reason: '1 malformed entries or criterion times ignored' },
      { file: `world/playerdata/${STEVE}.dat`, reason: save.warnings[3]?.reason ?? '', unreadable: true },
      { file: `world/stats/${STEVE}.json`, reason: 'not a JSON object', unreadable: true },
    ]);
    assert.match(save.warnings[3]?.reason ?? '', /^not valid NBT/);
    assert.equal(save.players.length, 1);
  });

  it('throws SaveError only for a save that cannot be read at all', async () => {
    const empty = await makeSave({ 'notes.txt': 'hello' });
    const misnamed = await makeSave({ 'server.properties': 'level-name=elsewhere\n', 'world/level.dat': 'x' });
    const cases: Array<[string, string, RegExp]> = [
      [join(empty, 'missing'), 'ENOENT', /No such directory/],
      [join(empty, 'notes.txt'), 'NOT_A_DIRECTORY', /is a file/],
      [empty, 'NOT_A_SAVE', /not a Minecraft save/],
      [misnamed, 'NOT_A_SAVE', /naming the world "elsewhere"/],
    ];
    for (const [path, code, text] of cases) {
      await assert.rejects(readSave(path), (error: unknown) => {
        assert.ok(error instanceof SaveError, `${path} gives a SaveError`);
        assert.equal(error.code, code);
        assert.match(error.message, text);
        return true;
      });
    }
  });
});

// The same with the player folders watched (schedule.watch, on by default in the server): a read
// then stats only the files a change named, and must read exactly what a full scan reads.
for (const watching of [false, true]) describe(`readSave with a parse cache${watching ? ' and a save watch' : ''}`, () => {
  const watches = new WeakMap<ParseCache, SaveWatch>();
  const opened: SaveWatch[] = [];
  after(() => opened.forEach((watch) => watch.close()));
  const watchOf = (cache: ParseCache): SaveWatch => {
    let watch = watches.get(cache);
    if (watch === undefined) watches.set(cache, (watch = createSaveWatch()));
    opened.push(watch);
    return watch;
  };
  const read = (root: string, cache: ParseCache): Promise<SaveData> => readSave(root, { cache, ...(watching ? { watch: watchOf(cache) } : {}) });

  it('re-parses only the file that changed since the last read', async () => {
    const root = await paperServer();
    const cache = createParseCache();
    const first = await read(root, cache);
    // 10 readable player files and jars, the usercache and the whitelist; the broken file is not cached.
    assert.deepEqual(cache.stats(), { hits: 0, misses: 12, entries: 12 });

    const second = await read(root, cache);
    assert.deepEqual(cache.stats(), { hits: 12, misses: 12, entries: 12 });
    assert.deepEqual(second, first);

    // The game rewrites one stats file at the next autosave.
    const path = join(root, 'survival', 'stats', `${STEVE}.json`);
    await writeFile(path, stats({ 'minecraft:jump': 43, 'minecraft:play_time': 90000 }));
    await utimes(path, new Date(T0 + 900_000), new Date(T0 + 900_000));
    const third = await read(root, cache);
    assert.deepEqual(cache.stats(), { hits: 23, misses: 13, entries: 12 });
    assert.equal(find(third, STEVE).stats['minecraft:custom']?.['minecraft:jump'], 43);
    const packed = (save: SaveData) => packedPartsOf(find(save, ALEX))?.stats;
    assert.ok(packed(third) !== undefined && packed(third) === packed(first), 'unchanged file: the cached summary itself');
    assert.deepEqual(find(third, ALEX).stats, find(first, ALEX).stats);
    assert.deepEqual(third.warnings, first.warnings); // the broken file, read again, still warns
  });

  it('never caches a failure: a file unreadable at one read is read again at the next, even with the same size and time', async () => {
    const good = stats({ 'minecraft:jump': 5 });
    const torn = good.slice(0, -3).padEnd(good.length, ' '); // same size, cut short
    const root = await makeSave({ [`world/stats/${STEVE}.json`]: torn, [`world/stats/${ALEX}.json`]: stats({ 'minecraft:jump': 1 }) });
    const cache = createParseCache();
    const first = await read(root, cache);
    assert.deepEqual(first.warnings.map((w) => w.file), [`world/stats/${STEVE}.json`]);
    const path = join(root, 'world', 'stats', `${STEVE}.json`);
    await writeFile(path, good);
    await utimes(path, new Date(T0), new Date(T0));
    const second = await read(root, cache);
    assert.deepEqual(second.warnings, []);
    assert.equal(find(second, STEVE).stats['minecraft:custom']?.['minecraft:jump'], 5);
  });

  it('forgets the summaries of deleted files', async () => {
    const root = await paperServer();
    const cache = createParseCache();
    await read(root, cache);
    await rm(join(root, 'survival', 'playerdata', `${ALEX}.dat`));
    const save = await read(root, cache);
    assert.equal(cache.stats().entries, 11);
    assert.equal(find(save, ALEX).files.playerdata, null);
    assert.equal(find(save, ALEX).name, 'AlexFromWhitelist');
  });

  it('gives an unchanged player the same object as the last read, and a renamed one a new object', async () => {
    const root = await paperServer();
    const cache = createParseCache();
    const first = await read(root, cache);
    const second = await read(root, cache);
    for (const player of second.players) assert.equal(player, find(first, player.uuid), `${player.uuid} reused`);

    // The usercache now names Steve differently: his files did not change, his name did.
    await writeFile(join(root, 'usercache.json'), JSON.stringify([{ name: 'Steve2', uuid: STEVE, expiresOn: '2024-07-01 18:03:22 +0200' }]));
    const third = await read(root, cache);
    assert.notEqual(find(third, STEVE), find(second, STEVE));
    assert.equal(find(third, STEVE).name, 'Steve2');
    assert.equal(find(third, ALEX), find(second, ALEX));

    // Without a cache every read builds its own players.
    assert.notEqual((await readSave(root)).players[0], (await readSave(root)).players[0]);
  });

  // Only with the folders watched: without, every file is stat-ed and looked up at every read.
  if (watching) it('looks up only the files named since the last read, when the folders are watched', async () => {
    const root = await paperServer();
    const parseCache = createParseCache();
    // Lookups of player files (the root files and jars are looked up at every read).
    let lookups = 0;
    const count = (kind: string) => ['stats', 'advancements', 'playerdata'].includes(kind) && lookups++;
    const cache: ParseCache = {
      ...parseCache,
      latest: (kind, dir, name) => (count(kind), parseCache.latest(kind, dir, name)),
      get: (kind, file) => (count(kind), parseCache.get(kind, file)),
    };
    const first = await read(root, cache);
    const before = cache.stats().hits;
    lookups = 0;
    const second = await read(root, cache);
    assert.deepEqual(second, first);
    assert.equal(lookups, 1, 'the broken file, named again because it failed');
    assert.equal(cache.stats().hits - before, 12, 'the files taken as they were still count as hits');
    const path = join(root, 'survival', 'stats', `${STEVE}.json`);
    await writeFile(path, stats({ 'minecraft:jump': 43, 'minecraft:play_time': 90000 }));
    lookups = 0;
    const third = await read(root, cache);
    assert.equal(lookups, 2, 'the rewritten file and the broken one');
    assert.deepEqual(third, await readSave(root));
    // A cleared cache is filled again: every file is read.
    cache.clear();
    assert.deepEqual(await read(root, cache), third);
    assert.equal(cache.stats().misses, 12);
  });

  it('is not misled by a caller reordering the players it was given', async () => {
    const root = await paperServer();
    const cache = createParseCache();
    (await read(root, cache)).players.reverse();
    const path = join(root, 'survival', 'stats', `${STEVE}.json`);
    await writeFile(path, stats({ 'minecraft:jump': 43, 'minecraft:play_time': 90000 }));
    await utimes(path, new Date(T0 + 900_000), new Date(T0 + 900_000));
    assert.deepEqual(await read(root, cache), await readSave(root));
  });

  it('rebuilds the players a read changed and reuses the others, as a fresh read finds them: files failing at one read and back unchanged at the next, whitelist renames, malformed entries, a new DataVersion', async () => {
    const root = await paperServer();
    const cache = createParseCache();
    const world = join(root, 'survival');
    const readWith = (limits?: { playerFileBytes: number }) => readSave(root, { cache, ...(watching ? { watch: watchOf(cache) } : {}), ...(limits ? { limits } : {}) });
    const same = async (save: SaveData, limits?: { playerFileBytes: number }, why = '') => assert.deepEqual(save, await readSave(root, limits ? { limits } : {}), `what a fresh read finds ${why}`);
    const first = await readWith();

    // Every file over 200 bytes fails at one read (the files stay as they were), then is back.
    const small = { playerFileBytes: 200 };
    // With the folders watched only named files are stat-ed (and held to the limit): name them all.
    if (watching) watchOf(cache).distrust('the test');
    const limited = await readWith(small);
    await same(limited, small, 'within the small limit');
    assert.ok(limited.warnings.some((w) => w.unreadable), 'some files failed');
    const back = await readWith();
    await same(back, undefined, 'once the files are back');
    assert.deepEqual(back.players, first.players);

    // The whitelist renames Loner; nobody else's name source changed.
    await writeFile(join(root, 'whitelist.json'), JSON.stringify([{ uuid: ALEX, name: 'AlexFromWhitelist' }, { uuid: LONER, name: 'Loner2' }]));
    const renamed = await readWith();
    await same(renamed, undefined, 'after the rename');
    assert.equal(find(renamed, LONER).name, 'Loner2');
    assert.equal(find(renamed, STEVE), find(back, STEVE), 'Steve is the same object');

    // Steve's advancements get a malformed criterion time (a warning), then lose it again.
    const advancements = join(world, 'advancements', `${STEVE}.json`);
    await writeFile(advancements, JSON.stringify({ 'minecraft:story/root': { criteria: { crafting_table: 'yesterday' }, done: true }, DataVersion: 3953 }));
    await utimes(advancements, new Date(T0 + 5000), new Date(T0 + 5000));
    const malformed = await readWith();
    await same(malformed, undefined, 'with the malformed entry');
    assert.ok(malformed.warnings.some((w) => w.file.endsWith(`advancements/${STEVE}.json`) && /malformed/.test(w.reason)));
    await writeFile(advancements, JSON.stringify({ 'minecraft:story/root': { criteria: { crafting_table: '2024-05-01 18:03:11 +0000' }, done: true }, DataVersion: 3953 }));
    await utimes(advancements, new Date(T0 + 6000), new Date(T0 + 6000));
    await same(await readWith(), undefined, 'once it is mended');

    // Steve's stats come from a newer game version.
    const statsFile = join(world, 'stats', `${STEVE}.json`);
    await writeFile(statsFile, stats({ 'minecraft:jump': 44, 'minecraft:play_time': 90000 }, 4189));
    await utimes(statsFile, new Date(T0 + 7000), new Date(T0 + 7000));
    const upgraded = await readWith();
    await same(upgraded, undefined, 'after the upgrade');
    assert.ok(upgraded.dataVersions.includes(4189));
  });

  it('sees players whose files were created, replaced by a rename, turned into a folder or deleted since the last read, as a fresh read does', async () => {
    const root = await paperServer();
    const cache = createParseCache();
    await read(root, cache);
    const world = join(root, 'survival');
    const newcomer = '0f0f0f0f-0000-4000-8000-000000000001';
    await writeFile(join(world, 'stats', `${newcomer}.json`), stats({ 'minecraft:jump': 5, 'minecraft:play_time': 100 }));
    // The game writes player data to a temporary file and renames it over the old one.
    await writeFile(join(world, 'playerdata', `${STEVE}-tmp.dat`), await readFile(join(world, 'playerdata', `${STEVE}.dat`)));
    await rename(join(world, 'playerdata', `${STEVE}-tmp.dat`), join(world, 'playerdata', `${STEVE}.dat`));
    await rm(join(world, 'advancements', `${ALEX}.json`), { force: true });
    await mkdir(join(world, 'advancements', `${ALEX}.json`));
    const save = await read(root, cache);
    assert.deepEqual(save, await readSave(root), 'what a read without cache or watch finds');
    assert.equal(find(save, newcomer).stats['minecraft:custom']?.['minecraft:jump'], 5);
    await rm(join(world, 'stats', `${newcomer}.json`));
    const after = await read(root, cache);
    assert.deepEqual(after, await readSave(root));
    assert.equal(after.players.some((p) => p.uuid === newcomer), false);
  });

  it('freezes what it shares between reads', async () => {
    const save = await read(await paperServer(), createParseCache());
    const steve = find(save, STEVE);
    assert.throws(() => {
      (steve.stats['minecraft:custom'] as Record<string, number>)['minecraft:jump'] = 0;
    }, TypeError);
  });
});

describe('readSave on worker threads', () => {
  it('reads exactly what it reads on this thread, warnings included', async () => {
    const root = await paperServer();
    const here = await readSave(root, { threads: 0 });
    const cache = createParseCache();
    const workers = await readSave(root, { threads: 2, threadsFrom: 1, cache });
    assert.deepEqual(workers, here);
    assert.deepEqual(cache.stats(), { hits: 0, misses: 12, entries: 12 });
    assert.deepEqual(await readSave(root, { threads: 2, threadsFrom: 1, cache }), here, 'and through the cache after');
  });

  it('reports progress up to every file either way', async () => {
    const root = await paperServer();
    for (const threads of [0, 2]) {
      const seen: Array<[number, number]> = [];
      await readSave(root, { threads, threadsFrom: 1, onProgress: (done, total) => seen.push([done, total]) });
      assert.deepEqual(seen.at(-1), [11, 11], `threads ${threads}`);
      assert.deepEqual(seen.map(([done]) => done), [...seen.map(([done]) => done)].sort((a, b) => a - b));
    }
  });
});

describe('readSave with kept worker threads', () => {
  const uuid = (i: number): string => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
  const statsOf = (jumps: number): string => JSON.stringify({ stats: { 'minecraft:custom': { 'minecraft:jump': jumps, 'minecraft:play_time': 72000 } }, DataVersion: 3953 });
  /** A world of 20 players' stats files. */
  const twentyPlayers = (): Promise<string> => makeSave(Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`world/stats/${uuid(i)}.json`, statsOf(i)])));
  /** The game rewrites player `i`'s stats file 15 minutes later. */
  const play = async (root: string, i: number, jumps: number): Promise<void> => {
    const path = join(root, 'world', 'stats', `${uuid(i)}.json`);
    await writeFile(path, statsOf(jumps));
    await utimes(path, new Date(T0 + 900_000), new Date(T0 + 900_000));
  };

  it('parses a read\'s few changed files on the kept workers, exactly as on this thread, and keeps them for the next read', async () => {
    const root = await twentyPlayers();
    const workers = createParseWorkerPool();
    try {
      const cache = createParseCache();
      assert.deepEqual(await readSave(root, { cache, workers }), await readSave(root, { threads: 0 }));
      assert.equal(workers.size(), 1, 'the worker that parsed the 20 files is kept');
      for (let i = 0; i < 20; i++) await play(root, i, 100 + i);
      const again = await readSave(root, { cache, workers });
      assert.deepEqual(again, await readSave(root, { threads: 0 }));
      assert.equal(find(again, uuid(7)).stats['minecraft:custom']?.['minecraft:jump'], 107);
      assert.equal(workers.size(), 1, 'taken and kept again');
      await readSave(root, { cache, workers, threads: 0 });
      assert.equal(workers.size(), 1, 'threads 0: not used');
    } finally {
      await workers.close();
    }
  });

  it('rebuilds the players whose files the kept workers parsed and reuses the others, as a fresh read finds them', async () => {
    // 40 players, 16 of them changed: enough changed files for the kept workers; the other 24
    // keep their objects of the last read.
    const root = await makeSave(Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`world/stats/${uuid(i)}.json`, statsOf(i)])));
    const workers = createParseWorkerPool();
    try {
      const cache = createParseCache();
      const first = await readSave(root, { cache, workers });
      for (let i = 0; i < 40; i += 5) await play(root, i, 500 + i);
      for (let i = 2; i < 40; i += 5) await play(root, i, 700 + i);
      const again = await readSave(root, { cache, workers });
      assert.equal(workers.size(), 1, 'the changed files went to the kept worker');
      assert.deepEqual(again, await readSave(root, { threads: 0 }));
      for (let i = 0; i < 40; i++) {
        const changed = i % 5 === 0 || i % 5 === 2;
        const player = find(again, uuid(i));
        assert.equal(player.stats['minecraft:custom']?.['minecraft:jump'], i % 5 === 0 ? 500 + i : i % 5 === 2 ? 700 + i : i);
        assert.equal(player === find(first, uuid(i)), !changed, `player ${i} ${changed ? 'rebuilt' : 'reused'}`);
      }
    } finally {
      await workers.close();
    }
  });

  it('lets the workers go after a read of a tenth of the save or more, and keeps them after a read of less', async () => {
    const root = await twentyPlayers();
    const workers = createParseWorkerPool();
    try {
      const cache = createParseCache();
      // threadsFrom 1: every read parses on worker threads, as a 1 % change at 50,000 players does.
      await readSave(root, { cache, workers, threadsFrom: 1 });
      assert.equal(workers.size(), 0, 'the first read parsed the whole save: its workers are gone');
      await play(root, 3, 44);
      const save = await readSave(root, { cache, workers, threadsFrom: 1 });
      assert.equal(find(save, uuid(3)).stats['minecraft:custom']?.['minecraft:jump'], 44);
      assert.equal(workers.size(), 1, 'one file of twenty: its worker is kept');
    } finally {
      await workers.close();
    }
  });
});

describe('readSave within its limits', () => {
  it('skips what it must not read, with a reason, and reads the rest', async () => {
    const bigStats = JSON.stringify({ stats: { 'minecraft:custom': { 'minecraft:jump': 3 } }, DataVersion: 3953, pad: 'x'.repeat(2 * 1024 * 1024) });
    const name = (s: string) => [0, s.length, ...Buffer.from(s)];
    const crafted = gzipSync(Buffer.from([10, 0, 0, ...Array.from({ length: 40 }, (_, i) => [9, ...name(String.fromCharCode(65 + i)), 0, 0, 0xff, 0xff, 0xff]).flat(), 0]));
    const root = await makeSave({
      [`world/stats/${STEVE}.json`]: bigStats,
      [`world/stats/${ALEX}.json`]: stats({ 'minecraft:jump': 1 }),
      [`world/playerdata/${ALEX}.dat`]: gzipSync(Buffer.alloc(4 * 1024 * 1024)),
      [`world/playerdata/${LONER}.dat`]: crafted,
      [`world/stats/${LONER}.json`]: stats({ 'minecraft:jump': 2 }),
    });
    const save = await readSave(root, { limits: { playerFileBytes: 1024 * 1024, playerDataInflatedBytes: 1024 * 1024 } });
    assert.deepEqual(save.warnings, [
      { file: `world/playerdata/${LONER}.dat`, reason: 'not valid NBT: list of end tags', unreadable: true },
      { file: `world/playerdata/${ALEX}.dat`, reason: 'decompresses to more than the 1 MiB limit; skipped', unreadable: true },
      { file: `world/stats/${STEVE}.json`, reason: 'is 2 MiB, over the 1 MiB size limit; skipped', unreadable: true },
    ].sort((a, b) => (a.file < b.file ? -1 : 1)));
    assert.deepEqual(save.players.map((p) => p.uuid), [LONER, ALEX].sort());
    // Within the default limits the 2 MiB file is read, on a worker thread even with `threads: 0`.
    const whole = await readSave(root, { threads: 0 });
    assert.equal(find(whole, STEVE).stats['minecraft:custom']?.['minecraft:jump'], 3);
  });

  it('a FIFO or a folder in a player file\'s place is a warning, never waited on', async () => {
    const root = await makeSave({ [`world/stats/${ALEX}.json`]: stats({ 'minecraft:jump': 1 }) });
    const { execFileSync } = await import('node:child_process');
    execFileSync('mkfifo', [join(root, 'world', 'stats', `${STEVE}.json`)]);
    execFileSync('mkfifo', [join(root, 'usercache.json')]);
    await mkdir(join(root, 'world', 'advancements', `${ALEX}.json`), { recursive: true });
    const save = await readSave(root);
    assert.deepEqual(save.warnings.map((w) => [w.file, w.unreadable]), [
      ['usercache.json', true],
      [`world/stats/${STEVE}.json`, true],
    ]);
    assert.match(save.warnings[1]!.reason, /not a regular file/);
    assert.deepEqual(save.players.map((p) => p.uuid), [ALEX]);
  });

  it('stops when its signal is aborted', async () => {
    const root = await paperServer();
    const controller = new AbortController();
    controller.abort(new Error('abandoned'));
    await assert.rejects(readSave(root, { signal: controller.signal }), { message: 'abandoned' });
  });
});

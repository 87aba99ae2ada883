import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { readSave } from '@blockstats/core/node';
import { createLastGoodStore, LAST_GOOD_DIR } from './lastGoodStore.js';
import { silentLogger } from './logger.js';
import { PlayersByUuid } from './PlayersByUuid.js';

const A = '00000000-0000-4000-8000-00000000000a';
const B = '00000000-0000-4000-8000-00000000000b';
const dirs: string[] = [];
after(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});
const tmp = () => {
  const dir = mkdtempSync(join(tmpdir(), 'blockstats-store-'));
  dirs.push(dir);
  return dir;
};

describe('createLastGoodStore(dataDir, options)', () => {
  test('keeps every player on disk, reads one back, drops the gone, cleans a killed write\'s temporary file', async () => {
    const root = tmp();
    mkdirSync(join(root, 'world', 'stats'), { recursive: true });
    for (const [uuid, jump] of [[A, 5], [B, 7]] as const) {
      writeFileSync(join(root, 'world', 'stats', `${uuid}.json`), JSON.stringify({ stats: { 'minecraft:custom': { 'minecraft:jump': jump } }, DataVersion: 3953 }));
    }
    const save = await readSave(root);
    const data = tmp();
    mkdirSync(join(data, LAST_GOOD_DIR));
    writeFileSync(join(data, LAST_GOOD_DIR, `${A}.json.gz.999999999.3.tmp`), 'half a write');
    const store = createLastGoodStore(data, { maxBytes: 1024 * 1024, log: silentLogger });
    assert.deepEqual([...(await store.open())], []);
    assert.deepEqual(readdirSync(join(data, LAST_GOOD_DIR)), [], 'the temporary file of a dead writer is gone');
    store.save(new Map(save.players.map((p) => [p.uuid, p])));
    await store.idle();

    const again = createLastGoodStore(data, { maxBytes: 1024 * 1024, log: silentLogger });
    assert.deepEqual([...(await again.open())].sort(), [A, B]);
    const a = await again.read(A);
    assert.equal(a?.stats['minecraft:custom']?.['minecraft:jump'], 5);
    again.save(new Map([[B, save.players[1]!]]));
    await again.idle();
    assert.ok(!existsSync(join(data, LAST_GOOD_DIR, `${A}.json.gz`)));
  });

  test('one player gone and one new between writes: the gone one\'s file is dropped, the others kept', async () => {
    const C = '00000000-0000-4000-8000-00000000000c';
    const root = tmp();
    mkdirSync(join(root, 'world', 'stats'), { recursive: true });
    for (const [uuid, jump] of [[A, 5], [B, 7], [C, 9]] as const) {
      writeFileSync(join(root, 'world', 'stats', `${uuid}.json`), JSON.stringify({ stats: { 'minecraft:custom': { 'minecraft:jump': jump } }, DataVersion: 3953 }));
    }
    const [a, b, c] = (await readSave(root)).players;
    const data = tmp();
    const store = createLastGoodStore(data, { maxBytes: 1024 * 1024, log: silentLogger });
    await store.open();
    store.save(new PlayersByUuid([a!, b!]));
    await store.idle();
    store.save(new PlayersByUuid([b!, c!]));
    await store.idle();
    assert.deepEqual(readdirSync(join(data, LAST_GOOD_DIR)).sort(), [`${B}.json.gz`, `${C}.json.gz`]);
    store.save(new PlayersByUuid([b!, c!]));
    await store.idle();
    assert.deepEqual(readdirSync(join(data, LAST_GOOD_DIR)).sort(), [`${B}.json.gz`, `${C}.json.gz`], 'nobody gone: every file kept');
  });

  test('a write of many players calls collect() after every collectEvery of them and logs last_good_written; the unchanged are not written again', async () => {
    const root = tmp();
    mkdirSync(join(root, 'world', 'stats'), { recursive: true });
    const uuids = Array.from({ length: 5 }, (_, i) => `00000000-0000-4000-8000-00000000001${i}`);
    for (const uuid of uuids) writeFileSync(join(root, 'world', 'stats', `${uuid}.json`), JSON.stringify({ stats: { 'minecraft:custom': { 'minecraft:jump': 1 } }, DataVersion: 3953 }));
    const players = new Map((await readSave(root)).players.map((p) => [p.uuid, p]));
    let collections = 0;
    const written: Array<Record<string, unknown>> = [];
    const log = { log: (_level: string, event: string, fields?: Record<string, unknown>) => void (event === 'last_good_written' && written.push(fields ?? {})) };
    const store = createLastGoodStore(tmp(), { maxBytes: 1024 * 1024, log, collect: () => collections++, collectEvery: 2 });
    await store.open();
    store.save(players);
    await store.idle();
    assert.equal(collections, 2, 'after the 2nd and the 4th of 5 players');
    assert.deepEqual(written.map((f) => f.players), [5], 'one line for the write, with its players');
    assert.equal(typeof written[0]!.duration_ms, 'number');
    store.save(players);
    await store.idle();
    assert.equal(collections, 2, 'nothing written, nothing collected');
    assert.equal(written.length, 1, 'and nothing logged');
  });

  test('after a restart, a file already holding the same reading is kept; a changed or damaged one is written', async () => {
    const root = tmp();
    mkdirSync(join(root, 'world', 'stats'), { recursive: true });
    const statsFile = (uuid: string, jump: number) => writeFileSync(join(root, 'world', 'stats', `${uuid}.json`), JSON.stringify({ stats: { 'minecraft:custom': { 'minecraft:jump': jump } }, DataVersion: 3953 }));
    statsFile(B, 7);
    // B's file is left alone (as the game leaves an offline player's): its reading is the same.
    const readPlayers = async (jumpA: number) => {
      statsFile(A, jumpA);
      return new Map((await readSave(root)).players.map((p) => [p.uuid, p]));
    };
    const data = tmp();
    const first = createLastGoodStore(data, { maxBytes: 1024 * 1024, log: silentLogger });
    await first.open();
    first.save(await readPlayers(5));
    await first.idle();
    const fileOf = (uuid: string) => join(data, LAST_GOOD_DIR, `${uuid}.json.gz`);
    // Stand-in for "written long ago": a rewrite would give the file a new inode and time.
    const old = new Date('2020-01-01T00:00:00Z');
    for (const uuid of [A, B]) utimesSync(fileOf(uuid), old, old);

    const written: Array<Record<string, unknown>> = [];
    const log = { log: (_level: string, event: string, fields?: Record<string, unknown>) => void (event === 'last_good_written' && written.push(fields ?? {})) };
    const restarted = createLastGoodStore(data, { maxBytes: 1024 * 1024, log });
    await restarted.open();
    restarted.save(await readPlayers(6));
    await restarted.idle();
    assert.equal(statSync(fileOf(B)).mtime.getTime(), old.getTime(), 'the unchanged player is not written again');
    assert.notEqual(statSync(fileOf(A)).mtime.getTime(), old.getTime(), 'the changed player is');
    assert.equal((await restarted.read(A))?.stats['minecraft:custom']?.['minecraft:jump'], 6);
    assert.deepEqual(written.map((f) => f.players), [1], 'only the written player is counted');

    writeFileSync(fileOf(B), 'not gzip');
    const again = createLastGoodStore(data, { maxBytes: 1024 * 1024, log: silentLogger });
    await again.open();
    again.save(await readPlayers(6));
    await again.idle();
    assert.equal((await again.read(B))?.stats['minecraft:custom']?.['minecraft:jump'], 7, 'a damaged file is replaced');
  });

  test('stop() ends a running write after the files in hand and drops what waits: nothing is written after idle()', async () => {
    const root = tmp();
    mkdirSync(join(root, 'world', 'stats'), { recursive: true });
    const uuids = Array.from({ length: 40 }, (_, i) => `00000000-0000-4000-8000-0000000001${String(i).padStart(2, '0')}`);
    for (const uuid of uuids) writeFileSync(join(root, 'world', 'stats', `${uuid}.json`), JSON.stringify({ stats: { 'minecraft:custom': { 'minecraft:jump': 1 } }, DataVersion: 3953 }));
    const players = new Map((await readSave(root)).players.map((p) => [p.uuid, p]));
    const data = tmp();
    const store = createLastGoodStore(data, { maxBytes: 1024 * 1024, log: silentLogger });
    await store.open();
    store.save(players);
    store.stop();
    await store.idle();
    const files = () => readdirSync(join(data, LAST_GOOD_DIR)).length;
    const afterStop = files();
    assert.ok(afterStop < uuids.length, `the write stopped early (${afterStop} of ${uuids.length} files)`);
    store.save(players);
    await store.idle();
    await new Promise((resolve) => setTimeout(resolve, 50));
    assert.equal(files(), afterStop, 'a save after stop() writes nothing');
  });

  test('a damaged or oversized file reads as nothing', async () => {
    const data = tmp();
    mkdirSync(join(data, LAST_GOOD_DIR));
    writeFileSync(join(data, LAST_GOOD_DIR, `${A}.json.gz`), 'not gzip');
    writeFileSync(join(data, LAST_GOOD_DIR, `${B}.json.gz`), Buffer.alloc(4096));
    const lines: string[] = [];
    const store = createLastGoodStore(data, { maxBytes: 1024, log: { log: (_level, event) => void lines.push(event) } });
    await store.open();
    assert.equal(await store.read(A), null);
    assert.equal(await store.read(B), null);
    assert.deepEqual(lines, ['last_good_unreadable', 'last_good_unreadable']);
  });
});

import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rename, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { createParseCache } from './parse-cache.js';
import { readSave } from './read-save.js';
import { createSaveWatch, type SaveWatch } from './save-watch.js';
import type { SaveData } from './types.js';

const temps: string[] = [];
const watches: SaveWatch[] = [];
after(async () => {
  watches.forEach((watch) => watch.close());
  await Promise.all(temps.map((dir) => rm(dir, { recursive: true, force: true })));
});

const STEVE = '8667ba71-b85a-4004-af54-457a9734eed7';
const ALEX = 'ec561538-f3fd-461d-aff5-086b22154bce';
const T0 = Date.UTC(2024, 4, 1, 12, 0, 0);
const statsText = (jumps: number): string => JSON.stringify({ stats: { 'minecraft:custom': { 'minecraft:jump': jumps } }, DataVersion: 3953 });

/** A server root with two players' stats files, and the path of Steve's. */
async function server(): Promise<{ root: string; steve: string }> {
  const root = await mkdtemp(join(tmpdir(), 'blockstats-watch-'));
  temps.push(root);
  await mkdir(join(root, 'world', 'stats'), { recursive: true });
  for (const [uuid, jumps] of [[STEVE, 1], [ALEX, 2]] as const) {
    const path = join(root, 'world', 'stats', `${uuid}.json`);
    await writeFile(path, statsText(jumps));
    await utimes(path, new Date(T0), new Date(T0));
  }
  return { root, steve: join(root, 'world', 'stats', `${STEVE}.json`) };
}

/** Rewrites a file as the game does: new content, new modification time. */
async function play(path: string, jumps: number, at = T0 + 60_000): Promise<void> {
  await writeFile(path, statsText(jumps));
  await utimes(path, new Date(at), new Date(at));
}

const jumps = (save: SaveData, uuid: string): number | undefined => save.players.find((p) => p.uuid === uuid)?.stats['minecraft:custom']?.['minecraft:jump'];

function watched(options: Parameters<typeof createSaveWatch>[0] = {}): SaveWatch {
  const watch = createSaveWatch(options);
  watches.push(watch);
  return watch;
}

describe('createSaveWatch with readSave', () => {
  it('stats every file at the first read, then only what changed, and reads the change', async () => {
    const { root, steve } = await server();
    const cache = createParseCache();
    const watch = watched();
    assert.equal(jumps(await readSave(root, { cache, watch }), STEVE), 1);
    assert.deepEqual(watch.stats(), { watched: 0, fullScans: 1, lastFullScanReason: 'first read', givenUp: null });
    await play(steve, 7);
    const second = await readSave(root, { cache, watch });
    assert.equal(jumps(second, STEVE), 7);
    assert.equal(jumps(second, ALEX), 2);
    assert.equal(watch.stats().watched, 1);
    // Unchanged since: the same players, nothing parsed.
    const misses = cache.stats().misses;
    const third = await readSave(root, { cache, watch });
    assert.deepEqual(third.players, second.players);
    assert.equal(cache.stats().misses, misses);
  });

  it('reads a file whose change it missed at the periodic full scan, and from then on stats every file', async () => {
    const { root, steve } = await server();
    const cache = createParseCache();
    let now = T0;
    const watch = watched({ clock: () => now, fullScanEveryMs: 3_600_000 });
    const folders = ['stats', 'advancements', 'playerdata'].map((kind) => join(root, 'world', kind));
    await readSave(root, { cache, watch });
    await play(steve, 9);
    await watch.changes(folders); // the event taken here stands for one the kernel lost
    assert.equal(jumps(await readSave(root, { cache, watch }), STEVE), 1, 'a lost event hides the change…');
    now += 3_600_000;
    assert.equal(jumps(await readSave(root, { cache, watch }), STEVE), 9, '…until the next full scan');
    assert.equal(watch.stats().lastFullScanReason, 'periodic full scan');
    // That scan found a change no event named: events are not to be trusted here.
    assert.ok(watch.stats().givenUp?.startsWith(`events missed (${steve} changed unnamed)`), watch.stats().givenUp ?? 'not given up');
    await play(steve, 10, T0 + 120_000);
    const scans = watch.stats().fullScans;
    assert.equal(jumps(await readSave(root, { cache, watch }), STEVE), 10);
    assert.equal(watch.stats().fullScans, scans + 1);
    assert.equal(watch.stats().lastFullScanReason, watch.stats().givenUp);
  });

  it('keeps watching when the periodic full scan finds only changes the watchers named', async () => {
    const { root, steve } = await server();
    const cache = createParseCache();
    let now = T0;
    const watch = watched({ clock: () => now, fullScanEveryMs: 3_600_000 });
    await readSave(root, { cache, watch });
    await play(steve, 3);
    now += 3_600_000;
    assert.equal(jumps(await readSave(root, { cache, watch }), STEVE), 3);
    assert.equal(watch.stats().lastFullScanReason, 'periodic full scan');
    assert.equal(watch.stats().givenUp, null);
    // A file written while a scan runs raised its event after the scan began: not a miss.
    const folders = ['stats', 'advancements', 'playerdata'].map((kind) => join(root, 'world', kind));
    now += 3_600_000;
    assert.equal(await watch.changes(folders), null);
    await play(steve, 4, T0 + 120_000);
    await watch.missed([steve]);
    assert.equal(watch.stats().givenUp, null);
    assert.equal(jumps(await readSave(root, { cache, watch }), STEVE), 4);
  });

  it('reports a file that became unreadable at every read, never its cached summary', async () => {
    const { root, steve } = await server();
    const cache = createParseCache();
    const watch = watched();
    await readSave(root, { cache, watch });
    await writeFile(steve, statsText(3).slice(0, -4)); // cut short, and stays so
    for (let read = 0; read < 3; read++) {
      const save = await readSave(root, { cache, watch });
      assert.deepEqual(save.warnings.map((w) => [w.file, w.unreadable]), [[`world/stats/${STEVE}.json`, true]], `read ${read}`);
      assert.equal(jumps(save, STEVE), undefined);
    }
    assert.equal(watch.stats().fullScans, 1);
  });

  it('stats everything after its folder was replaced, a read that did not finish, or close()', async () => {
    const { root, steve } = await server();
    const cache = createParseCache();
    const watch = watched();
    await readSave(root, { cache, watch });
    // A backup restored: the folder moved away and another put in its place.
    const stats = join(root, 'world', 'stats');
    await rename(stats, `${stats}-old`);
    await mkdir(stats);
    await writeFile(steve, statsText(4));
    assert.equal(jumps(await readSave(root, { cache, watch }), STEVE), 4);
    assert.match(watch.stats().lastFullScanReason ?? '', /moved or deleted|replaced/);

    // What readSave says when a read that took the changes throws (abandoned, aborted).
    watch.distrust('the previous read did not finish');
    await readSave(root, { cache, watch });
    assert.equal(watch.stats().lastFullScanReason, 'the previous read did not finish');

    watch.close();
    await play(steve, 5);
    assert.equal(jumps(await readSave(root, { cache, watch }), STEVE), 5);
    assert.equal(watch.stats().lastFullScanReason, 'closed');
  });
});

import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { locateSave } from './locate-save.js';
import { createParseCache } from './parse-cache.js';
import { readProfileFile } from './read-profile-file.js';
import { readRootTextFile } from './read-root-file.js';
import { DEFAULT_READ_LIMITS, readLimits } from './read-limits.js';
import type { SaveWarning } from './types.js';

const roots: string[] = [];
after(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true });
});
function root(): string {
  const dir = mkdtempSync(join(tmpdir(), 'blockstats-root-'));
  roots.push(dir);
  return dir;
}
const uuid = (i: number) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;

describe('readRootTextFile(root, file, warnings, maxBytes)', () => {
  test('absent is null without a warning; a FIFO, a folder or an oversized file is null with one', async () => {
    const dir = root();
    execFileSync('mkfifo', [join(dir, 'ops.json')]);
    mkdirSync(join(dir, 'banned-players.json'));
    writeFileSync(join(dir, 'whitelist.json'), ' '.repeat(4096));
    const warnings: SaveWarning[] = [];
    assert.equal(await readRootTextFile(dir, 'usercache.json', warnings, 1024), null);
    assert.equal(await readRootTextFile(dir, 'ops.json', warnings, 1024), null);
    assert.equal(await readRootTextFile(dir, 'banned-players.json', warnings, 1024), null);
    assert.equal(await readRootTextFile(dir, 'whitelist.json', warnings, 1024), null);
    assert.deepEqual(warnings, [
      { file: 'ops.json', reason: 'unreadable: a FIFO (named pipe), not a regular file; skipped', unreadable: true },
      { file: 'banned-players.json', reason: 'unreadable: a folder, not a regular file; skipped', unreadable: true },
      { file: 'whitelist.json', reason: 'unreadable: is 4 KiB, over the 1 KiB size limit; skipped', unreadable: true },
    ]);
  });
});

describe('readProfileFile(root, file, warnings, options)', () => {
  test('parses a list of over 1 MiB on a worker thread, and an unchanged one only once', async () => {
    const dir = root();
    const entries = Array.from({ length: 12_000 }, (_, i) => ({ name: `Player${i}`, uuid: uuid(i), expiresOn: '2026-01-01 00:00:00 +0000', padding: 'x'.repeat(40) }));
    writeFileSync(join(dir, 'usercache.json'), JSON.stringify(entries));
    const cache = createParseCache();
    const options = { limits: readLimits(), cache };
    const first = await readProfileFile(dir, 'usercache.json', [], options);
    assert.equal(first.size, 12_000);
    assert.equal(first.get(uuid(11_999))?.name, 'Player11999');
    const second = await readProfileFile(dir, 'usercache.json', [], options);
    assert.equal(second, first, 'the unchanged file is not parsed again');
    assert.deepEqual(cache.stats(), { hits: 1, misses: 1, entries: 1 });
  });

  test('a failure is not cached: the file is read again once it is readable', async () => {
    const dir = root();
    const path = join(dir, 'whitelist.json');
    writeFileSync(path, JSON.stringify([{ uuid: uuid(1), name: 'A' }]).padEnd(2048, ' '));
    utimesSync(path, new Date(0), new Date(0));
    const cache = createParseCache();
    const warnings: SaveWarning[] = [];
    const small = { limits: readLimits({ rootFileBytes: 1024 }), cache };
    assert.equal((await readProfileFile(dir, 'whitelist.json', warnings, small)).size, 0);
    assert.equal(warnings[0]?.unreadable, true);
    assert.equal((await readProfileFile(dir, 'whitelist.json', [], { limits: DEFAULT_READ_LIMITS, cache })).get(uuid(1))?.name, 'A');
  });
});

describe('locateSave(path, maxPropertiesBytes)', () => {
  test('a FIFO named server.properties is a warning, never waited on; the default world is found', async () => {
    const dir = root();
    execFileSync('mkfifo', [join(dir, 'server.properties')]);
    mkdirSync(join(dir, 'world', 'stats'), { recursive: true });
    const location = await locateSave(dir);
    assert.equal(location.world, join(dir, 'world'));
    assert.deepEqual(location.warnings.map((w) => w.file), ['server.properties']);
  });
});

describe('readPlayerListFile(root, file, warnings, options)', () => {
  test('a FIFO in its place is a warning; a list of over 1 MiB is parsed on a worker thread', async () => {
    const { readPlayerListFile } = await import('./read-player-list-file.js');
    const dir = root();
    execFileSync('mkfifo', [join(dir, 'ops.json')]);
    const bans = Array.from({ length: 12_000 }, (_, i) => ({ uuid: uuid(11_999 - i), name: `P${i}`, created: '2026-01-01 00:00:00 +0000', source: 'Server', expires: 'forever', reason: 'x'.repeat(40) }));
    writeFileSync(join(dir, 'banned-players.json'), JSON.stringify(bans));
    const warnings: SaveWarning[] = [];
    assert.deepEqual(await readPlayerListFile(dir, 'ops.json', warnings, { limits: DEFAULT_READ_LIMITS }), []);
    assert.equal(warnings[0]?.unreadable, true);
    const banned = await readPlayerListFile(dir, 'banned-players.json', warnings, { limits: DEFAULT_READ_LIMITS });
    assert.equal(banned.length, 12_000);
    assert.equal(banned[0]!.uuid, uuid(0), 'sorted by uuid');
  });
});

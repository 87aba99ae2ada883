import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { DATA_DIR_LOCK, DataDirLockedError, lockDataDir, type DataDirHolder } from './lockDataDir.js';

const dirs: string[] = [];
async function dataDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'blockstats-lock-'));
  dirs.push(dir);
  return join(dir, 'data'); // not there yet: the lock creates it
}
after(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

/** A pid no process has right now: a child that has exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  return Number(child.stdout);
}

const holderFile = (holder: Partial<DataDirHolder>) => JSON.stringify({ pid: 1, host: hostname(), started: '2026-01-02T03:04:05.000Z', command: 'blockstats serve', ...holder });

describe('lockDataDir(dataDir)', () => {
  it('creates the directory, writes who holds it, and removes the lock on release', async () => {
    const dir = await dataDir();
    const lock = await lockDataDir(dir, { clock: () => Date.parse('2026-11-28T04:00:00Z') });
    const written = JSON.parse(await readFile(join(dir, DATA_DIR_LOCK), 'utf8')) as DataDirHolder;
    assert.deepEqual({ pid: written.pid, host: written.host, started: written.started }, { pid: process.pid, host: hostname(), started: '2026-11-28T04:00:00.000Z' });
    await lock.release();
    assert.equal(existsSync(join(dir, DATA_DIR_LOCK)), false);
    await (await lockDataDir(dir)).release(); // free again
  });

  it('refuses a second lock in the same process', async () => {
    const dir = await dataDir();
    const lock = await lockDataDir(dir);
    await assert.rejects(lockDataDir(dir), DataDirLockedError);
    await lock.release();
  });

  it('refuses while another live process holds it, naming its pid, start time and command', async () => {
    const dir = await dataDir();
    const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)'], { stdio: 'ignore' });
    try {
      await lockDataDir(dir).then((lock) => lock.release()); // creates the directory
      await writeFile(join(dir, DATA_DIR_LOCK), holderFile({ pid: child.pid! }));
      await assert.rejects(lockDataDir(dir), (error: unknown) => {
        assert.ok(error instanceof DataDirLockedError);
        assert.match(error.message, new RegExp(`pid ${child.pid}, running since 2026-01-02T03:04:05.000Z: blockstats serve`));
        assert.match(error.message, /delete .*data-dir\.lock/);
        return true;
      });
    } finally {
      child.kill('SIGKILL');
    }
  });

  it('refuses a lock from another host, which it cannot check', async () => {
    const dir = await dataDir();
    await lockDataDir(dir).then((lock) => lock.release());
    await writeFile(join(dir, DATA_DIR_LOCK), holderFile({ pid: deadPid(), host: 'elsewhere.example' }));
    await assert.rejects(lockDataDir(dir), /pid \d+ on host elsewhere\.example/);
  });

  // Stale: a holder that is gone, a torn or foreign file in the lock's place.
  for (const [name, content] of [['a dead process', () => holderFile({ pid: deadPid() })], ['an empty file', () => ''], ['garbage', () => '{"pid":"x"']] as const) {
    it(`takes over a lock left by ${name}, and says so`, async () => {
      const dir = await dataDir();
      await lockDataDir(dir).then((lock) => lock.release());
      await writeFile(join(dir, DATA_DIR_LOCK), content());
      const told: Array<DataDirHolder | null> = [];
      const lock = await lockDataDir(dir, { onTakeOver: (stale) => void told.push(stale) });
      assert.equal(told.length, 1);
      assert.equal((JSON.parse(await readFile(join(dir, DATA_DIR_LOCK), 'utf8')) as DataDirHolder).pid, process.pid);
      await lock.release();
    });
  }

  it('release leaves a lock someone else took over alone', async () => {
    const dir = await dataDir();
    const lock = await lockDataDir(dir);
    await writeFile(join(dir, DATA_DIR_LOCK), holderFile({ pid: 424242 }));
    await lock.release();
    assert.equal(existsSync(join(dir, DATA_DIR_LOCK)), true);
  });
});

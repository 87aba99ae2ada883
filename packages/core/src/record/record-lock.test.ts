import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { acquireRecordLock } from './record-lock.js';

const dirs: string[] = [];
const tmp = (): string => {
  const dir = mkdtempSync(join(tmpdir(), 'blockstats-lock-'));
  dirs.push(dir);
  return dir;
};
after(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

// The parent process (the test runner) is alive and is not this process: a live other writer.
const other = process.ppid;

describe('acquireRecordLock(dir, now, waitMs)', () => {
  test('waits for a lock held by another live process, and takes it once released', async () => {
    const dir = tmp();
    writeFileSync(join(dir, '.lock'), `${other}\n`);
    setTimeout(() => rmSync(join(dir, '.lock')), 150);
    const release = await acquireRecordLock(dir, Date.now(), 10_000);
    assert.ok(existsSync(join(dir, '.lock')));
    release();
    assert.ok(!existsSync(join(dir, '.lock')));
  });

  test('gives up after waitMs, naming the holder', async () => {
    const dir = tmp();
    writeFileSync(join(dir, '.lock'), `${other}\n`);
    const begin = performance.now();
    await assert.rejects(acquireRecordLock(dir, Date.now(), 300), new RegExp(`another process \\(pid ${other}\\) and was not released within 0 s`));
    assert.ok(performance.now() - begin >= 290);
  });

  test('takes over at once a lock whose process is gone or that is too old', async () => {
    const dir = tmp();
    writeFileSync(join(dir, '.lock'), '999999999\n');
    (await acquireRecordLock(dir, Date.now(), 0))();
    writeFileSync(join(dir, '.lock'), `${other}\n`);
    (await acquireRecordLock(dir, Date.now() + 11 * 60_000, 0))();
  });
});

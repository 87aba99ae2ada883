import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { loadRecord } from '@blockstats/core/node';
import { repoRoot } from './commands/serve.js';
import { demoReading } from './demoReading.js';

const work = mkdtempSync(join(tmpdir(), 'blockstats-demo-reading-'));
after(() => rmSync(work, { recursive: true, force: true }));
const repo = repoRoot()!;
const prepared = join(repo, 'examples', 'demo-record');

describe('demoReading(serverDir, dataDir, dataGiven): how offline commands read the bundled demo', () => {
  test('any other server: its data directory, the real clock', async () => {
    assert.deepEqual(await demoReading(join(work, 'server'), join(work, 'data'), false), { dataDir: join(work, 'data') });
  });

  test('the demo before `npm start` ever ran: the prepared record and history, on demo time', { skip: !existsSync(join(prepared, 'record')) && 'no examples/demo-record (npm install prepares it)' }, async () => {
    const reading = await demoReading(join(repo, 'examples', 'demo-server'), join(work, 'never-served'), false);
    assert.equal(reading.dataDir, prepared);
    const { record } = await loadRecord(prepared);
    const now = reading.clock!();
    assert.ok(now >= record.times.at(-1)! + 15 * 60_000 && now < record.times.at(-1)! + 16 * 60_000, new Date(now).toISOString());
    // An explicit --data (or data_dir) is read as given.
    assert.equal((await demoReading(join(repo, 'examples', 'demo-server'), join(work, 'given'), true)).dataDir, join(work, 'given'));
  });
});

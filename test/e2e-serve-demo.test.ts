// End to end: `npm start`'s command, `blockstats serve` without a server, serves the bundled demo
// server with its 45-day activity record: the copy `npm install` prepared in
// examples/demo-record (generating it again takes seconds on every first start).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { loadRecord } from '../packages/core/src/node.js';
import { startServe, type ServeProcess } from './support/serveProcess.js';
import { REPO_ROOT } from './support/repo.js';

const PREPARED = join(REPO_ROOT, 'examples', 'demo-record', 'record');

describe('blockstats serve without a server: the demo', () => {
  let state: string;
  let serve: ServeProcess;

  before(async () => {
    // The default data directory lives under $XDG_STATE_HOME: a fresh one, as on a first start.
    state = await mkdtemp(join(tmpdir(), 'blockstats-e2e-demo-'));
    process.env.XDG_STATE_HOME = state;
    serve = await startServe([]);
  });

  after(async () => {
    if (serve.child.exitCode === null) await serve.stop();
    await rm(state, { recursive: true, force: true });
  });

  test('serves the demo with its activity record, copied from the one npm install prepared', async () => {
    const listening = await serve.waitForLine((line) => line.event === 'listening');
    assert.equal(listening.demo, true);
    const activity = await (await fetch(`${serve.url}/v1/activity`)).json();
    assert.ok(activity.data.hour_of_day.some((hour: { windows: number }) => hour.windows > 0), 'the record has windows');
    const record = join(String(listening.data_dir), 'record');
    if (!existsSync(PREPARED)) return; // a checkout whose prepare step did not run: generated instead
    const files = readdirSync(PREPARED).sort();
    assert.deepEqual(readdirSync(record).filter((name) => name.endsWith('.jsonl')).sort(), files);
    // The first pull appends to the newest month: what was prepared is each file's beginning.
    for (const file of files) {
      const prepared = readFileSync(join(PREPARED, file));
      assert.ok(readFileSync(join(record, file)).subarray(0, prepared.length).equals(prepared), `${file} begins as prepared`);
    }
  });

  test('the demo is mid-week: this week\'s board has days behind it, ranks that moved since, and a player of the week', async () => {
    await serve.waitForLine((line) => line.event === 'history_loaded' || line.event === 'history_failed');
    const week = await (await fetch(`${serve.url}/v1/stats/jump?period=week&limit=100`)).json();
    const { from, to } = week.meta.period;
    assert.ok(Date.parse(to) - Date.parse(from) >= 2 * 86_400_000, `the week so far is ${from} to ${to}`);
    const entries: Array<{ previous_rank: number | null; rank_change: number | null }> = week.data;
    assert.ok(entries.length >= 20, `${entries.length} players gained this week`);
    assert.ok(entries.filter((e) => e.previous_rank !== null).length > entries.length / 2, 'most entries had a rank a day earlier');
    assert.ok(entries.some((e) => e.rank_change !== null && e.rank_change !== 0), 'some ranks moved');
    const month = await (await fetch(`${serve.url}/v1/stats/jump?period=month&limit=1`)).json();
    assert.ok(month.meta.pagination.total > week.meta.pagination.total, 'the month has more players than the week');
    const home = await (await fetch(`${serve.url}/`)).text();
    assert.match(home, /Player of the week and month/);
  });
});

describe('blockstats serve without a server: a data directory of another demo', () => {
  test('its record and stat history are replaced by the prepared ones (the demo server was generated again)', async (t) => {
    if (!existsSync(PREPARED)) return t.skip('the prepare step did not run');
    const data = await mkdtemp(join(tmpdir(), 'blockstats-e2e-demo-other-'));
    try {
      // A record of another demo: one day longer, so its first pull is a day earlier.
      const script = join(REPO_ROOT, 'examples', 'generate-demo-record.ts');
      const other = spawnSync(process.execPath, ['--import', 'tsx', script, '--server', join(REPO_ROOT, 'examples', 'demo-server'), '--data', data, '--days', '46', '--history-days', '14'], { cwd: REPO_ROOT, encoding: 'utf8' });
      assert.equal(other.status, 0, other.stderr);
      const served = await startServe(['--data', data]);
      try {
        await served.waitForLine((line) => line.event === 'listening');
        const [mine, prepared] = await Promise.all([loadRecord(data), loadRecord(join(REPO_ROOT, 'examples', 'demo-record'))]);
        assert.equal(mine.record.times[0], prepared.record.times[0]);
        const months = (dir: string) => readdirSync(dir).filter((name) => name.startsWith('history-')).sort();
        assert.deepEqual(months(join(data, 'history')), months(join(REPO_ROOT, 'examples', 'demo-record', 'history')), 'the prepared stat history, not the 14 days of the other demo');
      } finally {
        await served.stop();
      }
    } finally {
      await rm(data, { recursive: true, force: true });
    }
  });
});

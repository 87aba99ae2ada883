// End to end: `npm start`'s command, `blockstats serve` without a server, serves the bundled demo
// server with its 45-day activity record: the copy `npm install` prepared in
// examples/demo-record (generating it again takes seconds on every first start).
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
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
});

import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, mock, test } from 'node:test';
import { createPullScheduler } from './pullScheduler.js';
import type { PullResult } from './types.js';

const REFRESH = 60_000;

/** A pull that ends when the test says so. */
function controllablePulls() {
  const ends: Array<(result: PullResult) => void> = [];
  let runs = 0;
  const run = () => {
    runs++;
    return new Promise<PullResult>((resolve) => ends.push(resolve));
  };
  const result = (at: number): PullResult => ({ ok: true, at, durationMs: 0, players: 0, warnings: 0, kept: 0, generation: null, changed: false, recorded: false, error: null, cause: null });
  return { run, runs: () => runs, end: (at: number) => ends.shift()!(result(at)) };
}

/** Lets the promise callbacks queued so far run. */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('createPullScheduler', () => {
  beforeEach(() => mock.timers.enable({ apis: ['setTimeout', 'Date'], now: 1_000_000 }));
  afterEach(() => mock.timers.reset());

  test('pulls asked for while one runs share it, and settle is awaited after it', async () => {
    const pulls = controllablePulls();
    const settled: string[] = [];
    const scheduler = createPullScheduler({ run: pulls.run, settle: async () => void settled.push('settled'), refreshMs: REFRESH, clock: Date.now });
    const a = scheduler.pull();
    const b = scheduler.pull();
    assert.equal(pulls.runs(), 1);
    assert.ok(scheduler.running());
    pulls.end(1);
    assert.equal(await a, await b);
    assert.deepEqual(settled, ['settled', 'settled']);
    assert.equal(scheduler.running(), null);
    scheduler.pull();
    assert.equal(pulls.runs(), 2);
  });

  test('a scheduled pull does not wait for settle (snapshot.json keeps to the quiet moment)', async () => {
    const pulls = controllablePulls();
    let settles = 0;
    const scheduler = createPullScheduler({ run: pulls.run, settle: () => (settles++, new Promise<void>(() => {})), refreshMs: REFRESH, clock: Date.now });
    scheduler.schedule(0);
    mock.timers.tick(0);
    pulls.end(1);
    await settle();
    assert.equal(settles, 0);
    assert.equal(scheduler.nextPullAt(), 1_000_000 + REFRESH, 'the next one is scheduled');
    scheduler.stop();
  });

  test('the next pull starts one interval after the last began, or at once after a long one; stop ends the schedule', async () => {
    const pulls = controllablePulls();
    const scheduler = createPullScheduler({ run: pulls.run, refreshMs: REFRESH, clock: Date.now });
    assert.equal(scheduler.nextPullAt(), null);
    scheduler.schedule(0);
    assert.equal(scheduler.nextPullAt(), 1_000_000);
    mock.timers.tick(0);
    assert.equal(pulls.runs(), 1);
    mock.timers.tick(10_000);
    pulls.end(1);
    await settle();
    assert.equal(scheduler.nextPullAt(), 1_000_000 + REFRESH);
    mock.timers.tick(REFRESH - 10_001);
    assert.equal(pulls.runs(), 1);
    mock.timers.tick(1);
    assert.equal(pulls.runs(), 2);
    // A pull longer than the interval: the next one follows at once.
    mock.timers.tick(REFRESH + 5_000);
    pulls.end(2);
    await settle();
    assert.equal(scheduler.nextPullAt(), Date.now());
    scheduler.stop();
    assert.equal(scheduler.nextPullAt(), null);
    mock.timers.tick(REFRESH * 3);
    assert.equal(pulls.runs(), 2);
  });
});

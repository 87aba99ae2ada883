import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { startableAhead } from './startableAhead.js';

/** A task whose runs end when the test says, noting each run's signal. */
function controlledTask() {
  const runs: Array<{ signal: AbortSignal | undefined; finish: (value: number) => void }> = [];
  const task = (signal: AbortSignal | undefined) => new Promise<number>((resolve, reject) => {
    runs.push({ signal, finish: resolve });
    signal?.addEventListener('abort', () => reject(signal.reason as Error), { once: true });
  });
  return { runs, task };
}

const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('startableAhead', () => {
  it('a run after ahead() takes over the task started ahead instead of starting another', async () => {
    const { runs, task } = controlledTask();
    const sync = startableAhead(task);
    sync.ahead();
    sync.ahead(); // one waiting already: no second
    await tick();
    assert.equal(runs.length, 1);
    const result = sync.run();
    await tick();
    assert.equal(runs.length, 1);
    runs[0]!.finish(7);
    assert.equal(await result, 7);
    // Taken over: the next run is a fresh one.
    const next = sync.run();
    await tick();
    assert.equal(runs.length, 2);
    runs[1]!.finish(8);
    assert.equal(await next, 8);
  });

  it('runs never overlap: one started while another runs begins when it ends', async () => {
    const { runs, task } = controlledTask();
    const sync = startableAhead(task);
    const first = sync.run();
    sync.ahead();
    await tick();
    assert.equal(runs.length, 1);
    runs[0]!.finish(1);
    assert.equal(await first, 1);
    await tick();
    assert.equal(runs.length, 2);
    runs[1]!.finish(2);
    assert.equal(await sync.run(), 2);
  });

  it('the signal of the run that takes the task over stops it, and cancel() stops one nobody took', async () => {
    const { runs, task } = controlledTask();
    const sync = startableAhead(task);
    sync.ahead();
    const controller = new AbortController();
    const result = sync.run(controller.signal);
    await tick();
    controller.abort(new Error('over budget'));
    await assert.rejects(result, /over budget/);
    assert.equal(runs[0]!.signal?.aborted, true);

    sync.ahead();
    await tick();
    sync.cancel(new Error('shutting down'));
    assert.equal(runs[1]!.signal?.aborted, true);
    // A failed run does not hold the next one back.
    const after = sync.run();
    await tick();
    runs[2]!.finish(3);
    assert.equal(await after, 3);
  });

  it('a run whose signal is already aborted stops the task started ahead at once', async () => {
    const { runs, task } = controlledTask();
    const sync = startableAhead(task);
    sync.ahead();
    await tick();
    await assert.rejects(sync.run(AbortSignal.abort(new Error('too late'))), /too late/);
    assert.equal(runs[0]!.signal?.aborted, true);
  });
});

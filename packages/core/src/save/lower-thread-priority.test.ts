import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

const MODULE = fileURLToPath(new URL('./lower-thread-priority.ts', import.meta.url));

/** Runs `code` in a fresh Node process (with tsx), so lowering its thread's priority touches nothing here. */
function runNode(code: string): string {
  const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], { encoding: 'utf8' });
  assert.equal(run.status, 0, run.stderr);
  return run.stdout.trim();
}

describe('lowerThreadPriority(nice)', () => {
  it('lowers the calling thread\'s priority on Linux (a worker thread\'s alone; here a process\'s only thread)', { skip: process.platform !== 'linux' }, () => {
    const out = runNode(`
      import { getPriority } from 'node:os';
      import { lowerThreadPriority } from ${JSON.stringify(MODULE)};
      const before = getPriority();
      const lowered = lowerThreadPriority(before + 3);
      console.log(JSON.stringify({ lowered, before, after: getPriority() }));
    `);
    const { lowered, before, after } = JSON.parse(out) as { lowered: boolean; before: number; after: number };
    assert.equal(lowered, true);
    assert.equal(after, Math.min(19, before + 3));
  });

  it('leaves the other threads of the process as they were', { skip: process.platform !== 'linux' }, () => {
    const out = runNode(`
      import { getPriority } from 'node:os';
      import { Worker } from 'node:worker_threads';
      import { lowerThreadPriority } from ${JSON.stringify(MODULE)};
      const before = getPriority();
      // A thread started before: it answers with its own priority once the main thread lowered its.
      const worker = new Worker("import { parentPort } from 'node:worker_threads'; import { getPriority } from 'node:os'; parentPort.once('message', () => parentPort.postMessage(getPriority()));", { eval: true });
      worker.once('online', () => {
        const lowered = lowerThreadPriority(before + 3);
        worker.once('message', (other) => {
          console.log(JSON.stringify({ lowered, before, main: getPriority(), other }));
          void worker.terminate();
        });
        worker.postMessage('now');
      });
    `);
    const { lowered, before, main, other } = JSON.parse(out) as { lowered: boolean; before: number; main: number; other: number };
    assert.equal(lowered, true);
    assert.equal(main, Math.min(19, before + 3));
    assert.equal(other, before);
  });
});

import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { Worker } from 'node:worker_threads';
import { unpackStats, type PackedStats } from './packed.js';
import { parseInWorkers, type ParseOutcome, type ParseRequest } from './parse-in-workers.js';
import { parseRequest } from './parse-request.js';
import { createParseWorkerPool } from './parse-worker-pool.js';
import { DEFAULT_READ_LIMITS } from './read-limits.js';

let dir: string;
const requests: ParseRequest[] = [];

before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'blockstats-pool-'));
  for (let i = 0; i < 60; i++) {
    const path = join(dir, `s${i}.json`);
    // Each batch brings strings of its own, so a kept worker's numbering must carry over.
    await writeFile(path, JSON.stringify({ stats: { 'minecraft:custom': { 'minecraft:jump': i, [`mod:key_${i}`]: i * 2 } }, DataVersion: 3953 }));
    requests.push({ kind: 'stats', path });
  }
  requests.push({ kind: 'stats', path: join(dir, 'missing.json') });
});
after(() => rm(dir, { recursive: true, force: true }));

function counters(outcomes: readonly ParseOutcome[]): unknown[] {
  return outcomes.map((outcome) => (outcome.ok ? unpackStats(outcome.value as PackedStats) : outcome));
}

/** Resolves once `done` holds (polled; the test's own timeout bounds it). */
async function until(done: () => boolean): Promise<void> {
  while (!done()) await new Promise((resolve) => setTimeout(resolve, 10));
}

const here = (list: readonly ParseRequest[]): unknown[] => counters(list.map((request) => parseRequest(request)));

describe('createParseWorkerPool', () => {
  it('keeps a call\'s workers for the next call, which parses on them exactly as here, new strings included', async () => {
    const pool = createParseWorkerPool();
    try {
      const first = await parseInWorkers(requests.slice(0, 30), { threads: 2, batchSize: 5, pool, keep: true });
      assert.deepEqual(counters(first!), here(requests.slice(0, 30)));
      await until(() => pool.size() === 2); // one may still have been starting: kept once up
      const second = await parseInWorkers(requests.slice(30), { threads: 2, batchSize: 5, pool, keep: true });
      assert.deepEqual(counters(second!), here(requests.slice(30)));
      assert.equal(pool.size(), 2, 'the same two taken and kept again, none started beside them');
    } finally {
      await pool.close();
    }
  });

  it('terminates the workers of a call without `keep`, and keeps nothing once closed', async () => {
    const pool = createParseWorkerPool();
    await parseInWorkers(requests.slice(0, 30), { threads: 2, batchSize: 5, pool });
    assert.equal(pool.size(), 0);
    await parseInWorkers(requests.slice(0, 30), { threads: 2, batchSize: 5, pool, keep: true });
    await until(() => pool.size() === 2);
    await pool.close();
    assert.equal(pool.size(), 0);
    const after = await parseInWorkers(requests.slice(0, 30), { threads: 2, batchSize: 5, pool, keep: true });
    assert.deepEqual(counters(after!), here(requests.slice(0, 30)));
    assert.equal(pool.size(), 0, 'a closed pool keeps nothing');
  });

  it('hands a kept worker only to a call with the same limits', async () => {
    const pool = createParseWorkerPool();
    try {
      await parseInWorkers(requests.slice(0, 10), { threads: 1, pool, keep: true });
      assert.equal(pool.size(), 1);
      const tight = { ...DEFAULT_READ_LIMITS, playerFileBytes: 10 };
      const outcomes = await parseInWorkers(requests.slice(0, 10), { threads: 1, pool, limits: tight });
      assert.equal(pool.size(), 1, 'the kept worker was not taken');
      assert.ok(outcomes!.every((outcome) => !outcome.ok && /size limit/.test(outcome.reason)), 'the call\'s own limits applied');
    } finally {
      await pool.close();
    }
  });

  it('drops a kept worker that exits, and takes only one kept for the same script and limits', async () => {
    const pool = createParseWorkerPool();
    const worker = new Worker('setInterval(() => {}, 1000);', { eval: true });
    try {
      assert.equal(pool.keep({ worker, map: [], limits: 'a' }), true);
      assert.equal(pool.take('b'), undefined);
      assert.equal(pool.size(), 1);
      const exited = new Promise((resolve) => worker.once('exit', resolve));
      await worker.terminate();
      await exited;
      await new Promise((resolve) => setImmediate(resolve));
      assert.equal(pool.size(), 0);
      assert.equal(pool.take('a'), undefined);
    } finally {
      await pool.close();
    }
  });

  it('keeps at most `max` workers', async () => {
    const pool = createParseWorkerPool({ max: 1 });
    const workers = [0, 1].map(() => new Worker('setInterval(() => {}, 1000);', { eval: true }));
    try {
      assert.deepEqual(workers.map((worker) => pool.keep({ worker, map: [], limits: 'a' })), [true, false]);
      assert.equal(pool.size(), 1);
    } finally {
      await pool.close();
      await Promise.all(workers.map((worker) => worker.terminate()));
    }
  });
});

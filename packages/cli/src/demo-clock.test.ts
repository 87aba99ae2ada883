import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openRecord, recordPull } from '@blockstats/core/node';
import { demoClock } from './demo-clock.js';

describe('demoClock(dataDir, refreshMs, now)', () => {
  it('continues from the last recorded pull and advances in real time', async (t) => {
    const dir = await mkdtemp(join(tmpdir(), 'blockstats-demo-clock-'));
    t.after(() => rm(dir, { recursive: true, force: true }));
    const last = Date.parse('2026-11-16T10:45:00Z');
    const log = await openRecord(dir);
    await recordPull(log, { at: last - 900_000, online: 3, counters: { a: { play_time: 100, deaths: 0 } } });
    await recordPull(log, { at: last, online: 4, counters: { a: { play_time: 18_100, deaths: 1 } } });

    let real = Date.parse('2030-01-01T00:00:00Z');
    const clock = await demoClock(dir, 900_000, () => real);
    assert.equal(new Date(clock()).toISOString(), '2026-11-16T11:00:00.000Z');
    real += 60_000;
    assert.equal(new Date(clock()).toISOString(), '2026-11-16T11:01:00.000Z');
  });

  it('is the real clock when nothing is recorded yet', async (t) => {
    const dir = await mkdtemp(join(tmpdir(), 'blockstats-demo-clock-'));
    t.after(() => rm(dir, { recursive: true, force: true }));
    const clock = await demoClock(dir, 900_000, () => 42);
    assert.equal(clock(), 42);
  });
});

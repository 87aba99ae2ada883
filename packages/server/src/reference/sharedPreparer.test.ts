import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Logger } from './logger.js';
import { sharedPreparer } from './sharedPreparer.js';
import { fixtureRecord, fixtureSnapshot, NOW } from '../../test/fixture.js';

/** A logger that keeps its lines. */
function keptLog() {
  const lines: Array<{ level: string; event: string; fields: Record<string, unknown> }> = [];
  const log: Logger = { log: (level, event, fields = {}) => void lines.push({ level, event, fields: fields as Record<string, unknown> }) };
  return { log, lines };
}

describe('sharedPreparer', () => {
  it('logs each run with its wall time, one run after the other', async () => {
    const { log, lines } = keptLog();
    const snapshot = fixtureSnapshot();
    const record = fixtureRecord();
    const prepare = sharedPreparer({ snapshot: () => snapshot, record: () => record, clock: () => NOW }, log, { network: true });
    await Promise.all([prepare(), prepare()]);
    assert.deepEqual(lines.map((l) => [l.level, l.event, l.fields.network]), [['info', 'shared_prepared', true], ['info', 'shared_prepared', true]]);
    assert.equal(typeof lines[0]!.fields.duration_ms, 'number');
    const steps = lines[0]!.fields.steps_cpu_ms as Record<string, number>;
    assert.deepEqual(Object.keys(steps), ['names', 'player_order', 'crowns', 'events', 'activity', 'week_ranks', 'active_players', 'snapshot_tables']);
    assert.ok(Object.values(steps).every((ms) => typeof ms === 'number' && ms >= 0));
  });

  it('prepares for the pending snapshots when given them, never reading the served ones', async () => {
    const { log, lines } = keptLog();
    const pending = fixtureSnapshot();
    const record = fixtureRecord();
    const read: string[] = [];
    const served = (id: string) => () => {
      read.push(id);
      return fixtureSnapshot();
    };
    const servers = [{ id: 's1', name: 'One', snapshot: served('s1'), record: () => record }, { id: 's2', name: 'Two', snapshot: served('s2'), record: () => record }];
    const prepare = sharedPreparer({ snapshot: served('network'), record: () => record, servers, clock: () => NOW }, log);
    await prepare({ snapshot: pending, servers: new Map([['s1', pending], ['s2', pending]]) });
    assert.deepEqual(read, []);
    assert.deepEqual(lines.map((l) => l.event), ['shared_prepared']);
    // A view the pull did not build (not in `servers`) is prepared as it is served.
    await prepare({ snapshot: pending, servers: new Map([['s1', pending]]) });
    assert.deepEqual([...new Set(read)], ['s2']);
  });

  it('logs a failure as prepare_failed and resolves', async () => {
    const { log, lines } = keptLog();
    const snapshot = fixtureSnapshot();
    const prepare = sharedPreparer({ snapshot: () => snapshot, record: () => { throw new Error('disk gone'); }, clock: () => NOW }, log);
    await prepare();
    assert.deepEqual(lines.map((l) => [l.level, l.event]), [['warn', 'prepare_failed'], ['info', 'shared_prepared']]);
    assert.equal(lines[0]!.fields.error, 'disk gone');
  });
});

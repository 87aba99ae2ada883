import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Snapshot } from '@blockstats/core';
import { createNetworkPersister } from './networkPersister.js';

const snapshot = (generation: string): Snapshot => ({ format: 1, generation, players: [], stats: [] }) as unknown as Snapshot;
const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('createNetworkPersister', () => {
  test('writes the network\'s file and every view\'s one after another, a failed one not stopping the next', async () => {
    const started: string[] = [];
    const releases: Array<(error?: Error) => void> = [];
    let running = 0;
    let most = 0;
    const write = async (path: string) => {
      started.push(path);
      most = Math.max(most, ++running);
      try {
        await new Promise<void>((resolve, reject) => releases.push((error) => (error ? reject(error) : resolve())));
      } finally {
        running--;
      }
    };
    const servers = ['s1', 's2', 's3'].map((id) => ({ id, display: `/srv/${id}` }));
    const persister = createNetworkPersister({ dataDir: '/nowhere', servers, playersRules: '' }, { log: { log: () => undefined }, everyMs: 0, clock: () => 0, write });
    const views = new Map(servers.map((s) => [s.id, snapshot(`${s.id}-1`)]));
    assert.equal(persister.save(snapshot('n-1'), views, new Set()), true);
    for (let i = 0; i < 4; i++) {
      await tick();
      assert.equal(started.length, i + 1, 'one write at a time');
      releases[i]!(i === 1 ? new Error('disk full') : undefined);
    }
    await persister.idle();
    assert.equal(most, 1);
    assert.deepEqual(started, ['/nowhere/snapshot.json', ...servers.map((s) => `/nowhere/servers/${s.id}/view-snapshot.json`)]);
  });
});

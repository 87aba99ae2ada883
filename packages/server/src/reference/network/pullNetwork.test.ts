// The order of a network pull's work on its servers: every remote server's sync is started
// before the first server is pulled, so the syncs wait on the network while the servers before
// them in turn are read; the servers themselves are still pulled one at a time, in order.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ReferenceConfigFile } from '../configSchema.js';
import { silentLogger } from '../logger.js';
import type { PullResult, ReferenceServer } from '../types.js';
import { initialNetworkState } from './NetworkState.js';
import { pullNetwork, type Backend } from './pullNetwork.js';

const AT = Date.parse('2026-11-29T03:00:00Z');

/** A server that only notes what it was asked, in `calls`, and has no save read yet. */
function backend(id: string, calls: string[], remote: boolean): Backend {
  const failed: PullResult = { ok: false, at: AT, durationMs: 0, players: 0, warnings: 0, kept: 0, generation: null, changed: false, recorded: false, error: 'not read', cause: null };
  const server = {
    pull: async () => {
      calls.push(`pull ${id}`);
      await new Promise((resolve) => setImmediate(resolve));
      calls.push(`pulled ${id}`);
      return failed;
    },
    ...(remote ? { prepareAhead: () => void calls.push(`ahead ${id}`) } : {}),
    lastSave: () => null,
    health: () => ({ lastSuccessAt: null }),
  } as unknown as ReferenceServer;
  return { id, name: id, display: id, config: { server_dir: `/srv/${id}` } as never, server };
}

describe('pullNetwork', () => {
  it('starts the remote servers\' syncs ahead, then pulls every server in turn', async () => {
    const calls: string[] = [];
    const backends = [backend('survival', calls, false), backend('creative', calls, false), backend('skyblock', calls, true)];
    const state = initialNetworkState();
    const result = await pullNetwork(state, {
      config: {} as ReferenceConfigFile,
      backends,
      clock: () => AT,
      log: silentLogger,
      live: {} as never,
      persister: null,
      pinned: { at: null },
    });
    assert.equal(result.ok, false);
    assert.deepEqual(calls, ['ahead skyblock', 'pull survival', 'pulled survival', 'pull creative', 'pulled creative', 'pull skyblock', 'pulled skyblock']);
    assert.deepEqual([...state.stale.keys()], ['survival', 'creative', 'skyblock']);
  });

  it("holds what the servers' pulls leave for a quiet moment until the network's pull is over, then gives it to the collector", async () => {
    const calls: string[] = [];
    const held: Array<() => void> = [];
    const backends = [backend('survival', calls, false), backend('creative', calls, false)].map((b) => {
      const pull = b.server.pull;
      // Each server's pull defers the write of its players' last good readings.
      b.server.pull = async () => {
        const result = await pull();
        held.push(() => calls.push(`write ${b.id}`));
        return result;
      };
      return b;
    });
    const deferred: Array<() => void> = [];
    await pullNetwork(initialNetworkState(), {
      config: {} as ReferenceConfigFile,
      backends,
      clock: () => AT,
      log: silentLogger,
      live: {} as never,
      persister: null,
      pinned: { at: null },
      collector: { defer: (task: () => void) => deferred.push(task), flush: () => {} } as never,
      held,
    });
    assert.deepEqual(calls, ['pull survival', 'pulled survival', 'pull creative', 'pulled creative']);
    assert.equal(held.length, 0);
    for (const task of deferred) task();
    assert.deepEqual(calls.slice(4), ['write survival', 'write creative']);
  });
});

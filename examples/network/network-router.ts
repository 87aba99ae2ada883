import { buildSnapshot, mergeSaves, serverView, type Snapshot } from '../../packages/core/src/index.js';
import { readSave } from '../../packages/core/src/node.js';
import { createRouter, type BlockstatsRouter, type RouterOptions } from '../../packages/server/src/index.js';
import type { NetworkSummary } from './generate.js';

// The generated network served as blockstats serves a network, for the tests that check it
// against the raw files (raw-network.ts).

/** A router over the generated network and the snapshots it answers from. */
export interface NetworkRouter {
  router: BlockstatsRouter;
  /** The network's snapshot under `network`, each server's view under its id. */
  snapshots: Map<string, Snapshot>;
}

/**
 * Reads every server of `summary`, merges them and builds the network's snapshot and each
 * server's view at `now`; the router answers the network at the root and each view under
 * `?server=<id>`, without a rate limit, with `options` besides.
 */
export async function networkRouter(summary: NetworkSummary, now: number, options: Partial<RouterOptions> = {}): Promise<NetworkRouter> {
  const members = await Promise.all(summary.servers.map(async (s) => ({ id: s.id, save: await readSave(s.dir, { threads: 0 }) })));
  const network = mergeSaves(members);
  const snapshots = new Map<string, Snapshot>([['network', buildSnapshot(network, { now })]]);
  for (const m of members) snapshots.set(m.id, buildSnapshot(serverView(m.save, network), { now }));
  const router = createRouter({
    snapshot: () => snapshots.get('network')!,
    servers: summary.servers.map((s) => ({ id: s.id, name: s.name, snapshot: () => snapshots.get(s.id)! })),
    rateLimit: false,
    ...options,
  });
  return { router, snapshots };
}

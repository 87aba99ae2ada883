import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { changedNetworkPlayers, type BenchNetwork } from './generate/generate-network.js';
import { writePlayers, type PullTarget } from './pull.js';

// The network benchmark's target (issue 38): `blockstats serve` on the generated network, every
// server given as `--server id=DIR`; before each measured pull 1 % of every server's players
// change, as on a network where each backend saves its own players.

/** The pull bench's target for a generated network. */
export function networkTarget(network: BenchNetwork, workDir: string): PullTarget {
  const files = network.servers.map((server) => {
    const file = join(workDir, `network-writer-${server.id}.json`);
    writeFileSync(file, JSON.stringify(server));
    return `@${file}`;
  });
  return {
    players: network.servers.reduce((sum, server) => sum + server.players, 0),
    label: `network of ${network.servers.length}`,
    args: network.servers.flatMap((server) => ['--server', `${server.id}=${server.dir}`]),
    changedPlayers: network.servers.reduce((sum, server) => sum + changedNetworkPlayers(server).length, 0),
    write: async (version) => {
      await Promise.all(files.map((file) => writePlayers(file, version)));
    },
  };
}

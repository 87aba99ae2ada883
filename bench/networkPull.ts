import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SshServer } from '../packages/server/test/sshServer.js';
import { changedNetworkPlayers, type BenchNetwork } from './generate/generate-network.js';
import { sftpConfig, sftpUrl } from './lib/loopbackSftp.js';
import { pullRefreshMs, writePlayers, type PullTarget } from './pull.js';

// The network benchmark's target (issue 38): `blockstats serve` on the generated network, every
// server given as `--server id=DIR`; before each measured pull 1 % of every server's players
// change, as on a network where each backend saves its own players. With `ssh`, the last server
// is read over SFTP on loopback (`--server id=sftp://…`, the login in the configuration), as the
// issue's network has one of its five on a rented host: its files are written in place, sshd
// serves them, and the server mirrors what changed before reading.

/** The pull bench's target for a generated network. */
export function networkTarget(network: BenchNetwork, workDir: string, ssh?: SshServer): PullTarget {
  const files = network.servers.map((server) => {
    const file = join(workDir, `network-writer-${server.id}.json`);
    writeFileSync(file, JSON.stringify(server));
    return `@${file}`;
  });
  const remote = ssh ? network.servers[network.servers.length - 1]!.id : null;
  return {
    players: network.servers.reduce((sum, server) => sum + server.players, 0),
    label: `network of ${network.servers.length}`,
    args: network.servers.flatMap((server) => ['--server', `${server.id}=${server.id === remote ? sftpUrl(ssh!, server.dir) : server.dir}`]),
    ...(ssh ? { config: sftpConfig(ssh) } : {}),
    // Five writers start and a server is mirrored before it is read: a short refresh lets a pull
    // begin while they still write, and it is then not counted.
    refreshMs: Math.max(30_000, pullRefreshMs(network.servers.reduce((sum, server) => sum + server.players, 0))),
    changedPlayers: network.servers.reduce((sum, server) => sum + changedNetworkPlayers(server).length, 0),
    write: async (version) => {
      await Promise.all(files.map((file) => writePlayers(file, version)));
    },
  };
}

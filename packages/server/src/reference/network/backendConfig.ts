import { join } from 'node:path';
import type { ReferenceConfigFile } from '../configSchema.js';
import type { ReferenceServerConfig } from '../types.js';

/** One server of a network's configuration (`servers[]`). */
export type NetworkServerEntry = NonNullable<ReferenceConfigFile['servers']>[number];

/** Where a network keeps one server's record, last good readings, caches and mirror: `<data>/servers/<id>`. */
export function backendDataDir(dataDir: string, id: string): string {
  return join(dataDir, 'servers', id);
}

/**
 * The configuration one server of a network is pulled with: the network's rules and limits
 * (hiding, ranking, events, schedule, sftp login), its own save, data directory and status
 * addresses, and nothing it would serve itself (the network serves it): no website, rate limit
 * or skin lookups. Its Modrinth mods are its own (and its `modpack`, when it names one).
 */
export function backendConfig(config: ReferenceConfigFile & { data_dir: string }, server: NetworkServerEntry): ReferenceServerConfig {
  const { servers: _servers, server_dir: _serverDir, addresses: _addresses, status, modrinth, ...shared } = config;
  const addresses = { ...(server.java ? { java: server.java } : {}), ...(server.bedrock ? { bedrock: server.bedrock } : {}) };
  return {
    ...shared,
    server_dir: server.save,
    data_dir: backendDataDir(config.data_dir, server.id),
    name: server.name ?? server.id,
    addresses,
    // Its own ping only: without an address of its own it has no status (never the proxy's).
    status: { ...status, java: server.java ?? null, bedrock: server.bedrock ?? null },
    modrinth: { ...modrinth, modpack: server.modpack ?? null },
    skins: { ...config.skins, enabled: false },
    site: { ...config.site, enabled: false },
    rate_limit: { requests: 0 },
  };
}

import { ConfigError, createNetworkServer, type Logger, type NetworkServerConfig, type ReferenceServer } from '@blockstats/server/reference';
import { CliError, EXIT } from '../errors.js';
import type { CliIo } from '../io.js';
import type { NetworkTarget } from '../networkTarget.js';

/** The flags `serve` applies over a network's configuration (as over a single server's). */
export interface NetworkServeFlags {
  refresh?: number;
  rateLimit?: number;
  javaAddress?: string;
  bedrockAddress?: string;
  baseUrl?: string;
  site?: boolean;
}

/**
 * The network `serve` runs: the configuration with the flags over it (`--java-address` and
 * `--bedrock-address` are the proxy's), its servers checked first: a duplicate id, a save
 * given twice or that is no save, a malformed sftp:// URL exit 2 naming each, before anything
 * is read or served.
 */
export async function createNetworkForServe(target: NetworkTarget, flags: NetworkServeFlags, io: CliIo, log: Logger): Promise<{ server: ReferenceServer; config: NetworkServerConfig }> {
  const base = target.config;
  const config: NetworkServerConfig = {
    ...base,
    ...(flags.refresh !== undefined ? { schedule: { ...base.schedule, refresh: flags.refresh } } : {}),
    ...(flags.rateLimit !== undefined ? { rate_limit: { ...base.rate_limit, requests: flags.rateLimit } } : {}),
    ...(flags.javaAddress || flags.bedrockAddress
      ? { addresses: { ...base.addresses, ...(flags.javaAddress ? { java: flags.javaAddress } : {}), ...(flags.bedrockAddress ? { bedrock: flags.bedrockAddress } : {}) } }
      : {}),
    ...(flags.baseUrl ? { base_url: flags.baseUrl } : {}),
    ...(flags.site === false ? { site: { ...base.site, enabled: false } } : {}),
  };
  try {
    const server = await createNetworkServer(config, { log, env: io.env }, { file: target.file, label: target.label, cwd: io.cwd });
    return { server, config };
  } catch (error) {
    if (error instanceof ConfigError) throw new CliError(`Invalid network: ${error.message}`, EXIT.usage);
    throw error;
  }
}

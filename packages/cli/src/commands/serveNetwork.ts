import { ConfigError, createNetworkServer, type Logger, type NetworkServerConfig, type ReferenceServer } from '@blockstats/server/reference';
import { CliError, EXIT } from '../errors.js';
import type { CliIo } from '../io.js';
import type { NetworkTarget } from '../networkTarget.js';
import { applyServeFlags, type ServeFlags } from './applyServeFlags.js';

/**
 * The network `serve` runs: the configuration with the flags over it (`--java-address` and
 * `--bedrock-address` are the proxy's), its servers checked first: a duplicate id, a save
 * given twice or that is no save, a malformed sftp:// URL exit 2 naming each, before anything
 * is read or served.
 */
export async function createNetworkForServe(target: NetworkTarget, flags: ServeFlags, io: CliIo, log: Logger): Promise<{ server: ReferenceServer; config: NetworkServerConfig }> {
  const config: NetworkServerConfig = applyServeFlags(target.config, flags);
  try {
    const server = await createNetworkServer(config, { log, env: io.env }, { file: target.file, label: target.label, cwd: io.cwd });
    return { server, config };
  } catch (error) {
    if (error instanceof ConfigError) throw new CliError(`Invalid network: ${error.message}`, EXIT.usage);
    throw error;
  }
}

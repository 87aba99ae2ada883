import { isAbsolute, resolve } from 'node:path';
import { defaultDataDir, type NetworkServerConfig } from '@blockstats/server/reference';
import { CliError, EXIT } from './errors.js';
import type { CliIo } from './io.js';
import { readConfig, withHidingFlags, type SaveOptions } from './local.js';
import { serverFlags } from './serverFlags.js';

/** A network `serve` or `record` runs on: its servers, its data directory, and where they were given. */
export interface NetworkTarget {
  config: NetworkServerConfig;
  dataDir: string;
  /** The configuration file the servers came from, or null (`--server id=…` flags). */
  file: string | null;
  /** How messages name server `index`: `servers[1]`, or `--server creative=…`. */
  label: (index: number) => string;
}

/** A network's data directory: `--data`, `data_dir`, or a default named after the servers' ids. */
export function networkDataDir(options: SaveOptions, config: { data_dir?: string | undefined }, servers: ReadonlyArray<{ id: string }>, io: CliIo): string {
  return options.data ? resolve(io.cwd, options.data) : config.data_dir ?? defaultDataDir(resolve(io.cwd, `network-${servers.map((s) => s.id).join('_').slice(0, 60)}`), io.env);
}

/**
 * The network `serve` and `record` run on, or null for one server: the repeatable
 * `--server id=DIR|sftp://…` flags (over the configuration's list), else the configuration's
 * `servers`. The data directory: `--data`, `data_dir`, or a default named after the servers' ids.
 */
export async function resolveNetworkTarget(options: SaveOptions, io: CliIo): Promise<NetworkTarget | null> {
  const config = withHidingFlags(await readConfig(options, io), options);
  const flags = serverFlags(options.server);
  if (!flags.network && config.servers === undefined) return null;
  if (!flags.network && flags.dir !== undefined) {
    throw new CliError(`--server ${flags.dir} names one server, but the configuration lists a network's servers: leave --server out, or give every server as --server id=DIR.`, EXIT.usage);
  }
  const file = options.config ?? io.env.BLOCKSTATS_CONFIG ?? null;
  const servers = flags.network ? flags.servers : config.servers!;
  const { server_dir: _single, ...rest } = config;
  const dataDir = networkDataDir(options, config, servers, io);
  return {
    config: { ...rest, servers, data_dir: dataDir },
    dataDir,
    file: flags.network ? null : file && (isAbsolute(file) ? file : resolve(io.cwd, file)),
    label: flags.network ? (index) => `--server ${servers[index]?.id ?? '?'}=…` : (index) => `servers[${index}]`,
  };
}

import { join } from 'node:path';
import type { ReadLimits } from '@blockstats/core';
import { ConfigError, parseSaveLocation, RemoteSaveError, saveSource, sftpSettings, type NetworkServerDir, type ReferenceConfigFile } from '@blockstats/server/reference';
import { CliError, EXIT } from './errors.js';
import type { CliIo } from './io.js';
import { cliMirrorDir } from './local.js';

/**
 * The folder a query command reads one network server's save from: a local save in place; an
 * `sftp://` one synced first (only what changed) into the CLI's cache, `…/sftp-mirror/<id>`,
 * with the configuration's `sftp` login, as a single `--server sftp://…` is.
 */
export async function networkSaveDir(server: NetworkServerDir, config: ReferenceConfigFile, limits: ReadLimits, io: CliIo): Promise<string> {
  if (!/^sftp:/i.test(server.dir)) return server.dir;
  const location = parseSaveLocation(server.dir, io.cwd);
  if (!location.ok) throw new CliError(`--server ${server.id}=…: ${location.message}`, EXIT.usage);
  try {
    const mirrorBase = join(cliMirrorDir(config.data_dir ?? join(io.cwd, 'network'), io.env), server.id);
    const source = saveSource(location.location, () => ({ settings: sftpSettings(config.sftp, io.env), mirrorBase, limits }));
    await source.prepare();
    return source.dir;
  } catch (error) {
    if (error instanceof ConfigError) throw new CliError(`Invalid configuration: ${error.message}`, EXIT.usage);
    if (error instanceof RemoteSaveError) throw new CliError(`Cannot read server ${server.id}'s save: ${error.message}`, EXIT.failure);
    throw error;
  }
}

import { SaveError } from '@blockstats/core';
import { locateSave } from '@blockstats/core/node';
import { ConfigError, type ConfigIssue } from '../ConfigError.js';
import type { NetworkServerDir } from '../resolveNetworkServers.js';

/**
 * Checks that each local save of a network holds a Minecraft save (a world with level.dat),
 * so a wrong path is a configuration error at start rather than a server missing from the
 * network. An `sftp://` save is checked by its first pull (it may be down at start).
 */
export async function checkSaves(servers: readonly NetworkServerDir[], file: string | null, label: (index: number) => string): Promise<void> {
  const issues: ConfigIssue[] = [];
  for (const [index, server] of servers.entries()) {
    if (/^sftp:/i.test(server.dir)) continue;
    try {
      await locateSave(server.dir);
    } catch (error) {
      if (!(error instanceof SaveError)) throw error;
      issues.push({ key: label(index), message: `${server.dir} holds no Minecraft save: ${error.message}` });
    }
  }
  if (issues.length > 0) throw new ConfigError(file, issues);
}

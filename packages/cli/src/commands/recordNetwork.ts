import { ConfigError, createNetworkServer, DataDirLockedError, silentLogger } from '@blockstats/server/reference';
import { CliError, EXIT } from '../errors.js';
import type { CliIo } from '../io.js';
import type { NetworkTarget } from '../networkTarget.js';
import { note, printJson, shortTime } from '../output.js';

/**
 * `blockstats record` on a network: one pull of every server, all recorded at the same time,
 * each into its own record under `<data>/servers/<id>/` (with its own status ping's online
 * count), exactly as a network `serve` pulls; the network's snapshot is written too, so a
 * `serve` started later answers at once. A server that cannot be read is named and the exit
 * code is 1; the others are recorded.
 */
export async function recordNetwork(target: NetworkTarget, io: CliIo, json: boolean): Promise<void> {
  // Recording looks nothing up: no skins, no Modrinth.
  const config = { ...target.config, skins: { ...target.config.skins, enabled: false }, modrinth: { ...target.config.modrinth, enabled: false }, site: { ...target.config.site, enabled: false } };
  let server;
  try {
    server = await createNetworkServer(config, { log: silentLogger, env: io.env, manualPulls: true, renderPng: null }, { file: target.file, label: target.label, cwd: io.cwd });
  } catch (error) {
    if (error instanceof ConfigError) throw new CliError(`Invalid network: ${error.message}`, EXIT.usage);
    throw error;
  }
  try {
    await server.start();
  } catch (error) {
    await server.close();
    if (error instanceof DataDirLockedError) throw new CliError(`Cannot record: ${error.message}`, EXIT.failure);
    throw error;
  }
  const result = await server.pull();
  const stale = server.health().problems.filter((p) => p.code === 'server_stale').map((p) => p.detail);
  await server.close();
  const servers = config.servers.map((s) => s.id);
  if (json) printJson(io, { at: new Date(result.at).toISOString(), data_dir: target.dataDir, servers, players: result.players, recorded: result.recorded, errors: stale });
  else if (result.recorded) io.stdout.write(`Recorded the pull of ${shortTime(new Date(result.at).toISOString())} of ${servers.join(', ')} into ${target.dataDir}/servers: ${result.players} player${result.players === 1 ? '' : 's'} on the network.\n`);
  for (const detail of stale) note(io, detail);
  if (!result.ok || stale.length > 0) throw new CliError(result.ok ? `${stale.length} server(s) could not be read; the others were recorded.` : `Nothing recorded: ${result.error}`, EXIT.failure);
}

import { SaveError, type ReadLimits } from '@blockstats/core';
import { pullOnce } from '@blockstats/core/node';
import type { ReferenceConfigFile } from '@blockstats/server/reference';
import { createStatusPinger } from '@blockstats/server/live';
import { ConfigError, DataDirLockedError, DEFAULT_EVENT_POOL, lockDataDir, parseSaveLocation, pullLimits, RemoteSaveError, saveSource, sftpSettings, type SaveSource } from '@blockstats/server/reference';
import { join } from 'node:path';
import type { Command } from 'commander';
import { CliError, EXIT } from '../errors.js';
import type { CliIo } from '../io.js';
import { resolveTarget, saveFailure, type SaveOptions } from '../local.js';
import { examples, saveOptions } from '../options.js';
import { note, printJson, shortTime } from '../output.js';
import { addressOption } from './serve.js';
import { resolveNetworkTarget } from '../networkTarget.js';
import { recordNetwork } from './recordNetwork.js';

interface RecordOptions extends SaveOptions {
  json?: boolean;
  javaAddress?: string;
  bedrockAddress?: string;
}

/** The save as a source: read in place, or (sftp://) mirrored into `<data>/sftp-mirror`; a bad location or `sftp` section exits 2. */
function recordSource(serverDir: string, dataDir: string, config: ReferenceConfigFile, limits: ReadLimits, io: CliIo): SaveSource {
  const location = parseSaveLocation(serverDir, io.cwd);
  if (!location.ok) throw new CliError(`Invalid --server: ${location.message}`, EXIT.usage);
  try {
    return saveSource(location.location, () => ({ settings: sftpSettings(config.sftp, io.env), mirrorBase: join(dataDir, 'sftp-mirror'), limits }));
  } catch (error) {
    if (error instanceof ConfigError) throw new CliError(`Invalid configuration: ${error.message}`, EXIT.usage);
    throw error;
  }
}

/** `blockstats record`: one pull appended to the activity record (for cron). */
export function recordCommand(program: Command, io: CliIo): void {
  const command = program
    .command('record')
    .description('Perform one pull: read the save and append every player\'s counters (and the live player count, when a server address is configured) to the activity record. Run it from cron every 15 minutes when `blockstats serve` is not running: the data directory is locked by the process recording into it, so beside a running serve (or another record) it refuses with a message naming that process. Reads within the configuration\'s `limits`. On a network (--server id=DIR repeated, or the configuration\'s servers), one pull of every server, each into its own record under <data>/servers/<id>.')
    .option('--java-address <host[:port]>', 'ping this Java server for the online-player sample', addressOption('--java-address', 25_565))
    .option('--bedrock-address <host[:port]>', 'ping this Bedrock/Geyser port for the sample', addressOption('--bedrock-address', 19_132))
    .option('--json', 'print what was recorded as JSON');
  saveOptions(command, true, false, 'servers'); // the record keeps every player; hiding is for what is served
  examples(command, [
    'blockstats record --server /srv/minecraft --data /var/lib/blockstats',
    'blockstats record --server survival=/srv/survival --server creative=/srv/creative --data /var/lib/blockstats   # a network: one record per server',
    '*/15 * * * * blockstats record --config /etc/blockstats.json   # crontab line',
  ]);
  command.action(async (options: RecordOptions) => {
    const network = await resolveNetworkTarget(options, io);
    if (network) return recordNetwork(network, io, options.json === true);
    const { config, serverDir, dataDir } = await resolveTarget(options, io);
    const java = options.javaAddress ?? config.status?.java ?? config.addresses?.java ?? null;
    const bedrock = options.bedrockAddress ?? config.status?.bedrock ?? config.addresses?.bedrock ?? null;
    const pinger = java || bedrock ? createStatusPinger({ java, bedrock, ...(config.status?.timeout ? { timeoutMs: config.status.timeout } : {}) }) : null;
    // Records only what the weekly events need this week (and the closing week on its first pull).
    const events = {
      timeZone: config.time_zone ?? 'UTC',
      pool: config.events?.pool ?? DEFAULT_EVENT_POOL,
      ...(config.events?.schedule ? { schedule: Object.fromEntries(Object.entries(config.events.schedule).map(([week, id]) => [Number(week), id])) } : {}),
    };
    const limits = pullLimits(config);
    const source = recordSource(serverDir, dataDir, config, limits.read, io);
    let lock;
    try {
      lock = await lockDataDir(dataDir, { onTakeOver: (stale) => note(io, `took over the lock of ${dataDir} left by ${stale ? `pid ${stale.pid} (since ${stale.started})` : 'a process'} that is gone`) });
    } catch (error) {
      if (error instanceof DataDirLockedError) throw new CliError(`Cannot record: ${error.message}`, EXIT.failure);
      throw error;
    }
    let result;
    let synced;
    try {
      // An sftp:// save is mirrored into the data directory first (as `blockstats serve` does).
      synced = await source.prepare();
      result = await pullOnce({
        server: source.dir,
        dataDir,
        limits: limits.read,
        maxRecordFileBytes: limits.dataFileBytes,
        clock: Date.now,
        events,
        ...(pinger ? { online: async () => { const s = await pinger.status(); return s.online ? s.players_online : null; } } : {}),
      });
    } catch (error) {
      if (error instanceof SaveError) throw saveFailure(error, error.message, serverDir);
      if (error instanceof RemoteSaveError) throw new CliError(`Cannot read the save: ${error.message}`, EXIT.failure);
      throw new CliError(`Could not record the pull into ${dataDir}: ${(error as Error).message}`, EXIT.failure);
    } finally {
      await lock.release();
    }
    result.saveWarnings.push(...synced);
    if (options.json) {
      printJson(io, { at: new Date(result.at).toISOString(), file: result.file, players: result.players, online: result.online, data_dir: dataDir, warnings: result.saveWarnings, history: result.history && { day: result.history.recorded?.day ?? null, changed: result.history.recorded?.changed ?? 0, error: result.history.error, warnings: result.history.warnings } });
      return;
    }
    io.stdout.write(`Recorded the pull of ${shortTime(new Date(result.at).toISOString())} into ${dataDir}/${result.file}: ${result.players} player${result.players === 1 ? '' : 's'} changed, online ${result.online ?? 'unknown'}.\n`);
    if (result.saveWarnings.length > 0) note(io, `${result.saveWarnings.length} file(s) skipped: ${result.saveWarnings.slice(0, 3).map((w) => `${w.file} (${w.reason})`).join('; ')}`);
    for (const w of result.history?.warnings ?? []) note(io, `${w.file}: ${w.reason}`);
    if (result.history?.error) note(io, `the stat history could not be written (${result.history.error}); the day stays open and is written at a later pull`);
  });
}

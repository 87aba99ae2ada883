import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, rmSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadRecord } from '@blockstats/core/node';
import { createReferenceServer, DataDirLockedError, formatDuration, jsonLogger, parseDuration, type LogLevel, type ReferenceServer, type ReferenceServerConfig } from '@blockstats/server/reference';
import { parseAddress } from '@blockstats/server/live';
import { InvalidArgumentError, type Command } from 'commander';
import { CliError, EXIT } from '../errors.js';
import type { CliIo } from '../io.js';
import { resolveTarget, type SaveOptions } from '../local.js';
import { examples, saveOptions, wholeNumber } from '../options.js';
import { colors } from '../output.js';
import { demoClock } from '../demo-clock.js';
import { resolveNetworkTarget } from '../networkTarget.js';
import { applyServeFlags, type ServeFlags } from './applyServeFlags.js';
import { createNetworkForServe } from './serveNetwork.js';

interface ServeOptions extends SaveOptions, ServeFlags {
  host?: string;
  port?: number;
  verbose?: boolean;
  quiet?: boolean;
}

/**
 * How long `serve` waits for the first pull of a save with nothing persisted before it listens
 * anyway (503 with Retry-After until the pull is done).
 */
export const FIRST_PULL_WAIT_MS = 30_000;

/**
 * Ends the process at once, as `signal` does by default: `process.exit` runs Node's exit path,
 * which waits for every thread, and a thread stuck in a file-system call (a hung network mount)
 * would keep it waiting forever; the signal's default action does not wait for anything.
 */
function dieBySignal(signal: NodeJS.Signals): void {
  process.removeAllListeners(signal);
  if (process.platform === 'win32') process.exit(EXIT.interrupted);
  process.kill(process.pid, signal);
  // Not reached where the signal's default action is to end the process.
  setTimeout(() => process.kill(process.pid, 'SIGKILL'), 1_000).unref();
}

/** Commander parser for `HOST[:PORT]` flags, with the pinger's own rules. */
export function addressOption(flag: string, defaultPort: number) {
  return (value: string): string => {
    try {
      parseAddress(value, defaultPort);
    } catch (error) {
      throw new InvalidArgumentError(`${flag} ${(error as Error).message}.`);
    }
    return value;
  };
}

function durationOption(value: string): number {
  const ms = parseDuration(value);
  if (ms === null) throw new InvalidArgumentError('must be a duration such as 30s, 15m or 6h.');
  if (ms < 1_000) throw new InvalidArgumentError('must be at least 1s.');
  return ms;
}

function urlOption(value: string): string {
  if (!/^https?:\/\/[^\s/]+/i.test(value) || !URL.canParse(value)) throw new InvalidArgumentError('must be an absolute http(s) URL.');
  return value.replace(/\/+$/, '');
}

/** The repository checkout this CLI runs from, when it does (`npm start`), else null. */
export function repoRoot(from = fileURLToPath(import.meta.url)): string | null {
  let dir = dirname(from);
  for (let i = 0; i < 8; i++) {
    if (existsSync(join(dir, 'examples', 'generate-demo-server.ts')) && existsSync(join(dir, 'package.json'))) return dir;
    const parent = dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  return null;
}

/** Runs one of the repository's example scripts through tsx (a dev dependency of the checkout). */
function runExample(repo: string, script: string, args: readonly string[]): void {
  const result = spawnSync(process.execPath, ['--import', 'tsx', join(repo, 'examples', script), ...args], {
    cwd: repo,
    stdio: ['ignore', 'ignore', 'pipe'],
    encoding: 'utf8',
  });
  if (result.status !== 0) {
    throw new CliError(`examples/${script} failed (exit ${result.status ?? result.signal}):\n${(result.stderr ?? '').trim()}`, EXIT.failure);
  }
}

/**
 * The bundled demo server (`examples/demo-server`, generated on first use) and its 45-day demo
 * record and 180-day stat history in the data directory, when running from the repository; null otherwise.
 */
async function prepareDemo(io: CliIo): Promise<string | null> {
  const repo = repoRoot();
  if (!repo) return null;
  const dir = join(repo, 'examples', 'demo-server');
  if (!existsSync(join(dir, 'server.properties'))) {
    io.stderr.write('Generating the demo server in examples/demo-server (once)…\n');
    runExample(repo, 'generate-demo-server.ts', ['--out', dir, '--if-missing']);
  }
  return dir;
}

/**
 * Fills `<data>/record` and `<data>/history` with the demo record and stat history the first
 * time the demo is served: copies of the ones `npm install` generated (`examples/demo-record`),
 * else generated now. Each is left alone once there (a history served before is never replaced),
 * unless the prepared record is of another demo (the demo server was generated again, for
 * another "now": its first pull differs): then both are copied anew.
 */
/** Whether the demo record in `dataDir` began elsewhere than the prepared one (`prepared`): another demo's. */
async function recordOfAnotherDemo(dataDir: string, prepared: string): Promise<boolean> {
  if (!existsSync(join(dataDir, 'record')) || !existsSync(join(prepared, 'record'))) return false;
  const [served, fresh] = await Promise.all([loadRecord(dataDir), loadRecord(prepared)]);
  const first = served.record.times[0];
  return first !== undefined && fresh.record.times[0] !== undefined && first !== fresh.record.times[0];
}

async function prepareDemoRecord(io: CliIo, serverDir: string, dataDir: string): Promise<void> {
  const repo = repoRoot();
  if (!repo) return;
  const prepared = join(repo, 'examples', 'demo-record');
  const bundled = serverDir === join(repo, 'examples', 'demo-server');
  if (bundled && (await recordOfAnotherDemo(dataDir, prepared))) {
    io.stderr.write(`The demo server was generated again: its record and stat history in ${dataDir} start again from the prepared ones.\n`);
    for (const part of ['record', 'history']) rmSync(join(dataDir, part), { recursive: true, force: true });
  }
  const missing = ['record', 'history'].filter((part) => !existsSync(join(dataDir, part)));
  if (missing.length === 0) return;
  if (bundled && missing.every((part) => existsSync(join(prepared, part)))) {
    for (const part of missing) cpSync(join(prepared, part), join(dataDir, part), { recursive: true });
    return;
  }
  if (!existsSync(join(repo, 'examples', 'generate-demo-record.ts'))) return;
  io.stderr.write(`Generating the demo activity record and stat history in ${dataDir} (once)…\n`);
  runExample(repo, 'generate-demo-record.ts', ['--server', serverDir, '--data', dataDir, '--if-missing']);
}

/** `blockstats serve`: the reference server. */
export function serveCommand(program: Command, io: CliIo): void {
  const command = program
    .command('serve')
    .description('Serve the website and the /v1 API over HTTP, re-reading the save on a schedule (default every 15 minutes). A network of servers is served with --server id=DIR (or id=sftp://…) repeated, or the configuration\'s servers list: each server pulled and recorded under <data>/servers/<id>, the API answering for the network and, with ?server=<id>, for each server. Without --server (and no server_dir in the configuration) it serves the bundled demo server of a repository checkout. PNG cards are drawn on worker threads behind a bounded queue (configuration key png: threads, queue, per_client, cache, timeout); when it is full a card answers 503 with Retry-After.')
    .option('--host <host>', 'interface to listen on (default 0.0.0.0, or the configuration\'s listen.host)')
    .option('-p, --port <port>', 'TCP port, 0 for any free one (default $PORT, else the configuration\'s, else 8080)', wholeNumber(0, 65_535))
    .option('--refresh <duration>', 'time between pulls: 30s, 15m, 6h (default 15m)', durationOption)
    .option('--rate-limit <n>', 'requests per minute per client, 0 = off (default 240)', wholeNumber(0, 1_000_000))
    .option('--java-address <host[:port]>', 'the Java server\'s address: published in /v1/server and pinged for /v1/status', addressOption('--java-address', 25_565))
    .option('--bedrock-address <host[:port]>', 'the Bedrock (Geyser) address: published and pinged', addressOption('--bedrock-address', 19_132))
    .option('--base-url <url>', 'public base URL for absolute links, e.g. https://stats.example.net', urlOption)
    .option('--no-site', 'serve the /v1 API only, without the website (or site.enabled: false in the configuration)')
    .option('-v, --verbose', 'log every request and pull (the default when stdout is not a terminal)')
    .option('-q, --quiet', 'log only warnings and errors (the default on a terminal)');
  saveOptions(command, true, true, 'servers');
  examples(command, [
    'blockstats serve --server /srv/minecraft --data /var/lib/blockstats --port 8080',
    'blockstats serve --server survival=/srv/survival --server skyblock=sftp://stats@panel.example.net:2022/skyblock --data /var/lib/blockstats   # a network',
    'blockstats serve --config /etc/blockstats.json',
    'blockstats serve --server . --refresh 5m --rate-limit 0 --java-address play.example.net',
    'blockstats serve --server /srv/minecraft --exclude-ops --hide Notch   # banned players are left out by default',
    'blockstats serve --config /etc/blockstats.json --no-site   # the API only',
    'npm start   # in a checkout: the demo server, generated on first use',
  ]);
  command.action(async (options: ServeOptions) => {
    const network = await resolveNetworkTarget(options, io);
    let demo = false;
    const target = network ? { config: network.config, serverDir: network.config.servers.map((s) => `${s.id}=${s.save}`).join(' '), dataDir: network.dataDir } : await resolveTarget(options, io, async () => {
      const dir = await prepareDemo(io);
      if (!dir) {
        throw new CliError('blockstats serve needs the Minecraft server directory: --server DIR (or server_dir in --config, or $BLOCKSTATS_SERVER).', EXIT.usage);
      }
      demo = true;
      return dir;
    });
    if (demo) await prepareDemoRecord(io, target.serverDir, target.dataDir);
    // A typo in the path is a usage error; a world that is missing or half-copied later is not
    // (the server then keeps its last snapshot and reports degraded health).
    const info = network || /^sftp:\/\//i.test(target.serverDir) ? null : statSync(target.serverDir, { throwIfNoEntry: false });
    if (info !== null && !info?.isDirectory()) {
      throw new CliError(`${info ? 'Not a directory' : 'No such directory'}: ${target.serverDir}\nGive the Minecraft server directory with --server DIR (or server_dir in --config).`, EXIT.usage);
    }
    const { config } = target;

    const envPort = io.env.PORT;
    if (options.port === undefined && envPort !== undefined && envPort !== '' && !/^\d{1,5}$/.test(envPort)) {
      throw new CliError(`PORT must be a port number, got "${envPort}".`, EXIT.usage);
    }
    const port = options.port ?? (envPort ? Number(envPort) : undefined) ?? config.listen?.port ?? 8080;
    const host = options.host ?? config.listen?.host ?? '0.0.0.0';
    const merged: ReferenceServerConfig = {
      ...applyServeFlags(config, options),
      server_dir: target.serverDir,
      data_dir: target.dataDir,
      // The demo's players are made up: never look them up at Mojang, GeyserMC or Modrinth. Its
      // name is the one examples/demo gives it (the save's level name is just "world").
      ...(demo ? { skins: { enabled: false, ...config.skins }, modrinth: { enabled: false, ...config.modrinth }, name: config.name ?? 'Hearthvale SMP', short_name: config.short_name ?? 'Hearthvale' } : {}),
    };

    const tty = Boolean(io.stdout.isTTY);
    const level: LogLevel = options.verbose ? 'info' : options.quiet || tty ? 'warn' : 'info';
    const log = jsonLogger(io.stdout, { level });
    // The demo runs on demo time, continuing from its generated record (see demoClock).
    const clock = demo ? await demoClock(target.dataDir, merged.schedule?.refresh ?? 15 * 60_000) : undefined;
    let server: ReferenceServer;
    if (network) server = (await createNetworkForServe(network, options, io, log)).server;
    else {
      try {
        server = createReferenceServer(merged, { log, env: io.env, ...(clock ? { clock } : {}) });
      } catch (error) {
        throw new CliError(`Invalid configuration: ${(error as Error).message}`, EXIT.usage);
      }
    }
    // Until it listens (the first pull may take minutes on a big save), a signal stops it here,
    // saying so and what it gives up; Node's default would end the process without a line.
    const startedAt = Date.now();
    let pulling = false;
    let stoppedEarly: Promise<void> | null = null;
    const stopEarly = (signal: NodeJS.Signals) => {
      if (stoppedEarly) {
        log.log('warn', 'shutdown_forced', { signal });
        log.flush?.();
        dieBySignal(signal);
        return;
      }
      log.log('info', 'shutdown', {
        signal,
        abandoned: pulling
          ? `the first pull, reading the save for ${Math.round((Date.now() - startedAt) / 1000)} s: nothing of it is served or recorded`
          : 'the start (nothing pulled yet)',
      });
      log.flush?.();
      stoppedEarly = server.close().then(() => {
        const { abandoned } = server.health();
        log.log(abandoned > 0 ? 'warn' : 'info', 'stopped', abandoned > 0 ? { abandoned_pulls: abandoned, hint: 'exiting at once: a pull is stuck reading the save' } : {});
        log.flush?.();
        // A reading stuck in the file system holds a thread that a normal exit would wait for.
        if (abandoned > 0) dieBySignal(signal);
      });
    };
    process.on('SIGTERM', stopEarly);
    process.on('SIGINT', stopEarly);
    const stillStarting = () => {
      process.off('SIGTERM', stopEarly);
      process.off('SIGINT', stopEarly);
      return stoppedEarly;
    };
    try {
      await server.start();
    } catch (error) {
      stillStarting();
      if (error instanceof DataDirLockedError) throw new CliError(`Cannot serve: ${error.message}`, EXIT.failure);
      throw error;
    }
    pulling = true; // start() has begun the first pull
    if (server.snapshot() === null && !stoppedEarly) {
      // First start (nothing persisted): answer only once there is data, rather than 503s; but
      // listen after FIRST_PULL_WAIT_MS whatever the pull is doing (503 with Retry-After until
      // it is done), so a slow or stuck save never keeps the port closed.
      if (tty) io.stderr.write('Reading the save for the first time…\n');
      let waited: ReturnType<typeof setTimeout> | undefined;
      const first = await Promise.race([server.pull(), new Promise<null>((resolve) => (waited = setTimeout(resolve, FIRST_PULL_WAIT_MS, null)))]);
      clearTimeout(waited);
      if (stoppedEarly) {
        // Stopped mid-pull: not an error of the pull's, and nothing more to say.
      } else if (first === null) log.log('warn', 'first_pull_slow', { waited_ms: FIRST_PULL_WAIT_MS, hint: 'listening now; serving 503 until the pull is done' });
      else if (!first.ok) log.log('error', 'first_pull_failed', { error: first.error, hint: 'serving 503 until a pull succeeds' });
    }
    const early = stillStarting();
    if (early) {
      await early;
      return;
    }
    let listening;
    try {
      listening = await server.listen({ host, port });
    } catch (error) {
      await server.close();
      const code = (error as NodeJS.ErrnoException).code;
      const why = code === 'EADDRINUSE' ? `port ${port} is already in use` : code === 'EACCES' ? `no permission to listen on port ${port}` : (error as Error).message;
      throw new CliError(`Cannot listen on ${host}:${port}: ${why}.`, EXIT.failure);
    }
    const refresh = merged.schedule?.refresh ?? 15 * 60_000;
    log.log('info', 'listening', {
      url: listening.url,
      host,
      port: listening.port,
      ...(network ? { servers: network.config.servers.map((s) => s.id) } : { server_dir: target.serverDir }),
      data_dir: target.dataDir,
      refresh: formatDuration(refresh),
      demo,
    });
    if (tty) {
      const { err } = colors(io);
      const where = merged.site?.enabled === false ? `${err.paint('cyan', `${listening.url}/v1`)}` : `${err.paint('cyan', `${listening.url}/`)} (API: ${listening.url}/v1)`;
      io.stderr.write(`${err.paint('bold', 'blockstats')} serving ${demo ? 'the demo server' : network ? `the network of ${network.config.servers.map((s) => s.id).join(', ')}` : target.serverDir} at ${where}\n`);
      io.stderr.write(err.paint('dim', `  data: ${target.dataDir}; re-reading every ${formatDuration(refresh)}; Ctrl-C to stop. Add --verbose to see every request.\n`));
    }

    await new Promise<void>((resolve) => {
      let stopping = false;
      const stop = (signal: NodeJS.Signals) => {
        if (stopping) {
          log.log('warn', 'shutdown_forced', { signal });
          log.flush?.(); // the shutdown_forced line
          dieBySignal(signal);
          return;
        }
        stopping = true;
        log.log('info', 'shutdown', { signal });
        // Bounded: close() waits for nothing longer than its grace period.
        void server.close().then(() => {
          const { abandoned } = server.health();
          if (abandoned > 0) {
            // A reading stuck in the file system holds a thread that a normal exit would wait for.
            log.log('warn', 'stopped', { abandoned_pulls: abandoned, hint: 'exiting at once: a pull is stuck reading the save' });
            log.flush?.();
            dieBySignal(signal);
            return;
          }
          log.log('info', 'stopped', {});
          process.off('SIGTERM', stop);
          process.off('SIGINT', stop);
          resolve();
        });
      };
      process.on('SIGTERM', stop);
      process.on('SIGINT', stop);
    });
  });
}

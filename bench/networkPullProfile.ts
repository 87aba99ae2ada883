// The network's 1 %-changed pull in this process (issue 38), to see where it goes: the network
// server `blockstats serve` runs (createNetworkServer, its last server over SFTP on loopback) on
// a generated network, a first pull, then `pulls` pulls each after 1 % of every server's
// players were rewritten (as bench/networkAlone.ts does), each printed as its log line's phases,
// its prepare's steps and the process's CPU time over the pull (every thread: the parse workers
// too). With `--prof FILE`, a CPU profile of the measured pulls only (not the first one), for
// `node bench/profileTop.mjs FILE`. Loaded with bench/externalProbe.mjs, it prints the typed-array
// bytes each measured pull allocated on the main thread, by site. Uses `--work` as bench/networkAlone.ts does: a FULL copy
// (the changed players are rewritten in place and restored at the end).
//
//   node --conditions=source --import tsx bench/networkPullProfile.ts --work /work/bench-work-x [--pulls 3] [--slots 10000] [--prof /tmp/net.cpuprofile]

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createNetworkServer, type NetworkServerConfig } from '../packages/server/src/reference/network/createNetworkServer.js';
import type { Logger } from '../packages/server/src/reference/logger.js';
import { validateConfig } from '../packages/server/src/reference/validateConfig.js';
import { ensureNetwork } from './generate/generate-network.js';
import { DEFAULT_SEED } from './generate/generate-save.js';
import { sftpConfig, sftpUrl, startLoopbackSftp } from './lib/loopbackSftp.js';
import { threadsCpu } from './lib/threadsCpu.js';
import { writePlayers } from './pull.js';

const { values: args } = parseArgs({ options: { work: { type: 'string' }, pulls: { type: 'string' }, slots: { type: 'string' }, prof: { type: 'string' } } });
if (!args.work) throw new Error('usage: networkPullProfile.ts --work DIR [--pulls 3] [--slots 10000] [--prof FILE]');
const pulls = Number(args.pulls ?? 3);
const slots = Number(args.slots ?? 10_000);
const say = (line: string): void => void process.stderr.write(`${line}\n`);

const network = await ensureNetwork(args.work, { servers: 5, slotsPerServer: slots, shared: 0.6 }, { seed: DEFAULT_SEED, log: say });
const writers = network.servers.map((server) => {
  const file = join(args.work!, `network-writer-${server.id}.json`);
  writeFileSync(file, JSON.stringify(server));
  return `@${file}`;
});
const ssh = await startLoopbackSftp();
const dataDir = mkdtempSync(join(args.work, 'profile-data-'));
const remote = network.servers[network.servers.length - 1]!.id;
// Validated as `serve` validates its configuration file (fingerprints as lists, durations in ms).
const config = {
  ...validateConfig({ ...sftpConfig(ssh), skins: { enabled: false }, modrinth: { enabled: false } }),
  data_dir: dataDir,
  servers: network.servers.map((s) => ({ id: s.id, save: s.id === remote ? sftpUrl(ssh, s.dir) : s.dir })),
} as NetworkServerConfig;
let mark = threadsCpu();
/** CPU since the last lap: the main thread's and the others'. */
function cpuLap(): string {
  const now = threadsCpu();
  const text = `main ${now.main - mark.main} ms, other threads ${now.all - now.main - (mark.all - mark.main)} ms`;
  mark = now;
  return text;
}
const log: Logger = {
  log(_level, event, fields = {}) {
    if (event === 'pull' && fields.network) say(`network pull ${fields.duration_ms} ms ${JSON.stringify(fields.phases_ms)} (after servers: ${cpuLap()})`);
    else if (event === 'pull' && fields.ok) say(`  ${fields.server}: ${fields.duration_ms} ms ${JSON.stringify(fields.phases_ms)} parsed ${fields.files_parsed} (${cpuLap()})`);
    else if (event === 'sync') say(`  sync ${JSON.stringify(fields)}`);
    else if (event === 'shared_prepared') say(`  prepared ${fields.duration_ms} ms ${JSON.stringify(fields.steps_cpu_ms)}`);
    else if (event === 'pull' || level(_level)) say(`  ${event} ${JSON.stringify(fields)}`);
  },
};
function level(l: string): boolean {
  return l === 'warn' || l === 'error';
}
const cpuMs = (): number => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
/** Once this process used under 5 % of a core for a second (the last pull's background writes done), as the bench's waitIdle. */
async function idle(): Promise<void> {
  for (let i = 0; i < 300; i++) {
    const before = cpuMs();
    await sleep(1000);
    if (cpuMs() - before < 50) return;
  }
}

/** bench/externalProbe.mjs's counter of typed-array bytes, when loaded (`--import ./bench/externalProbe.mjs`). */
const probe = (globalThis as { __externalProbe?: { take(): unknown } }).__externalProbe;
// Pulls are driven here, but the SFTP connection is kept between them as `serve` keeps it (twice its
// 15-minute refresh): manual pulls alone would reconnect at every pull.
const server = await createNetworkServer(config, { log, manualPulls: true, sftpKeepOpenMs: 30 * 60_000 });
const session = args.prof ? new Session() : null;
session?.connect();
await session?.post('Profiler.enable');
const profiles: unknown[] = [];
try {
  await server.start();
  let begin = performance.now();
  await server.pull();
  say(`first pull ${Math.round(performance.now() - begin)} ms`);
  for (let i = 1; i <= pulls; i++) {
    await Promise.all(writers.map((w) => writePlayers(w, i)));
    // The last pull's deferred writes and collection run in the quiet moment before this one.
    await idle();
    if (session) {
      await session.post('Profiler.setSamplingInterval', { interval: 500 });
      await session.post('Profiler.start');
    }
    probe?.take();
    const cpu = cpuMs();
    cpuLap();
    begin = performance.now();
    const result = await server.pull();
    say(`pull ${i}: ${Math.round(performance.now() - begin)} ms, CPU ${Math.round(cpuMs() - cpu)} ms, ok ${result.ok}, changed ${result.changed}`);
    if (probe) say(`  typed arrays allocated: ${JSON.stringify(probe.take(), null, 1)}`);
    if (session) profiles.push((await session.post('Profiler.stop')).profile);
  }
} finally {
  await Promise.all(writers.map((w) => writePlayers(w, 0)));
  await server.close({ graceMs: 1000 });
  await ssh.close();
  rmSync(dataDir, { recursive: true, force: true });
}
if (args.prof) writeFileSync(args.prof, JSON.stringify(profiles));
process.exit(0);

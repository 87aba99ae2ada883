import { spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import {
  NORMAL_CLIENT_ADDRESSES,
  normalClient,
  openFiles,
  probeOnce,
  rssMiB,
  rssSampler,
  spawnAttack,
  type AttackSpec,
  type ChildReport,
  type ProbeReport,
} from '../test/support/attacks.js';
import { REPO_ROOT } from '../test/support/repo.js';
import { startServe } from '../test/support/serveProcess.js';

// `npm run soak`: the issue 14 attacks at the scale against the built server
// (`node packages/cli/dist/bin.js serve` on the demo server, HTTP limits at their defaults), one
// fresh server per attack, a normal client asking `/v1/players` every 100 ms throughout. Prints
// the server's peak RSS and open files and the normal client's latency during each attack.
// Loopback only. Not part of `npm test`: it takes about two minutes and loads the machine.

const HELP = `Usage: npm run soak -- [options]

  --only <list>     attacks to run: pipeline, slow, flood (default all)
  --seconds <n>     how long the pipelining and flood attacks run (default 20); the slow
                    clients run at least 45 s, so that readers that stop reading meet the
                    default idle_timeout (30 s)
  --skip-build      use the packages' dist as it is (default: npm run build first)
  --json <file>     also write the results as JSON
  -h, --help        this text

The flood and slow attackers run under a raised \`ulimit -n\` (65,536 when allowed, else the
hard limit; in a shell for those processes only): 20,000 connections need more descriptors than
most defaults. The server keeps the limit it is started with: bounding what it holds is the point.`;

/**
 * File descriptors the attacker processes ask for: 20,000 connections need more than most
 * defaults. 65,536 when allowed (root with CAP_SYS_RESOURCE), else as far as the hard limit goes.
 */
const ATTACKER_FILES = 65_536;
const RAISED = ['sh', '-c', `ulimit -n ${ATTACKER_FILES} 2>/dev/null || ulimit -n "$(ulimit -Hn)"; exec "$@"`, 'sh'];

interface SoakResult {
  attack: string;
  description: string;
  seconds: number;
  attacker: ChildReport;
  rss: { baselineMiB: number; peakMiB: number };
  openFiles: { baseline: number; peak: number };
  normal: ProbeReport;
  serverAlive: boolean;
}

const { values } = parseArgs({
  options: {
    only: { type: 'string' },
    seconds: { type: 'string' },
    'skip-build': { type: 'boolean' },
    json: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  },
});
if (values.help) {
  console.log(HELP);
  process.exit(0);
}
const seconds = values.seconds === undefined ? 20 : Number(values.seconds);
if (!Number.isFinite(seconds) || seconds < 1) throw new Error('--seconds must be a number of seconds ≥ 1');
const only = new Set((values.only ?? 'pipeline,slow,flood').split(',').map((s) => s.trim()));
for (const name of only) if (!['pipeline', 'slow', 'flood'].includes(name)) throw new Error(`--only: unknown attack "${name}"`);

const log = (text: string) => process.stderr.write(`${text}\n`);
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

if (!values['skip-build']) {
  log('npm run build …');
  const built = spawnSync('npm', ['run', 'build'], { cwd: REPO_ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  if (built.status !== 0) throw new Error('npm run build failed');
}

const work = await mkdtemp(join(tmpdir(), 'blockstats-soak-'));
const config = join(work, 'blockstats.json');
// The demo's made-up players are never looked up; the HTTP limits keep their defaults.
await writeFile(config, JSON.stringify({ skins: { enabled: false }, modrinth: { enabled: false } }));
const demo = join(REPO_ROOT, 'examples', 'demo-server');
// `npm install` generates it; a checkout without it gets it now (as `npm start` would).
spawnSync(process.execPath, ['--import', 'tsx', join(REPO_ROOT, 'examples', 'generate-demo-server.ts'), '--out', demo, '--if-missing'], { cwd: REPO_ROOT, stdio: 'inherit' });

/** Runs one attack against a fresh built server; resolves with what was measured. */
async function soak(attack: string, description: string, spec: (port: number) => AttackSpec, runSeconds: number, wrap?: readonly string[]): Promise<SoakResult> {
  log(`${attack}: starting the built server …`);
  const served = await startServe(['--server', demo, '--data', join(work, `data-${attack}`), '--config', config], { command: 'built' });
  try {
    const target = { host: '127.0.0.1', port: served.port };
    for (const path of ['/openapi.json', '/v1/players']) await probeOnce(target, path, { localAddress: '127.0.0.90' });
    const baselineMiB = rssMiB(served.pid) ?? 0;
    const baselineFiles = openFiles(served.pid) ?? 0;
    let peakFiles = baselineFiles;
    const files = setInterval(() => {
      peakFiles = Math.max(peakFiles, openFiles(served.pid) ?? 0);
    }, 100);
    const rss = rssSampler(served.pid);
    const probe = normalClient(target, '/v1/players', { everyMs: 100, localAddresses: NORMAL_CLIENT_ADDRESSES, timeoutMs: 30_000 });
    log(`${attack}: ${description} for ${runSeconds} s …`);
    const running = await spawnAttack(spec(served.port), wrap ? { wrap } : {});
    await wait(runSeconds * 1000);
    const attacker = await running.stop();
    const normal = await probe.stop();
    clearInterval(files);
    const result: SoakResult = {
      attack,
      description,
      seconds: runSeconds,
      attacker,
      rss: { baselineMiB, peakMiB: rss.stop() },
      openFiles: { baseline: baselineFiles, peak: peakFiles },
      normal,
      serverAlive: served.child.exitCode === null && (await probeOnce(target, '/v1/health', { localAddress: '127.0.0.91' })).status === 200,
    };
    log(`${attack}: ${JSON.stringify(result)}`);
    return result;
  } finally {
    await served.stop();
  }
}

const results: SoakResult[] = [];
log(`machine: ${availableParallelism()} cores, load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);
if (only.has('pipeline')) {
  results.push(await soak('pipeline', '400 connections × 5,000 pipelined GET /openapi.json from one address, never read, reconnecting',
    (port) => ({ kind: 'pipeline', target: { host: '127.0.0.1', port }, connections: 400, requests: 5_000, path: '/openapi.json', reconnect: true }), seconds));
}
if (only.has('slow')) {
  // Spread over 20 addresses: the timeouts cut them, not the per-address cap.
  const addresses = Array.from({ length: 20 }, (_, i) => `127.0.1.${i + 1}`);
  results.push(await soak('slow', '1,000 slowloris (a header byte every 500 ms) and 1,000 slow readers (GET /openapi.json, never read) from 20 addresses, reconnecting',
    (port) => ({ kind: 'slow', target: { host: '127.0.0.1', port }, count: 1_000, readers: 1_000, byteEveryMs: 500, path: '/openapi.json', reconnect: true, localAddresses: addresses }),
    Math.max(seconds, 45), RAISED));
}
if (only.has('flood')) {
  results.push(await soak('flood', '20,000 idle connections from one address',
    (port) => ({ kind: 'connections', target: { host: '127.0.0.1', port }, count: 20_000, parallel: 500 }), seconds, RAISED));
}
await rm(work, { recursive: true, force: true });

console.log(`\nSoak on ${availableParallelism()} cores (load average at the end ${loadavg().map((l) => l.toFixed(1)).join(' ')}), built server, default HTTP limits:\n`);
console.log('| attack | server peak RSS (baseline) | peak open files (baseline) | normal client p50 / p99 / max | normal requests (failed) | attacker connections (closed by server) | server up after |');
console.log('|---|---|---|---|---|---|---|');
for (const r of results) {
  console.log(`| ${r.description}, ${r.seconds} s | ${r.rss.peakMiB} MiB (${r.rss.baselineMiB}) | ${r.openFiles.peak} (${r.openFiles.baseline}) | ${r.normal.p50} / ${r.normal.p99} / ${r.normal.max} ms | ${r.normal.requests} (${r.normal.failures}) | ${r.attacker.opened.toLocaleString('en')} (${r.attacker.closedByServer.toLocaleString('en')}) | ${r.serverAlive ? 'yes' : 'NO'} |`);
}
if (values.json) await writeFile(values.json, `${JSON.stringify(results, null, 2)}\n`);
if (results.some((r) => !r.serverAlive || r.normal.failures > 0)) process.exitCode = 1;

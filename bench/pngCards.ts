import { mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { NORMAL_CLIENT_ADDRESSES, normalClient, probeOnce, rssSampler, spawnAttack, type ProbeReport } from '../test/support/attacks.js';
import { REPO_ROOT } from '../test/support/repo.js';
import { startServe } from '../test/support/serveProcess.js';

// Issue 40's measurement, by hand (not in `npm test`): the built `blockstats serve` on the demo
// server with its defaults while N clients, each its own loopback address and within the rate
// limit (one request at a time, at most 4 a second), ask for PNG cards nobody asked for before;
// meanwhile `/v1/health` and `/v1/stats/jump` are asked every 50 ms on fresh connections.
// `--bin` points at another checkout's packages/cli/dist/bin.js, or its src/bin.ts (run through
// tsx), to measure the code before a change.
// test/adversarial/http/png-cards.test.ts asserts the same at a fixed size.

/**
 * The card clients run at the lowest priority: on this one machine they stand for clients on
 * others, and must not take the CPU the server needs from it.
 */
const ATTACKER_WRAP = ['nice', '-n', '19'];

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '12' },
    clients: { type: 'string', default: '32' },
    bin: { type: 'string' },
    idle: { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h', default: false },
  },
});
if (values.help) {
  console.log(`Usage: node --import tsx bench/pngCards.ts [--seconds 12] [--clients 32] [--bin path/to/cli/dist/bin.js|src/bin.ts] [--idle]

  --idle   no card clients: the probes' latency on the idle server, for comparison`);
  process.exit(0);
}
const seconds = Number(values.seconds);
const clients = Number(values.clients);

const work = await mkdtemp(join(tmpdir(), 'blockstats-png-bench-'));
const served = await startServe(['--server', join(REPO_ROOT, 'examples/demo-server'), '--data', join(work, 'data')], values.bin ? { bin: resolve(values.bin), ...(values.bin.endsWith('.ts') ? { nodeFlags: ['--conditions=source', '--import', 'tsx'] } : {}) } : { command: 'built' });
try {
  const target = { host: '127.0.0.1', port: served.port };
  const list = (await (await fetch(`${served.url}/v1/players?limit=500`)).json()) as { data: Array<{ name: string | null; uuid: string }> };
  const players = list.data.map((p) => p.name ?? p.uuid);
  for (const path of [`/v1/card/player/${encodeURIComponent(players[0]!)}.png`, '/v1/health', '/v1/stats/jump']) {
    await probeOnce(target, path, { localAddress: '127.0.0.90', timeoutMs: 30_000 });
  }
  const rss = rssSampler(served.pid);
  const health = normalClient(target, '/v1/health', { everyMs: 50, localAddresses: NORMAL_CLIENT_ADDRESSES.slice(0, 20) });
  const board = normalClient(target, '/v1/stats/jump', { everyMs: 50, localAddresses: NORMAL_CLIENT_ADDRESSES.slice(20) });
  const attack = values.idle
    ? null
    : await spawnAttack({ kind: 'cards', target, clients, everyMs: 250, players, localAddresses: Array.from({ length: clients }, (_, i) => `127.0.${1 + Math.floor(i / 250)}.${1 + (i % 250)}`) }, { wrap: ATTACKER_WRAP });
  await new Promise((done) => setTimeout(done, seconds * 1000));
  const cards = await attack?.stop();
  const [h, b] = await Promise.all([health.stop(), board.stop()]);
  const line = (name: string, r: ProbeReport) => `${name}: ${r.requests} requests, p50 ${r.p50} ms, p99 ${r.p99} ms, max ${r.max} ms, ${JSON.stringify(r.statuses)}`;
  console.log(`${availableParallelism()} cores, load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}; ${values.bin ?? 'this build'}; ${seconds} s`);
  if (cards) console.log(`cards (${clients} clients): ${cards.opened} asked, ${(cards.opened / seconds).toFixed(0)}/s, ${JSON.stringify(cards.statuses)}, ${cards.closedByServer} connection errors`);
  console.log(line('/v1/health', h));
  console.log(line('/v1/stats/jump', b));
  const replaced = served.lines.filter((l) => l.event === 'png_worker_replaced');
  console.log(`server peak RSS ${rss.stop()} MiB; PNG workers replaced: ${replaced.length} ${replaced.slice(0, 3).map((l) => JSON.stringify(l)).join(' ')}`);
} finally {
  await served.stop();
  await rm(work, { recursive: true, force: true });
}

// The Worker example at 50,000 players (issue 42): a split snapshot (`blockstats snapshot
// --split`) measured as the Worker meets it. Shard sizes (stored gzip and decompressed, against
// KV's 25 MiB a value); the Worker's retained memory in Node (the split view of `meta`, a full
// shard cache, the router's memo) against an isolate's 128 MB, with the KV reads and CPU each route
// kind costs; then the same routes from `wrangler dev` (workerd, local KV): first and warm latency.
//
//   node --expose-gc --import tsx bench/worker50k.ts --split /work/bench-work-x/split [--no-workerd]
//
// The split directory comes from `blockstats snapshot --server <save> --split <dir>`.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { gunzipSync } from 'node:zlib';
import { execFileSync } from 'node:child_process';
import { createRouter } from '@blockstats/server';
import { routerOptions, type Env } from '../examples/worker/src/index.js';
import { readSplitView } from '../examples/worker/src/readSplitView.js';
import { ReplayRandom } from '../examples/worker/src/ReplayRandom.js';
import { RetryRateLimitStore } from '../examples/worker/src/RetryRateLimitStore.js';
import { ShardCache } from '../examples/worker/src/ShardCache.js';
import { serveSplit } from '../examples/worker/src/serveSplit.js';
import type { SplitView } from '../examples/worker/src/splitView.js';
import type { Snapshot } from '@blockstats/core';

const { values: args } = parseArgs({ options: { split: { type: 'string' }, 'no-workerd': { type: 'boolean' }, 'cache-mb': { type: 'string', default: '24' } } });
if (!args.split) throw new Error('--split <dir> is required (the output of blockstats snapshot --split)');
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with node --expose-gc');
const ORIGIN = 'http://stats.test';
const MB = 1024 * 1024;
const mb = (n: number): string => `${(n / MB).toFixed(1)} MiB`;

/** The KV the bulk files fill, as wrangler stores them (the values' text). */
const files = readdirSync(args.split).filter((f) => /^shards-\d+\.json$/.test(f)).sort();
const kv = new Map<string, ArrayBuffer>();
const sizes = new Map<string, { count: number; stored: number; maxStored: number; raw: number; maxRaw: number; maxKey: string }>();
for (const file of [...files, 'pointer.json']) {
  for (const { key, value } of JSON.parse(readFileSync(join(args.split, file), 'utf8')) as Array<{ key: string; value: string }>) {
    kv.set(key, new TextEncoder().encode(value).buffer as ArrayBuffer);
    if (file === 'pointer.json') continue;
    const kind = key.split('/')[1]!;
    const gz = Buffer.from(value, 'base64');
    const raw = gunzipSync(gz).length;
    const row = sizes.get(kind) ?? { count: 0, stored: 0, maxStored: 0, raw: 0, maxRaw: 0, maxKey: '' };
    row.count++;
    row.stored += value.length;
    row.raw += raw;
    if (value.length > row.maxStored) Object.assign(row, { maxStored: value.length, maxKey: key });
    row.maxRaw = Math.max(row.maxRaw, raw);
    sizes.set(kind, row);
  }
}
console.log('shards (stored = the base64 text KV holds; raw = decompressed):');
for (const [kind, r] of sizes) console.log(`  ${kind.padEnd(5)} ${String(r.count).padStart(4)} shards  stored ${mb(r.stored).padStart(10)} (largest ${mb(r.maxStored)}, ${r.maxKey})  raw ${mb(r.raw).padStart(10)} (largest ${mb(r.maxRaw)})`);

// --- In Node: memory, KV reads and CPU a request ---------------------------------------------
const store = { get: async (key: string) => kv.get(key) ?? null };
const env: Env = { BLOCKSTATS: store, SITE: 'true' };
// Twice, a tick apart: the size table's gunzip buffers are external memory freed after a collection.
gc();
await new Promise((resolve) => setImmediate(resolve));
gc();
const base = process.memoryUsage();
const cache = new ShardCache(store, Number(args['cache-mb']) * MB);
const limits = new RetryRateLimitStore({ maxKeys: 1000 });
const random = new ReplayRandom();
let current: SplitView | null = null;
const router = createRouter({ ...routerOptions(env, () => current?.snapshot ?? null, limits, random), rateLimit: false });
const retained = (): number => {
  gc();
  const now = process.memoryUsage();
  return now.heapUsed + now.arrayBuffers - (base.heapUsed + base.arrayBuffers);
};
// The code the router loads on its first answer (site, fonts, messages), before any data.
await (await router.fetch(new Request(`${ORIGIN}/v1/server`))).arrayBuffer();
await (await router.fetch(new Request(`${ORIGIN}/`))).arrayBuffer();
const before = retained();
console.log(`\nNode: the router before any snapshot (its code's data): ${mb(before)} retained`);
const view = (await readSplitView(store, cache, null))!;
current = view;
const serve = (path: string) => serveSplit({ router, view, cache, limits, random }, new Request(ORIGIN + path));
console.log(`Node: + meta parsed into the split view: ${mb(retained())} retained (shard cache ${mb(cache.bytes)})`);

const snap: Snapshot = view.snapshot;
const named = snap.players.filter((p) => p.name !== null);
const [a, b, c] = [named[7]!, named[Math.floor(named.length / 2)]!, named[named.length - 3]!];
const deep = snap.stats.reduce((x, y) => (y.board.length > x.board.length ? y : x));
const adv = snap.advancements.reduce((x, y) => (y.holders.length > x.holders.length ? y : x));
const routes: Array<[string, string]> = [
  ['server', '/v1/server'], ['stats', '/v1/stats'], ['totals', '/v1/totals'],
  ['leaderboard p1', `/v1/stats/${deep.id}?limit=10`], ['leaderboard deep', `/v1/stats/${deep.id}?limit=100&offset=${Math.floor(deep.board.length / 2)}`],
  ['players', '/v1/players?limit=50&offset=1000'], ['profile', `/v1/players/${b.name}`], ['profile stats', `/v1/players/${b.uuid}/stats`],
  ['profile advs', `/v1/players/${b.name}/advancements`], ['milestones', `/v1/players/${b.name}/milestones`],
  ['advancements', '/v1/advancements'], ['advancement', `/v1/advancements/${adv.id}`], ['holders deep', `/v1/advancements/${adv.id}/holders?limit=100&offset=${Math.floor(adv.holders.length / 2)}`],
  ['feed', '/v1/feed'], ['hall of fame', '/v1/hall-of-fame?limit=50&offset=50'], ['compare', `/v1/compare?players=${a.name},${c.name}`],
  ['random player', '/v1/random/player'], ['random stat', '/v1/random/stat'], ['badge', `/v1/badge/player/${c.name}.svg`], ['card', `/v1/card/player/${a.name}.svg`],
  ['site home', '/'], ['site stats', '/stats'], ['site stat p3', `/stats/${deep.id}?page=3`], ['site players', '/players?page=5'],
  ['site profile', `/players/${c.name}`], ['site advancements', '/advancements'], ['site advancement', `/advancements/${adv.id.replace('minecraft:', '')}`],
  ['site hall of fame', '/hall-of-fame'], ['site totals', '/totals'], ['site compare', `/compare?players=${a.name},${b.name}`],
];
console.log('\nNode, first asking (a fresh cache): status, KV reads, CPU ms');
for (const [kind, path] of routes) {
  const reads = cache.reads;
  const cpu = process.cpuUsage();
  const res = await serve(path);
  await res.arrayBuffer();
  const used = process.cpuUsage(cpu);
  console.log(`  ${kind.padEnd(18)} ${res.status}  ${String(cache.reads - reads).padStart(3)} reads  ${((used.user + used.system) / 1000).toFixed(1).padStart(7)} ms`);
}
console.log(`Node: after asking every route kind once: ${mb(retained())} retained (shard cache ${mb(cache.bytes)})`);
const answered = retained();
void answered;
// Fill the cache: many leaderboards and profiles across the blocks.
for (let s = 0; s < snap.stats.length; s += 3) await (await serve(`/v1/stats/${snap.stats[s]!.id}?limit=5&offset=${snap.stats[s]!.board.length - 5 > 0 ? snap.stats[s]!.board.length - 5 : 0}`)).arrayBuffer();
for (let p = 0; p < snap.players.length; p += 997) await (await serve(`/v1/players/${snap.players[p]!.uuid}`)).arrayBuffer();
console.log(`Node: after filling the cache: ${mb(retained())} retained (shard cache ${mb(cache.bytes)} of ${args['cache-mb']} MiB, ${cache.reads} KV reads in all)`);

// --- In workerd: wrangler dev with the shards in its local KV --------------------------------
if (!args['no-workerd']) {
  const here = join(import.meta.dirname, '..', 'examples', 'worker');
  const wrangler = join(import.meta.dirname, '..', 'test', 'matrix', 'node_modules', '.bin', 'wrangler');
  const dir = mkdtempSync(join(tmpdir(), 'blockstats-worker50k-'));
  const wenv = { ...process.env, WRANGLER_SEND_METRICS: 'false', NO_COLOR: '1', XDG_CONFIG_HOME: join(dir, 'config'), WRANGLER_LOG_PATH: join(dir, 'logs') };
  const state = join(dir, 'state');
  const began = performance.now();
  for (const file of [...files, 'pointer.json']) execFileSync(wrangler, ['kv', 'bulk', 'put', join(args.split, file), '--binding', 'BLOCKSTATS', '--local', '--persist-to', state], { cwd: here, env: wenv, stdio: 'ignore' });
  console.log(`\nworkerd: shards put into wrangler's local KV in ${((performance.now() - began) / 1000).toFixed(1)} s`);
  const port = await new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port: p } = s.address() as AddressInfo;
      s.close(() => resolve(p));
    });
  });
  const dev = spawn(wrangler, ['dev', '--ip', '127.0.0.1', '--port', String(port), '--inspector-port', String(port + 1), '--persist-to', state, '--var', 'SITE:true', '--show-interactive-dev-session=false'], { cwd: here, env: wenv, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  await new Promise<void>((resolve, reject) => {
    let out = '';
    const on = (chunk: Buffer) => {
      out += chunk.toString();
      if (/Ready on http/.test(out)) resolve();
    };
    dev.stdout.on('data', on);
    dev.stderr.on('data', on);
    dev.once('exit', (code) => reject(new Error(`wrangler dev exited ${code}: ${out}`)));
  });
  const origin = `http://127.0.0.1:${port}`;
  const timed = async (path: string): Promise<[number, number]> => {
    const t = performance.now();
    const res = await fetch(origin + path);
    await res.arrayBuffer();
    return [res.status, performance.now() - t];
  };
  console.log('workerd: status, first ms (the isolate\'s first asking of the route), warm ms (median of 5)');
  for (const [kind, path] of routes) {
    const [status, first] = await timed(path);
    const warm: number[] = [];
    for (let i = 0; i < 5; i++) warm.push((await timed(path))[1]);
    warm.sort((x, y) => x - y);
    console.log(`  ${kind.padEnd(18)} ${status}  ${first.toFixed(0).padStart(6)} ms  ${warm[2]!.toFixed(1).padStart(7)} ms`);
  }
  process.kill(-dev.pid!, 'SIGTERM');
  await new Promise((resolve) => dev.once('exit', resolve));
  rmSync(dir, { recursive: true, force: true });
}

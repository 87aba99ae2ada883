// End to end: `blockstats serve` with `rate_limit.store` in a real redis-server that hangs
// (SIGSTOP: connections stay open, nothing answers). The circuit breaker skips Redis after the
// first slow call, so throughput holds; /v1/health says why; SIGCONT brings the shared limit back.
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { redisForTests } from '../packages/server/test/redisServer.js';
import { generateServer, startServe, type ServeProcess } from './support/serveProcess.js';

const LIMIT = 20;
let nextClient = 0;
/** A client address no request used before: load never runs into the limit. */
const freshClient = () => `10.${(nextClient >> 16) & 255}.${(nextClient >> 8) & 255}.${nextClient++ & 255}`;

async function get(served: ServeProcess, path: string, client: string) {
  const response = await fetch(served.url + path, { headers: { 'x-forwarded-for': client } });
  const body = await response.text();
  return { status: response.status, remaining: response.headers.get('ratelimit-remaining'), body };
}

/** Requests a second served by `concurrency` loops of one-at-a-time GETs, each from a new client. */
async function throughput(served: ServeProcess, ms: number, concurrency = 6): Promise<number> {
  const end = performance.now() + ms;
  let done = 0;
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (performance.now() < end) {
      const answer = await get(served, '/v1/stats/jump', freshClient());
      assert.equal(answer.status, 200);
      done++;
    }
  }));
  return (done * 1000) / ms;
}

/** CPU seconds the process has used so far (Linux /proc; null elsewhere). */
async function cpuSeconds(pid: number): Promise<number | null> {
  try {
    const fields = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime + stime, in USER_HZ (100 on Linux)
  } catch {
    return null;
  }
}

/**
 * The best of `rounds` one-second figures (a round slowed by another process on this shared
 * machine does not count), and the server's CPU time per request over all of them, which that
 * noise hardly moves.
 */
async function measure(served: ServeProcess, rounds: number): Promise<{ perSecond: number; cpuPerRequest: number | null }> {
  const cpuBefore = await cpuSeconds(served.pid);
  let best = 0;
  let total = 0;
  for (let i = 0; i < rounds; i++) {
    const perSecond = await throughput(served, 1000);
    best = Math.max(best, perSecond);
    total += perSecond;
  }
  const cpuAfter = await cpuSeconds(served.pid);
  return { perSecond: best, cpuPerRequest: cpuBefore === null || cpuAfter === null ? null : (cpuAfter - cpuBefore) / total };
}

const { redis: started, skip } = await redisForTests();

describe('blockstats serve with a hung Redis (SIGSTOP)', { skip }, () => {
  const redis = started!;
  let work: string;
  let served: ServeProcess;

  before(async () => {
    work = await mkdtemp(join(tmpdir(), 'blockstats-e2e-redis-hang-'));
    const server = join(work, 'server');
    generateServer(server, 20);
    const config = join(work, 'blockstats.json');
    await writeFile(config, JSON.stringify({
      skins: { enabled: false },
      modrinth: { enabled: false },
      trusted_proxies: ['127.0.0.1'],
      rate_limit: { requests: LIMIT, window: '10m', store: redis.url },
    }));
    served = await startServe(['--server', server, '--data', join(work, 'data'), '--config', config]);
    await served.waitForLine((line) => line.event === 'pull');
  });

  after(async () => {
    redis.resume();
    await served?.stop();
    await redis.stop();
    await rm(work, { recursive: true, force: true });
  });

  test('keeps its throughput while Redis hangs, says so once, and enforces the shared limit again within 10 s of SIGCONT', async (t) => {
    await throughput(served, 500); // warm-up: the first requests compile the code they run
    const healthy = await measure(served, 3);
    assert.ok((await get(served, '/v1/stats/jump', freshClient())).remaining !== null, 'Redis counts while it answers');

    // The store's lines: a loaded machine may make a command overrun the store's timeout at any
    // time, a short outage said and ended once, so the lines alternate `down`, `up`.
    const storeEvents = () => served.lines.filter((l) => l.event.startsWith('rate_limit_store_')).map((l) => l.event);
    const atPause = storeEvents().length;
    redis.pause();
    const first = await get(served, '/v1/stats/jump', freshClient());
    assert.equal(first.status, 200, 'fails open');
    await served.waitForLine((line) => line.event === 'rate_limit_store_down', 5_000);
    await new Promise((resolve) => setTimeout(resolve, 1_500)); // past the first backoff and its probe
    // Without the breaker every request waited out the 250 ms timeout: ~15 req/s instead of ~400.
    // Another engineer's job can halve a second's figure or add a sixth to a request's CPU (seen:
    // 1,384 against 1,195 µs on a loaded run), so a figure past its bound is measured again (at
    // most twice), the best of each kept: a real stall never reaches 90 %, and a store retried on
    // every request never costs as little as a working one, however often they are measured.
    const worse = (m: { perSecond: number; cpuPerRequest: number | null }) =>
      m.perSecond < 0.9 * healthy.perSecond || (m.cpuPerRequest !== null && healthy.cpuPerRequest !== null && m.cpuPerRequest > healthy.cpuPerRequest / 0.9);
    let hung = await measure(served, 3);
    for (let retry = 0; retry < 2 && worse(hung); retry++) {
      const again = await measure(served, 2);
      const cpuPerRequest = hung.cpuPerRequest === null || again.cpuPerRequest === null ? null : Math.min(hung.cpuPerRequest, again.cpuPerRequest);
      hung = { perSecond: Math.max(hung.perSecond, again.perSecond), cpuPerRequest };
    }
    t.diagnostic(`Redis answering: ${healthy.perSecond.toFixed(0)} req/s, ${((healthy.cpuPerRequest ?? 0) * 1e6).toFixed(0)} µs CPU a request; Redis hung: ${hung.perSecond.toFixed(0)} req/s, ${((hung.cpuPerRequest ?? 0) * 1e6).toFixed(0)} µs`);
    assert.ok(hung.perSecond >= 0.9 * healthy.perSecond, `with Redis hung ${hung.perSecond.toFixed(0)} req/s, with Redis answering ${healthy.perSecond.toFixed(0)} req/s`);
    if (hung.cpuPerRequest !== null && healthy.cpuPerRequest !== null) {
      assert.ok(hung.cpuPerRequest <= healthy.cpuPerRequest / 0.9, 'a skipped store costs no more CPU than a working one');
    }
    const health = JSON.parse((await get(served, '/v1/health', freshClient())).body) as { data: { status: string; reasons?: Array<{ code: string }> } };
    assert.equal(health.data.status, 'degraded');
    assert.ok(JSON.stringify(health).includes('rate_limit_store_down'), JSON.stringify(health));

    assert.deepEqual(storeEvents().slice(atPause), ['rate_limit_store_down'], 'said once while Redis hung');
    redis.resume();
    const resumed = performance.now();
    const client = '198.51.100.9';
    let answer = await get(served, '/v1/stats/jump', client);
    while (answer.remaining === null && performance.now() - resumed < 15_000) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      answer = await get(served, '/v1/stats/jump', client);
    }
    const back = performance.now() - resumed;
    t.diagnostic(`limit enforced again ${back.toFixed(0)} ms after SIGCONT`);
    assert.ok(back <= 10_000, `the limit came back ${back.toFixed(0)} ms after SIGCONT`);
    for (let i = 0; i < LIMIT && answer.status === 200; i++) answer = await get(served, '/v1/stats/jump', client);
    assert.equal(answer.status, 429, 'the shared limit is enforced again');
    await served.waitForLine((line) => line.event === 'rate_limit_store_up', 1_000);
    // Back, said once; the lines end with `up`.
    for (const giveUp = performance.now() + 5_000; storeEvents().at(-1) !== 'rate_limit_store_up' && performance.now() < giveUp; ) await new Promise((resolve) => setTimeout(resolve, 100));
    const events = storeEvents();
    assert.deepEqual(events.slice(atPause, atPause + 2), ['rate_limit_store_down', 'rate_limit_store_up']);
    assert.ok(events.every((event, i) => event === (i % 2 === 0 ? 'rate_limit_store_down' : 'rate_limit_store_up')) && events.length % 2 === 0, events.join(', '));
    assert.equal(served.lines.filter((l) => l.event === 'internal_error').length, 0);
  });
});

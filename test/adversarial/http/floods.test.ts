// Issue 14, findings 1 and 6, at a small scale: `blockstats serve` with its default HTTP limits
// (a child process on a generated 30-player server) is flooded by pipelining clients that never
// read, by clients whose answers are all 429s, by 2,000 idle connections and by slow clients,
// each from its own loopback address in a process of its own. Throughout, a normal client (other
// loopback addresses, a fresh connection per request) must be answered, and the server's RSS and
// open descriptors must stay bounded. Loopback only; every loop ends on a count or a deadline.
// The same attacks at the scale: `npm run soak` (bench/soak.ts).
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test, type TestContext } from 'node:test';
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
  type Target,
} from '../../support/attacks.js';
import { generateServer, startServe, type ServeProcess } from '../../support/serveProcess.js';

/** Growth of the server's RSS over its warmed-up baseline that an attack may cause, in MiB. */
const RSS_GROWTH_MIB = 150;
/** Longest an attack runs before the test gives up waiting for what it expects. */
const DEADLINE_MS = 60_000;
/**
 * The normal client's patience per request. Generous on purpose: this proves it is served, not
 * how fast on a shared machine (the soak measures latency); a starved client times out.
 */
const PROBE_TIMEOUT_MS = 30_000;

const linuxProc = process.platform === 'linux';

describe('blockstats serve, default HTTP limits, flooded (issue 14: findings 1 and 6)', { skip: linuxProc ? false : 'reads RSS and descriptors from /proc (Linux)' }, () => {
  let work: string;
  let served: ServeProcess;
  let target: Target;
  let baselineRss: number;
  let baselineFiles: number;

  before(async () => {
    work = await mkdtemp(join(tmpdir(), 'blockstats-floods-'));
    generateServer(join(work, 'server'), 30);
    // Nothing may reach the network; the HTTP limits keep their defaults.
    await writeFile(join(work, 'blockstats.json'), JSON.stringify({ skins: { enabled: false }, modrinth: { enabled: false } }));
    served = await startServe(['--server', join(work, 'server'), '--data', join(work, 'data'), '--config', join(work, 'blockstats.json')]);
    target = { host: '127.0.0.1', port: served.port };
    // Warm up what the attacks ask for, so that the baseline holds the rendered answers.
    for (const path of ['/openapi.json', '/v1/players', '/v1/stats']) {
      assert.equal((await probeOnce(target, path, { localAddress: '127.0.0.90' })).status, 200);
    }
    baselineRss = rssMiB(served.pid)!;
    baselineFiles = openFiles(served.pid)!;
  });

  after(async () => {
    await served?.stop();
    await rm(work, { recursive: true, force: true });
  });

  /** Polls the attacker until `done` holds (or the deadline passes: the assertions then say why). */
  async function until(attack: { report(): Promise<ChildReport> }, done: (report: ChildReport) => boolean, probes: { results: unknown[] }, minProbes: number) {
    const deadline = Date.now() + DEADLINE_MS;
    for (;;) {
      const report = await attack.report();
      if ((done(report) && probes.results.length >= minProbes) || Date.now() > deadline) return report;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  /** Runs `spec` while a normal client asks `/v1/players` every 100 ms; returns what both saw. */
  async function underAttack(t: TestContext, spec: AttackSpec, done: (report: ChildReport) => boolean) {
    const rss = rssSampler(served.pid);
    const probe = normalClient(target, '/v1/players', { everyMs: 100, localAddresses: NORMAL_CLIENT_ADDRESSES, timeoutMs: PROBE_TIMEOUT_MS });
    const attack = await spawnAttack(spec);
    const during = await until(attack, done, probe, 20);
    const files = openFiles(served.pid);
    const report = await attack.stop();
    const normal = await probe.stop();
    const peak = rss.stop();
    t.diagnostic(`attacker: ${JSON.stringify(report)}; server peak RSS ${peak} MiB (baseline ${baselineRss}), open files ${files} (baseline ${baselineFiles})`);
    t.diagnostic(`normal client: ${normal.requests} requests, p50 ${normal.p50} ms, p99 ${normal.p99} ms, max ${normal.max} ms, ${JSON.stringify(normal.statuses)}`);
    return { during, report, normal, peak, files };
  }

  function assertHeldUp(normal: ProbeReport, peak: number) {
    assert.equal(served.child.exitCode, null, 'the server is still running');
    assert.equal(normal.failures, 0, `every normal request answered: ${JSON.stringify(normal.statuses)}`);
    assert.deepEqual(Object.keys(normal.statuses), ['200']);
    assert.ok(peak - baselineRss < RSS_GROWTH_MIB, `RSS grew ${peak - baselineRss} MiB (peak ${peak}, baseline ${baselineRss})`);
  }

  test('finding 1: 40 connections × 500 pipelined GET /openapi.json that never read are cut; memory stays bounded', async (t) => {
    const requestsBefore = [...served.requests.values()].reduce((a, b) => a + b, 0);
    const { report, normal, peak } = await underAttack(t, {
      kind: 'pipeline', target, connections: 40, requests: 500, path: '/openapi.json', reconnect: true, localAddress: '127.0.0.60',
    }, (r) => r.closedByServer >= 200);
    assertHeldUp(normal, peak);
    assert.ok(report.closedByServer >= 200, `the server closed the pipelining connections (${report.closedByServer})`);
    const answered = [...served.requests.values()].reduce((a, b) => a + b, 0) - requestsBefore;
    assert.ok(answered < 40 * 32 * 2, `${answered} of the ${report.opened * 500} pipelined requests were answered`);
    const limit = await served.waitForLine((line) => line.event === 'http_limit' && line.limit === 'http.max_pipelined_requests');
    assert.equal(limit.address, '127.0.0.60');
  });

  test('429 answers do not pile up: 40 connections × 30 pipelined requests (just under the pipelining cap) over the rate limit, never read', async (t) => {
    const { report, normal, peak } = await underAttack(t, {
      kind: 'pipeline', target, connections: 40, requests: 30, path: '/v1/players', localAddress: '127.0.0.61',
    }, (r) => r.opened >= 40);
    assertHeldUp(normal, peak);
    assert.ok(report.opened >= 40);
    assert.ok((served.requests.get(429) ?? 0) > 0, 'the flood was answered 429 once over its budget');
  });

  test('finding 6: 2,000 idle connections from one address: at most 100 held, descriptors bounded', async (t) => {
    const { during, normal, peak, files } = await underAttack(t, {
      kind: 'connections', target, count: 2_000, localAddress: '127.0.0.62',
    }, (r) => r.closedByServer >= 1_900);
    assertHeldUp(normal, peak);
    assert.ok(during.closedByServer >= 1_900, `refused at once beyond the per-address cap (${during.closedByServer} closed)`);
    assert.ok(during.openAtEnd <= 100, `${during.openAtEnd} held`);
    assert.ok(files! - baselineFiles <= 100 + 20, `open files ${files} (baseline ${baselineFiles})`);
    await served.waitForLine((line) => line.event === 'http_limit' && line.limit === 'http.max_connections_per_address');
  });

  // Readers that stop reading are cut after idle_timeout (30 s by default): node-limits.test.ts
  // shows it with a short one, the soak at the default.
  test('slow clients: 100 connections sending headers a byte every 500 ms are cut after headers_timeout (10 s)', async (t) => {
    const { during, normal, peak } = await underAttack(t, {
      kind: 'slow', target, count: 100, byteEveryMs: 500, localAddress: '127.0.0.63',
    }, (r) => r.closedByServer >= 100);
    assertHeldUp(normal, peak);
    assert.equal(during.closedByServer, 100, 'every slow connection was closed by the server');
  });
});

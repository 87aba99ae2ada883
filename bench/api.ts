import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RecordedResponse } from './children/api-server.js';
import type { BenchSave } from './generate/generate-save.js';
import { startServerChild, type ServerChild } from './lib/child.js';
import { pinProcess, processCpuMs, type CorePlan } from './lib/cores.js';
import { startFastify, type FastifyYardstick } from './lib/fastifyYardstick.js';
import type { LogCount } from './lib/logPipe.js';
import type { Runtime } from './lib/runtime.js';
import { startServedCli, type ServedCli } from './lib/servedCli.js';
import { medianBy } from './lib/medianBy.js';
import { runWrk, type WrkResult } from './lib/wrk.js';
import { pageWeight, type PageWeight } from './pageWeight.js';
import { requireApiTools } from './lib/requireApiTools.js';

// The API as deployed: `blockstats serve` (the CLI as users start it) with its defaults (rate
// limit on, one log line per request into a pipe), against the server a user would write instead
// (Fastify 5 with @fastify/rate-limit and its pino request log into the same pipe) and a bare
// node:http server, both sending the same bytes, and the same CLI with `--rate-limit 0` for
// embedders who switch the limit off. Every server is pinned to one core, wrk to another, so the
// client is never what saturates.
//
// The rate limit stays on at its default (240 a minute per client): wrk sends each request with
// `X-Forwarded-For` from a pool of distinct addresses and the servers trust the bench's loopback
// as their reverse proxy (`trusted_proxies: ["127.0.0.1"]`), as a public deployment behind
// nginx or Caddy is configured. So the limiter counts every address on its own and the bench
// measures answers, not 429s (every run checks the server's own log: one line per request,
// every status the expected one).

/** Load settings. */
export interface LoadOptions {
  connections: number;
  /** Seconds measured per endpoint and server. */
  durationSec: number;
  /** Seconds of unmeasured warm-up per endpoint and server. */
  warmupSec: number;
  /** Measurements per endpoint and server, in rotating order; the median round is reported (latencies: each percentile's median). */
  rounds: number;
  /** Distinct client addresses wrk cycles through. */
  addresses: number;
  cores: CorePlan;
  runtime: Runtime;
  /** Which endpoints (`API_ENDPOINTS` names); all when empty. */
  endpoints: readonly string[];
}

/** The endpoints measured, by the names `--endpoints` takes. */
export const API_ENDPOINTS = ['page', 'profile', '304', 'badge', 'site-page', 'site-profile'] as const;

/** The servers compared. */
export const API_SERVERS = ['deployed', 'no-limit', 'fastify', 'bare'] as const;
export type ApiServer = (typeof API_SERVERS)[number];

/** One measured run against one server. */
export interface LoadResult extends WrkResult {
  /** The server's CPU time (every thread) per answered request, in µs. */
  cpuUsPerRequest: number;
  /** The server's CPU time over the run's wall time: ~1 when the server (not wrk) saturates. */
  serverBusy: number;
}

export interface ApiRow {
  endpoint: string;
  path: string;
  expectedStatus: number;
  bodyBytes: number;
  /** The median round of each server (see `medianRound`). */
  results: Record<ApiServer, LoadResult>;
  /** A website page's compressed weight with its files (pages only). */
  weight?: PageWeight;
}

export interface ApiResult {
  players: number;
  load: LoadOptions;
  /** How each server was started. */
  commands: Record<ApiServer, string>;
  rows: ApiRow[];
}

/** Response headers that belong to the connection, not the representation. */
const HOP_HEADERS = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length']);

function representationHeaders(headers: Headers): Record<string, string> {
  const out: Record<string, string> = {};
  headers.forEach((value, name) => {
    if (!HOP_HEADERS.has(name)) out[name] = value;
  });
  return out;
}

/**
 * The round with the median throughput, with each latency percentile the median of the rounds'
 * own: one round's stall (a pause of the machine, not of the server) would otherwise decide the
 * p99 a row reports, when that round's throughput happens to be the middle one.
 */
export function medianRound(results: readonly LoadResult[]): LoadResult {
  if (results.length === 0) throw new Error('medianRound: no rounds');
  const percentile = (key: 'p50' | 'p90' | 'p99' | 'p999'): number => medianBy(results, (r) => r[key])[key];
  return {
    ...medianBy(results, (r) => r.rps),
    p50: percentile('p50'),
    p90: percentile('p90'),
    p99: percentile('p99'),
    p999: percentile('p999'),
  };
}

/** The endpoints the issue names, for a player in the middle of the play-time board. */
export function endpoints(player: string, only: readonly string[]): Array<{ endpoint: string; path: string; revalidate: boolean }> {
  const name = encodeURIComponent(player);
  const all = [
    { id: 'page', endpoint: 'leaderboard page', path: '/v1/stats/play_time', revalidate: false },
    { id: 'profile', endpoint: 'player profile', path: `/v1/players/${name}`, revalidate: false },
    { id: '304', endpoint: '304 revalidation', path: '/v1/stats/play_time', revalidate: true },
    { id: 'badge', endpoint: 'player badge (SVG)', path: `/v1/badge/player/${name}.svg`, revalidate: false },
    // The website's pages, HTML from the same router and memo (issue 15).
    { id: 'site-page', endpoint: 'site page: leaderboard (HTML)', path: '/stats/play_time', revalidate: false },
    { id: 'site-profile', endpoint: 'site page: player profile (HTML)', path: `/players/${name}`, revalidate: false },
  ];
  return all.filter((e) => only.length === 0 || only.includes(e.id));
}

/** The reverse proxy every server trusts for X-Forwarded-For: the bench's loopback. */
export const PROXY = '127.0.0.1';

/**
 * A bench request outside wrk's address pool (recording, finding the player). `identity`, as wrk
 * asks: fetch would otherwise ask for gzip, decode it, and record a decoded body under the
 * server's `Content-Encoding: gzip`, which the replaying servers could not answer truly.
 */
const recordingHeaders = { 'x-forwarded-for': '192.0.2.1', 'accept-encoding': 'identity' };

/** The ranked player in the middle of the play-time board (`query`: e.g. `&server=s1`, a network's view). */
export async function middlePlayer(url: string, query = ''): Promise<string> {
  const first = (await (await fetch(`${url}/v1/stats/play_time?limit=1${query}`, { headers: recordingHeaders })).json()) as { meta: { pagination: { total: number } } };
  const offset = Math.floor(first.meta.pagination.total / 2);
  const middle = (await (await fetch(`${url}/v1/stats/play_time?limit=1&offset=${offset}${query}`, { headers: recordingHeaders })).json()) as { data: Array<{ player: { name: string | null; uuid: string } }> };
  const entry = middle.data[0]?.player;
  if (!entry) throw new Error('the play-time board is empty: no player to measure');
  return entry.name ?? entry.uuid;
}

/** Records what `url` answers for `path`, and its 304 when it has an ETag. */
export async function record(url: string, path: string): Promise<RecordedResponse> {
  const response = await fetch(url + path, { headers: recordingHeaders });
  const body = await response.text();
  const etag = response.headers.get('etag');
  let notModified: RecordedResponse['notModified'] = null;
  if (etag) {
    const again = await fetch(url + path, { headers: { ...recordingHeaders, 'if-none-match': etag } });
    await again.arrayBuffer();
    if (again.status === 304) notModified = { etag, headers: representationHeaders(again.headers) };
  }
  return { path, status: response.status, headers: representationHeaders(response.headers), body, notModified };
}

/** Checks that a replaying server (bare, Fastify) answers each path with the recorded status, type and body, and its 304. */
async function assertReplays(url: string, recorded: Map<string, RecordedResponse>): Promise<void> {
  for (const expected of recorded.values()) {
    const response = await fetch(url + expected.path, { headers: recordingHeaders });
    const body = await response.text();
    const type = response.headers.get('content-type');
    if (response.status !== expected.status || body !== expected.body || type !== (expected.headers['content-type'] ?? null)) {
      throw new Error(`${url}${expected.path} answers ${response.status} ${type} (${body.length} chars), not the recorded ${expected.status} ${expected.headers['content-type']} (${expected.body.length} chars)`);
    }
    if (!expected.notModified) continue;
    const again = await fetch(url + expected.path, { headers: { ...recordingHeaders, 'if-none-match': expected.notModified.etag } });
    await again.arrayBuffer();
    if (again.status !== 304) throw new Error(`${url}${expected.path} answers its ETag with ${again.status}, not 304`);
  }
}

export interface Target<Name extends string = ApiServer> {
  name: Name;
  url: string;
  pid: number;
  /** What this server answers: bodies hold absolute links, so each server's ETags are its own. */
  recorded: Map<string, RecordedResponse>;
  /** The request log of a server that logs; the bare server has none. */
  takeLog: ((expected: number) => Promise<LogCount>) | null;
}

/** One wrk run against one server, checked: no errors, every answer the expected status. */
export async function measure(target: Target<string>, path: string, revalidate: boolean, seconds: number, options: LoadOptions): Promise<LoadResult> {
  const response = target.recorded.get(path) as RecordedResponse;
  const header: [string, string] | undefined = revalidate ? ['If-None-Match', response.notModified!.etag] : undefined;
  const expectedStatus = revalidate ? 304 : 200;
  const bodyBytes = revalidate ? 0 : Buffer.byteLength(response.body);
  // The last run's requests still in flight when wrk stopped are answered and logged after its
  // count was taken (seen in CI: 4 of a 304 run's lines in the next run's log): not this run's.
  await target.takeLog?.(0);
  const cpuBefore = processCpuMs(target.pid);
  const result = await runWrk({
    url: target.url + path,
    core: options.cores.client,
    connections: options.connections,
    durationSec: seconds,
    addresses: options.addresses,
    ...(header ? { header } : {}),
  });
  const cpuMs = processCpuMs(target.pid) - cpuBefore;
  const problems: string[] = [];
  if (result.statusErrors > 0) problems.push(`${result.statusErrors} answers with a status ≥ 400`);
  if (result.socketErrors > 0) problems.push(`${result.socketErrors} socket errors or timeouts`);
  const perResponse = result.bytes / Math.max(1, result.requests);
  if (expectedStatus === 304 ? perResponse >= 2000 : perResponse < bodyBytes) problems.push(`${Math.round(perResponse)} bytes a response, not a ${expectedStatus}`);
  if (target.takeLog) {
    const log = await target.takeLog(result.requests);
    const wrong = Object.entries(log.statuses).filter(([code]) => Number(code) !== expectedStatus);
    if (wrong.length > 0) problems.push(`logged statuses ${JSON.stringify(log.statuses)}`);
    if (log.lines < result.requests) problems.push(`${log.lines} request log lines for ${result.requests} answers`);
  }
  if (problems.length > 0) throw new Error(`${target.name} ${path}: ${problems.join('; ')} (expected only ${expectedStatus})`);
  return { ...result, cpuUsPerRequest: (cpuMs * 1000) / Math.max(1, result.requests), serverBusy: cpuMs / result.durationMs };
}

export async function apiBench(save: BenchSave, options: LoadOptions, workDir: string, log: (line: string) => void): Promise<ApiResult> {
  requireApiTools({ fastify: true });
  mkdirSync(workDir, { recursive: true });
  const served: ServedCli[] = [];
  let bare: ServerChild<{ url: string }> | null = null;
  let fastify: FastifyYardstick | null = null;
  try {
    const common = {
      serverDir: save.dir,
      workDir,
      runtime: options.runtime,
      // Nothing leaves the machine; the bench's loopback is the reverse proxy (see above).
      config: { skins: { enabled: false }, modrinth: { enabled: false }, trusted_proxies: [PROXY] },
      serverCore: options.cores.server,
      logCore: options.cores.client,
    };
    log(`  api ${save.players}: starting blockstats serve (defaults) …`);
    const deployed = await startServedCli({ ...common, name: 'deployed', flags: [] });
    served.push(deployed);
    log(`  api ${save.players}: starting blockstats serve --rate-limit 0 …`);
    const noLimit = await startServedCli({ ...common, name: 'no-limit', flags: ['--rate-limit', '0'] });
    served.push(noLimit);

    const player = await middlePlayer(deployed.url);
    const targets = endpoints(player, options.endpoints);
    const recordAll = async (url: string): Promise<Map<string, RecordedResponse>> => {
      const recorded = new Map<string, RecordedResponse>();
      for (const { path } of targets) if (!recorded.has(path)) recorded.set(path, await record(url, path));
      return recorded;
    };
    // The bare server replays exactly what the deployed one answered.
    const recorded = await recordAll(deployed.url);
    const responsesFile = join(workDir, `api-responses-${save.players}.json`);
    writeFileSync(responsesFile, JSON.stringify([...recorded.values()]));
    bare = await startServerChild<{ url: string }>('api-server', ['bare', responsesFile]);
    pinProcess(bare.pid, options.cores.server);
    log(`  api ${save.players}: starting the Fastify yardstick …`);
    fastify = await startFastify({
      responsesFile, workDir, trustedProxy: PROXY, clients: options.addresses, serverCore: options.cores.server, logCore: options.cores.client,
    });
    for (const url of [bare.info.url, fastify.url]) await assertReplays(url, recorded);

    const servers: Target[] = [
      { name: 'deployed', url: deployed.url, pid: deployed.pid, recorded, takeLog: deployed.takeLog },
      { name: 'no-limit', url: noLimit.url, pid: noLimit.pid, recorded: await recordAll(noLimit.url), takeLog: noLimit.takeLog },
      { name: 'fastify', url: fastify.url, pid: fastify.pid, recorded, takeLog: fastify.takeLog },
      { name: 'bare', url: bare.info.url, pid: bare.pid, recorded, takeLog: null },
    ];
    // The website's pages: what a first visit downloads (before the log is drained, like the recording).
    const weights = new Map<string, PageWeight>();
    for (const { path } of targets) if (!path.startsWith('/v1')) weights.set(path, await pageWeight(deployed.url, path));
    for (const server of servers) await server.takeLog?.(0); // the recording's own lines
    const rows: ApiRow[] = [];
    for (const target of targets) {
      const response = recorded.get(target.path) as RecordedResponse;
      if (response.status !== 200) throw new Error(`${target.path} answered ${response.status}, not 200: nothing to measure`);
      if (target.revalidate && !response.notModified) throw new Error(`${target.path} has no ETag: no 304 to measure`);
      log(`  api ${save.players}: ${target.endpoint} …`);
      if (options.warmupSec > 0) {
        for (const server of servers) await measure(server, target.path, target.revalidate, options.warmupSec, options);
      }
      const rounds = new Map<ApiServer, LoadResult[]>(servers.map((s) => [s.name, []]));
      for (let round = 0; round < Math.max(1, options.rounds); round++) {
        // Rotating order: load from elsewhere on the machine shifts every server alike.
        for (let i = 0; i < servers.length; i++) {
          const server = servers[(i + round) % servers.length]!;
          rounds.get(server.name)!.push(await measure(server, target.path, target.revalidate, options.durationSec, options));
        }
      }
      const results = Object.fromEntries(servers.map((s) => [s.name, medianRound(rounds.get(s.name)!)])) as Record<ApiServer, LoadResult>;
      rows.push({
        endpoint: target.endpoint,
        path: target.path,
        expectedStatus: target.revalidate ? 304 : 200,
        bodyBytes: target.revalidate ? 0 : Buffer.byteLength(response.body),
        results,
        ...(weights.has(target.path) ? { weight: weights.get(target.path)! } : {}),
      });
    }
    return {
      players: save.players,
      load: options,
      commands: {
        deployed: deployed.command,
        'no-limit': noLimit.command,
        fastify: 'node bench/children/fastify-server (Fastify 5, @fastify/rate-limit 240/min, logger: true; recorded bytes)',
        bare: 'node bench/children/api-server bare (node:http, recorded bytes)',
      },
      rows,
    };
  } finally {
    await Promise.all([...served.map((s) => s.stop()), bare?.stop(), fastify?.stop()]);
  }
}

import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import autocannon from 'autocannon';
import type { RecordedResponse, RouterReady } from './children/api-server.js';
import type { BenchSave } from './generate/generate-save.js';
import { startServerChild, type ServerChild } from './lib/child.js';
import { pageWeight, type PageWeight } from './pageWeight.js';

// API throughput on loopback: the /v1 router through the Node adapter against a bare node:http
// server answering the same recorded bytes, same run, same load. Each server runs in its own
// process (one core each at most); autocannon drives them from this process.

/** Load settings. */
export interface LoadOptions {
  connections: number;
  /** Seconds measured per endpoint and server. */
  durationSec: number;
  /** Seconds of unmeasured warm-up per endpoint and server. */
  warmupSec: number;
  /**
   * Measurements per endpoint and server, alternating router and bare (other work on the machine
   * shifts both alike); the median round is reported.
   */
  rounds: number;
}

/** One measured load run. */
export interface LoadResult {
  rps: number;
  /** Latency percentiles in ms, from every response's own timing. */
  p50: number;
  p99: number;
  requests: number;
  /** Responses by status code: anything but the expected one is a failed run. */
  statuses: Record<string, number>;
  errors: number;
}

export interface ApiRow {
  endpoint: string;
  path: string;
  expectedStatus: number;
  bodyBytes: number;
  router: LoadResult;
  bare: LoadResult;
  /** router rps / bare rps. */
  ratio: number;
  /** A website page's compressed weight with its files (pages only). */
  weight?: PageWeight;
}

export interface ApiResult {
  players: number;
  load: LoadOptions;
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

function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] as number;
}

/** Runs autocannon against one URL; latency percentiles come from every response's timing. */
async function load(url: string, headers: Record<string, string>, connections: number, durationSec: number): Promise<LoadResult> {
  const times: number[] = [];
  const instance = autocannon({ url, connections, duration: durationSec, headers, pipelining: 1 });
  instance.on('response', (_client: unknown, _status: number, _bytes: number, responseTime: number) => {
    times.push(responseTime);
  });
  const result = await instance;
  const sorted = Float64Array.from(times).sort();
  const statuses: Record<string, number> = {};
  for (const [code, { count }] of Object.entries(result.statusCodeStats)) statuses[code] = count;
  return {
    rps: result.requests.total / result.duration,
    p50: percentile(sorted, 0.5),
    p99: percentile(sorted, 0.99),
    requests: result.requests.total,
    statuses,
    errors: result.errors + result.timeouts,
  };
}

/** The round with the median throughput, with status counts and errors of all rounds. */
function median(results: LoadResult[]): LoadResult {
  const sorted = [...results].sort((a, b) => a.rps - b.rps);
  const middle = sorted[Math.floor((sorted.length - 1) / 2)] as LoadResult;
  const statuses: Record<string, number> = {};
  for (const result of results) for (const [code, count] of Object.entries(result.statuses)) statuses[code] = (statuses[code] ?? 0) + count;
  return { ...middle, statuses, errors: results.reduce((sum, r) => sum + r.errors, 0), requests: results.reduce((sum, r) => sum + r.requests, 0) };
}

/** The endpoints the issue names, for a player in the middle of the play-time board. */
function endpoints(player: string): Array<{ endpoint: string; path: string; revalidate: boolean }> {
  const name = encodeURIComponent(player);
  return [
    { endpoint: 'leaderboard page', path: '/v1/stats/play_time', revalidate: false },
    { endpoint: 'player profile', path: `/v1/players/${name}`, revalidate: false },
    { endpoint: '304 revalidation', path: '/v1/stats/play_time', revalidate: true },
    { endpoint: 'player badge (SVG)', path: `/v1/badge/player/${name}.svg`, revalidate: false },
    // The website's pages, HTML from the same router and memo (issue 15).
    { endpoint: 'site page: leaderboard (HTML)', path: '/stats/play_time', revalidate: false },
    { endpoint: 'site page: player profile (HTML)', path: `/players/${name}`, revalidate: false },
  ];
}

export async function apiBench(save: BenchSave, options: LoadOptions, workDir: string, log: (line: string) => void): Promise<ApiResult> {
  let router: ServerChild<RouterReady> | null = null;
  let bare: ServerChild<{ url: string }> | null = null;
  try {
    router = await startServerChild<RouterReady>('api-server', ['router', save.dir]);
    const targets = endpoints(router.info.player);

    // Record what the router answers; the bare server replays exactly that.
    const recorded = new Map<string, RecordedResponse>();
    for (const { path } of targets) {
      if (recorded.has(path)) continue;
      const response = await fetch(router.info.url + path);
      const body = await response.text();
      const etag = response.headers.get('etag');
      let notModified: RecordedResponse['notModified'] = null;
      if (etag) {
        const again = await fetch(router.info.url + path, { headers: { 'if-none-match': etag } });
        await again.arrayBuffer();
        if (again.status === 304) notModified = { etag, headers: representationHeaders(again.headers) };
      }
      recorded.set(path, { path, status: response.status, headers: representationHeaders(response.headers), body, notModified });
    }
    mkdirSync(workDir, { recursive: true });
    const responsesFile = join(workDir, `api-responses-${save.players}.json`);
    writeFileSync(responsesFile, JSON.stringify([...recorded.values()]));
    bare = await startServerChild<{ url: string }>('api-server', ['bare', responsesFile]);

    const rows: ApiRow[] = [];
    for (const target of targets) {
      const response = recorded.get(target.path) as RecordedResponse;
      if (target.revalidate && !response.notModified) throw new Error(`${target.path} has no ETag: no 304 to measure`);
      const headers: Record<string, string> = target.revalidate ? { 'if-none-match': (response.notModified as { etag: string }).etag } : {};
      const expectedStatus = target.revalidate ? 304 : response.status;
      log(`  api ${save.players}: ${target.endpoint} …`);
      const servers = [router.info, bare.info];
      if (options.warmupSec > 0) for (const server of servers) await load(server.url + target.path, headers, options.connections, options.warmupSec);
      const rounds: [LoadResult[], LoadResult[]] = [[], []];
      for (let round = 0; round < Math.max(1, options.rounds); round++) {
        for (const which of round % 2 === 0 ? [0, 1] : [1, 0]) {
          rounds[which]!.push(await load(servers[which]!.url + target.path, headers, options.connections, options.durationSec));
        }
      }
      const routerResult = median(rounds[0]);
      const bareResult = median(rounds[1]);
      for (const [which, result] of [['router', routerResult], ['bare', bareResult]] as const) {
        const wrong = Object.entries(result.statuses).filter(([code]) => Number(code) !== expectedStatus);
        if (wrong.length > 0 || result.errors > 0) {
          throw new Error(`${which} answered ${target.path} with ${JSON.stringify(result.statuses)} and ${result.errors} errors; expected only ${expectedStatus}`);
        }
      }
      rows.push({
        endpoint: target.endpoint,
        path: target.path,
        expectedStatus,
        bodyBytes: target.revalidate ? 0 : Buffer.byteLength(response.body),
        router: routerResult,
        bare: bareResult,
        ratio: routerResult.rps / bareResult.rps,
        ...(target.path.startsWith('/v1') ? {} : { weight: await pageWeight(router.info.url, target.path) }),
      });
    }
    return { players: router.info.players, load: options, rows };
  } finally {
    await Promise.all([router?.stop(), bare?.stop()]);
  }
}

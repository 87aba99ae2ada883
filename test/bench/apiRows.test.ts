import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ApiResult, ApiServer, LoadResult } from '../../bench/api.js';
import { apiRows } from '../../bench/apiRows.js';
import { countStatuses } from '../../bench/lib/logPipe.js';

// The API part's table rows: blockstats serve against the Fastify yardstick (issue 42's ≥ 1.3×
// at 10k and 50k players) and the bare server's p99, and the log lines each run is checked by.

function load(rps: number, p99: number): LoadResult {
  return { requests: rps * 5, durationMs: 5000, rps, bytes: 0, statusErrors: 0, socketErrors: 0, p50: p99 / 4, p90: p99 / 2, p99, p999: p99 * 2, cpuUsPerRequest: 1e6 / rps, serverBusy: 1 };
}

function result(players: number, results: Record<ApiServer, LoadResult>): ApiResult {
  return {
    players,
    load: {} as ApiResult['load'],
    commands: { deployed: '', 'no-limit': '', fastify: '', bare: '' },
    rows: [{ endpoint: 'leaderboard page', path: '/v1/stats/play_time', expectedStatus: 200, bodyBytes: 25_000, results }],
  };
}

describe('apiRows(api, size)', () => {
  it('meets the target at 1.3× Fastify with a p99 within 2× bare, and shows Fastify in its own column', () => {
    const [deployed, noLimit] = apiRows(result(10_000, { deployed: load(13_000, 2), 'no-limit': load(15_000, 1), fastify: load(10_000, 3), bare: load(20_000, 1) }), '10k');
    assert.equal(deployed!.status, 'met');
    assert.equal(deployed!.target, '≥ 1.3× Fastify, p99 ≤ 2× bare');
    assert.match(deployed!.ratio, /^1\.30× Fastify, 0\.65× bare, p99 2\.0× bare$/);
    assert.match(deployed!.fastify ?? '', /^10,000 req\/s/);
    // --rate-limit 0 is shown beside it, not judged.
    assert.equal(noLimit!.target, '');
    assert.equal(noLimit!.status, '');
  });

  it('names each miss: throughput under 1.3× Fastify, p99 over 2× bare', () => {
    const [deployed] = apiRows(result(50_000, { deployed: load(12_000, 5), 'no-limit': load(12_000, 1), fastify: load(10_000, 3), bare: load(20_000, 1) }), '50k');
    assert.equal(deployed!.status, 'missed: req/s 1.20× Fastify\'s, p99 5.0× bare\'s');
  });

  it('judges nothing at sizes the targets do not name', () => {
    const [deployed] = apiRows(result(1_000, { deployed: load(1, 50), 'no-limit': load(1, 1), fastify: load(10_000, 3), bare: load(20_000, 1) }), '1k');
    assert.equal(deployed!.target, '');
    assert.equal(deployed!.status, '');
  });
});

describe('countStatuses(text, status)', () => {
  it('counts Fastify\'s completed lines and blockstats serve\'s request lines by status, nothing else', () => {
    const fastify = [
      '{"level":30,"reqId":"req-1","req":{"method":"GET","url":"/v1/stats/play_time"},"msg":"incoming request"}',
      '{"level":30,"reqId":"req-1","res":{"statusCode":200},"responseTime":0.4,"msg":"request completed"}',
      '{"level":30,"reqId":"req-2","res":{"statusCode":429},"responseTime":0.2,"msg":"request completed"}',
    ].join('\n');
    assert.deepEqual(countStatuses(fastify, /"res":\{"statusCode":(\d+)\}/), { lines: 2, statuses: { 200: 1, 429: 1 } });
    const served = '{"level":"info","event":"listening","url":"http://127.0.0.1:1"}\n{"level":"info","event":"request","method":"GET","path":"/v1","status":304,"ms":0.1}\n';
    assert.deepEqual(countStatuses(served, /"event":"request".*?"status":(\d+)/), { lines: 1, statuses: { 304: 1 } });
  });
});

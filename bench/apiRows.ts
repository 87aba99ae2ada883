import type { ApiResult, LoadResult } from './api.js';
import { type Row, verdict } from './lib/Row.js';

// The API part's rows of the benchmark table (same columns as bench/run.ts's rows, plus the
// Fastify yardstick's own column).

/**
 * Issue 42's API targets for `blockstats serve` with its defaults: every endpoint at least 1.3×
 * the requests a second of the Fastify yardstick, at 10k and 50k players, and a p99 at most twice
 * the bare server's. (Issue 17's 0.8×-bare throughput target is retired.)
 */
export const API_TARGETS = { vsFastify: 1.3, p99VsBare: 2, sizes: [10_000, 50_000] as readonly number[] };

/** How the table names the blockstats servers the API part measures. */
const LABELS = { deployed: 'blockstats serve, defaults', 'no-limit': 'blockstats serve --rate-limit 0' } as const;

const int = (n: number): string => Math.round(n).toLocaleString('en-US');
const pct = (ratio: number): string => `${Math.round(ratio * 100)} %`;

/** One server's measurement in a cell. */
export const describeLoad = (r: LoadResult): string =>
  `${int(r.rps)} req/s, p50 ${r.p50.toFixed(2)} ms, p99 ${r.p99.toFixed(2)} ms; ${r.cpuUsPerRequest.toFixed(1)} µs CPU a request, core ${pct(r.serverBusy)} busy`;

/** A row per endpoint for each blockstats server, with its ratios to Fastify and bare and, for the defaults at 10k and 50k, the verdict. */
export function apiRows(api: ApiResult, size: string): Row[] {
  const judged = API_TARGETS.sizes.includes(api.players);
  return (['deployed', 'no-limit'] as const).flatMap((server) => api.rows.map((row): Row => {
    const { bare, fastify } = row.results;
    const measured = row.results[server];
    const vsFastify = measured.rps / fastify.rps;
    const p99 = measured.p99 / bare.p99;
    const misses = [
      ...(vsFastify < API_TARGETS.vsFastify ? [`req/s ${vsFastify.toFixed(2)}× Fastify's`] : []),
      ...(p99 > API_TARGETS.p99VsBare ? [`p99 ${p99.toFixed(1)}× bare's`] : []),
    ];
    const target = server === 'deployed' && judged;
    return {
      part: `api: ${row.endpoint} (${LABELS[server]})`,
      size,
      result: describeLoad(measured),
      fastify: describeLoad(fastify),
      against: `bare ${describeLoad(bare)} (${row.bodyBytes > 0 ? `${int(row.bodyBytes)} B` : 'no body'})`,
      ratio: `${vsFastify.toFixed(2)}× Fastify, ${(measured.rps / bare.rps).toFixed(2)}× bare, p99 ${p99.toFixed(1)}× bare`,
      target: target ? `≥ ${API_TARGETS.vsFastify}× Fastify, p99 ≤ ${API_TARGETS.p99VsBare}× bare` : '',
      status: target ? verdict(misses.length === 0, misses.join(', ')) : '',
    };
  }));
}

import { describeLoad } from './apiRows.js';
import { type Row, verdict } from './lib/Row.js';
import type { NetworkApiResult } from './networkApi.js';

// The network API part's rows (issue 38: "the network's answers as fast as the single server's,
// same API benchmark, ratio ≥ 0.95"): each endpoint in the network's view and in one server's
// view, against the lone server measured in the same run.

export const NETWORK_API_TARGET = 0.95;

const int = (n: number): string => Math.round(n).toLocaleString('en-US');

export function networkApiRows(result: NetworkApiResult): Row[] {
  const { servers, slots, people } = result.network;
  const size = `${servers} × ${int(slots / servers)} slots, ${int(people)} people`;
  const views = [['network', 'network view'], ['server', `?server=${result.viewed}`]] as const;
  return views.flatMap(([key, label]) => result.rows.map((row): Row => {
    const measured = row.results[key];
    const single = row.results.single;
    const ratio = measured.rps / single.rps;
    return {
      part: `api: ${row.endpoint} (network, ${label}, blockstats serve defaults)`,
      size,
      result: describeLoad(measured),
      against: `the lone ${int(result.single)}-player server, same run: ${describeLoad(single)}`,
      ratio: `${ratio.toFixed(2)}×, p99 ${(measured.p99 / single.p99).toFixed(1)}×`,
      target: `≥ ${NETWORK_API_TARGET}× the lone 10k server`,
      status: result.single === 10_000 && Math.round(slots / servers / 1000) === 10
        ? verdict(ratio >= NETWORK_API_TARGET, `${Math.round((NETWORK_API_TARGET - ratio) * 100)} points short`)
        : 'not judged (the target is 5 × 10k slots against 10k)',
    };
  }));
}

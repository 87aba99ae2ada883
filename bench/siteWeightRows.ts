import type { ApiResult } from './api.js';
import { type Row, verdict } from './lib/Row.js';

/** A row a site page the API part weighed: its compressed bytes against the 60 KB budget. */
export function siteWeightRows(api: ApiResult, size: string): Row[] {
  const rows: Row[] = [];
  for (const row of api.rows) {
    if (!row.weight) continue;
    const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
    rows.push({
      part: `site: ${row.endpoint.replace('site page: ', '')} weight`,
      size,
      result: `${kb(row.weight.totalGzip)} compressed: HTML ${kb(row.weight.htmlGzip)} (${kb(row.weight.html)} raw) + stylesheet, script and icon ${kb(row.weight.filesGzip)}`,
      against: '',
      ratio: '',
      target: '< 60 KB',
      status: verdict(row.weight.totalGzip < 60 * 1024, `${kb(row.weight.totalGzip - 60 * 1024)} over`),
    });
  }
  return rows;
}

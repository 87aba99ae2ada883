// /openapi.json through the linters client generators' users run: Spectral's `spectral:oas` and
// Redocly's `recommended` rules (configurations at the repository root explain each rule turned
// off). The document depends on the router's options, so it is linted as served with the rate
// limit on and off, at the root and under a base path, and for a network. No error is allowed.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { after, before, describe, it } from 'node:test';
import { createRouter, type RouterOptions } from '@blockstats/server';
import { matrixBin, useMatrix } from './support/matrix.js';
import { REPO_ROOT } from './support/repo.js';

const run = promisify(execFile);
// Both linters come from the test matrix; without it the file skips.
const skip = useMatrix();
// Neither linter may phone home from CI (and the network is closed here anyway).
const env = { ...process.env, SCARF_ANALYTICS: 'false', REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' };

const variants: [string, Omit<RouterOptions, 'snapshot'>, string][] = [
  ['defaults (rate limit on)', {}, 'https://stats.example.net/openapi.json'],
  ['rate limit off', { rateLimit: false }, 'https://stats.example.net/openapi.json'],
  ['under a base path', { basePath: '/stats', baseUrl: 'https://example.net' }, 'https://example.net/stats/openapi.json'],
  // A network (issue 38): every operation also takes `server`.
  ['a network of two servers', { servers: [{ id: 'survival', name: 'Survival', snapshot: () => null }, { id: 'skyblock', name: 'Skyblock', snapshot: () => null }] }, 'https://stats.example.net/openapi.json'],
];

let dir: string;
before(() => {
  dir = mkdtempSync(join(tmpdir(), 'blockstats-openapi-lint-'));
});
after(() => rmSync(dir, { recursive: true, force: true }));

async function served(options: Omit<RouterOptions, 'snapshot'>, url: string, name: string): Promise<string> {
  const response = await createRouter({ snapshot: () => null, ...options }).fetch(new Request(url));
  assert.equal(response.status, 200);
  const file = join(dir, `${name}.json`);
  writeFileSync(file, await response.text());
  return file;
}

describe('/openapi.json passes the linters', { skip }, () => {
  variants.forEach(([title, options, url], index) => {
    it(`Spectral spectral:oas, ${title}: no error`, async () => {
      const file = await served(options, url, `spectral-${index}`);
      // Exit code 1 when anything at or above --fail-severity is found; the JSON says what.
      const { stdout } = await run(matrixBin('spectral'), ['lint', file, '--ruleset', join(REPO_ROOT, '.spectral.yaml'), '--format', 'json', '--fail-severity', 'error', '--quiet'], { env, cwd: REPO_ROOT, maxBuffer: 64 << 20 })
        .catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
      const results = JSON.parse(stdout || '[]') as { code: string; severity: number; path: string[]; message: string }[];
      const errors = results.filter((r) => r.severity === 0).map((r) => `${r.code} at ${r.path.join('.')}: ${r.message}`);
      assert.deepEqual(errors, []);
    });
    it(`Redocly recommended, ${title}: no error`, async () => {
      const file = await served(options, url, `redocly-${index}`);
      const { stdout } = await run(matrixBin('redocly'), ['lint', file, '--config', join(REPO_ROOT, 'redocly.yaml'), '--format', 'json'], { env, cwd: REPO_ROOT, maxBuffer: 64 << 20 })
        .catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
      const report = JSON.parse(stdout) as { totals: { errors: number }; problems: { ruleId: string; severity: string; message: string }[] };
      const errors = report.problems.filter((p) => p.severity === 'error').map((p) => `${p.ruleId}: ${p.message}`);
      assert.deepEqual(errors, []);
      assert.equal(report.totals.errors, 0);
    });
  });
});

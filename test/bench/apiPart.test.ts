import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { ensureBuilt } from '../../packages/cli/test/support.js';
import { useMatrix } from '../support/matrix.js';
import { REPO_ROOT } from '../support/repo.js';

// The API part of the benchmark, run end to end on a tiny generated server, as `npm run bench`
// runs it: the bundled children, wrk, the four servers and the checks of every answer. Timings
// are not judged here (they live in BENCHMARKS.md); what is tested is that every server answers
// and is measured, so a bench that no longer runs fails the suite instead of the next full run.

const wrk = spawnSync('wrk', ['--version'], { encoding: 'utf8' });
const missing = wrk.error ? 'wrk not installed (Debian: apt-get install wrk)' : useMatrix() || null;
if (missing && process.env.CI) throw new Error(`the API bench test needs it under CI: ${missing}`);

describe('npm run bench -- --only api (tiny server)', { skip: missing ?? false }, () => {
  const work = mkdtempSync(join(tmpdir(), 'blockstats-bench-api-'));
  after(() => rmSync(work, { recursive: true, force: true }));

  it('measures blockstats serve, --rate-limit 0, the Fastify yardstick and the bare server on every endpoint asked for', () => {
    ensureBuilt();
    const json = join(work, 'raw.json');
    const args = ['--conditions=source', '--import', 'tsx', 'bench/run.ts', '--sizes', '60', '--only', 'api', '--no-build',
      '--work', work, '--json', json, '--endpoints', 'page,304,site-profile', '--duration', '1', '--rounds', '1', '--warmup', '0'];
    const run = spawnSync(process.execPath, args, { cwd: REPO_ROOT, encoding: 'utf8', timeout: 240_000 });
    assert.equal(run.status, 0, `the bench failed:\n${run.stdout}\n${run.stderr}`);
    assert.doesNotMatch(run.stdout, /failed/, run.stdout);
    const rows = run.stdout.split('\n').filter((line) => line.startsWith('| api: '));
    // Three endpoints, each for serve with its defaults and with --rate-limit 0.
    assert.equal(rows.length, 6, run.stdout);
    for (const row of rows) {
      const cells = row.split('|').map((cell) => cell.trim());
      assert.match(cells[3]!, /^[\d,]+ req\/s/, `blockstats' figure in: ${row}`);
      assert.match(cells[4]!, /^[\d,]+ req\/s/, `Fastify's figure in: ${row}`);
      assert.match(cells[5]!, /^bare [\d,]+ req\/s/, `the bare server's figure in: ${row}`);
    }
    const { raw } = JSON.parse(readFileSync(json, 'utf8')) as { raw: Record<string, { rows: Array<{ results: Record<string, { requests: number; statusErrors: number; socketErrors: number }> }> }> };
    const api = raw['api-60'];
    assert.ok(api, 'the raw JSON holds the API part');
    for (const row of api.rows) {
      for (const [server, result] of Object.entries(row.results)) {
        assert.ok(result.requests > 0, `${server} answered requests`);
        assert.equal(result.statusErrors + result.socketErrors, 0, `${server} answered without errors`);
      }
    }
  });
});

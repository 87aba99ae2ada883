// End to end: a second `blockstats serve` (or a `blockstats record`) on the data directory a
// running `blockstats serve` records into refuses to start, naming the holder, and the first goes
// on recording every pull; once the first has stopped, the directory is free again.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { cliArgs, generateServer, startServe, type ServeProcess } from './support/serveProcess.js';
import { REPO_ROOT } from './support/repo.js';

/** Runs the CLI to its end: exit code and output. */
function runCli(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [...cliArgs('source'), ...args], { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NO_COLOR: '1' } });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += String(chunk)));
  child.stderr.on('data', (chunk) => (stderr += String(chunk)));
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, stdout, stderr })));
}

describe('one data directory, one recording process', () => {
  let work: string;
  let server: string;
  let data: string;
  let config: string;
  let first: ServeProcess;

  before(async () => {
    work = await mkdtemp(join(tmpdir(), 'blockstats-e2e-lock-'));
    server = join(work, 'server');
    data = join(work, 'data');
    generateServer(server, 20);
    config = join(work, 'blockstats.json');
    await writeFile(config, JSON.stringify({ skins: { enabled: false }, modrinth: { enabled: false }, schedule: { refresh: '1s' } }));
    first = await startServe(['--server', server, '--data', data, '--config', config]);
  });

  after(async () => {
    if (first.child.exitCode === null) first.child.kill('SIGKILL');
    await rm(work, { recursive: true, force: true });
  });

  test('a second serve and a record refuse with the holder named; the first records every pull', async () => {
    const second = await runCli(['serve', '--host', '127.0.0.1', '--port', '0', '--server', server, '--data', data, '--config', config]);
    assert.equal(second.code, 1, second.stderr);
    assert.match(second.stderr, new RegExp(`in use by another blockstats process \\(pid ${first.pid}, running since \\d{4}-\\d\\d-\\d\\dT`));
    assert.doesNotMatch(second.stdout, /"event":"pull"/, 'it never pulled');

    const record = await runCli(['record', '--server', server, '--data', data, '--config', config]);
    assert.equal(record.code, 1, record.stderr);
    assert.match(record.stderr, new RegExp(`Cannot record: .*pid ${first.pid}`));

    await first.waitForLine((line) => line.event === 'pull' && first.lines.filter((l) => l.event === 'pull').length >= 3, 30_000);
    const pulls = first.lines.filter((line) => line.event === 'pull');
    assert.ok(pulls.every((pull) => pull.ok === true && pull.recorded === true), JSON.stringify(pulls.map((p) => ({ ok: p.ok, recorded: p.recorded }))));
    assert.deepEqual(first.lines.filter((line) => line.level === 'warn' || line.level === 'error').map((line) => line.event), [], 'no warning (the clock one above all)');
  });

  test('the lock goes with the first process, and the directory is free again', async () => {
    assert.equal(await first.stop(), 0);
    assert.equal(existsSync(join(data, 'data-dir.lock')), false);
    const record = await runCli(['record', '--server', server, '--data', data, '--config', config, '--json']);
    assert.equal(record.code, 0, record.stderr);
  });
});

// `blockstats … | head -1`: the reader closes the pipe early; the CLI stops quietly with 0.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { BIN, ensureBuilt, generateDemo } from './support.js';

let work: string;
let env: NodeJS.ProcessEnv;

before(async () => {
  ensureBuilt();
  work = await mkdtemp(join(tmpdir(), 'blockstats-pipe-'));
  generateDemo(join(work, 'server'), 30);
  env = { ...process.env, NO_COLOR: '1', XDG_STATE_HOME: join(work, 'state'), BLOCKSTATS_SERVER: join(work, 'server') };
});
after(() => rm(work, { recursive: true, force: true }));

/** Runs the binary with its stdout already closed by the reader; what it said and how it ended. */
function withClosedStdout(args: string[]): Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { cwd: work, env, stdio: ['ignore', 'pipe', 'pipe'] });
    // The reader goes away before the program has written anything (it takes far longer to start).
    child.stdout.destroy();
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.once('error', reject);
    child.once('close', (code, signal) => resolve({ code, signal, stderr }));
  });
}

describe('blockstats writing into a closed pipe', () => {
  for (const args of [['--help'], ['players', '--json'], ['top', 'jump']]) {
    it(`blockstats ${args.join(' ')}: exit code 0, no error on stderr`, async () => {
      const { code, signal, stderr } = await withClosedStdout(args);
      // `top` titles its table on stderr; nothing else may appear there.
      assert.doesNotMatch(stderr, /EPIPE|Error|\n\s+at /);
      assert.equal(signal, null);
      assert.equal(code, 0);
    });
  }

  it('blockstats players --json | head -1, through a real shell pipeline', () => {
    const result = spawnSync('bash', ['-c', `"${process.execPath}" "${BIN}" players --json | head -1; echo "status=\${PIPESTATUS[0]}" >&2`], { cwd: work, env, encoding: 'utf8' });
    assert.equal(result.stderr, 'status=0\n');
    assert.equal(result.stdout.split('\n').length, 2, 'one line, then the end');
  });
});

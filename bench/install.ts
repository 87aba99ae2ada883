// The contributor's first minutes, timed: a fresh clone of this repository, the README's
// `npm install`, and `npm start` until the demo server answers. `--cold` gives npm an empty cache
// (every package downloaded from the registry); without it npm uses the machine's cache, as a
// contributor's second clone does.
//
//   node --import tsx bench/install.ts [--cold] [--json FILE]
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, lstatSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO = fileURLToPath(new URL('..', import.meta.url));

/** Bytes of a folder's files, symbolic links not followed (what `du` reports, without blocks). */
function folderBytes(dir: string): number {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) total += folderBytes(path);
    else total += lstatSync(path).size;
  }
  return total;
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Milliseconds from starting `npm start` until /v1/health answers 200. */
async function timeStart(dir: string, state: string): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn('npm', ['start', '--', '--port', String(port), '--host', '127.0.0.1'], { cwd: dir, env: { ...process.env, XDG_STATE_HOME: state }, stdio: 'ignore', detached: true });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}`);
      const status = await fetch(`http://127.0.0.1:${port}/v1/health`).then((r) => (r.body?.cancel(), r.status), () => 0);
      if (status === 200) return performance.now() - started;
      if (performance.now() - started > 120_000) throw new Error('npm start did not answer within 120 s');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } finally {
    if (child.pid) process.kill(-child.pid, 'SIGTERM');
  }
}

const cold = process.argv.includes('--cold');
const jsonAt = process.argv.indexOf('--json');
const work = mkdtempSync(join(tmpdir(), 'blockstats-install-'));
try {
  const dir = join(work, 'blockstats');
  execFileSync('git', ['clone', '-q', REPO, dir]);
  const env = { ...process.env, ...(cold ? { npm_config_cache: join(work, 'npm-cache') } : {}) };
  const installStarted = performance.now();
  execFileSync('npm', ['install', '--no-audit', '--no-fund'], { cwd: dir, env, stdio: ['ignore', 'ignore', 'inherit'] });
  const installMs = performance.now() - installStarted;
  const nodeModulesMb = folderBytes(join(dir, 'node_modules')) / 1e6;
  const startMs = await timeStart(dir, join(work, 'state'));
  const result = { cache: cold ? 'empty' : 'machine', install_s: +(installMs / 1000).toFixed(1), node_modules_mb: Math.round(nodeModulesMb), start_to_answer_s: +(startMs / 1000).toFixed(1) };
  console.log(`fresh clone, npm install (${result.cache} cache): ${result.install_s} s, node_modules ${result.node_modules_mb} MB; npm start answered /v1/health after ${result.start_to_answer_s} s`);
  if (jsonAt > 0) writeFileSync(process.argv[jsonAt + 1]!, `${JSON.stringify(result)}\n`);
} finally {
  rmSync(work, { recursive: true, force: true });
}

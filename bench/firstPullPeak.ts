import { spawn } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { waitIdle } from './lib/cores.js';
import { eachLine } from './lib/eachLine.js';
import { procStatusMb } from './lib/procStatusMb.js';
import type { RuntimeSpec } from './lib/runtime.js';
import { stopChild } from './lib/stopChild.js';
import type { PullTarget } from './pull.js';
import type { PullLine } from './pullLine.js';

/**
 * The first pull's peak RSS with `blockstats serve`'s default refresh (15 minutes), so that no
 * second pull runs while the first one's background writes (snapshot.json, every player's last
 * good reading) are under way, as on a real server: VmHWM once the first pull is logged and the
 * server is idle again. Returns the peak (MB) and the pull's log line.
 */
export async function firstPullPeak(target: PullTarget, workDir: string, spec: RuntimeSpec, config: string): Promise<{ peakMb: number; entry: PullLine }> {
  const dataDir = join(workDir, `pull-first-data-${target.label}`);
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  const argv = [...spec.flags, spec.entry, 'serve', ...target.args, '--data', dataDir, '--config', config, '--host', '127.0.0.1', '--port', '0'];
  const child = spawn(process.execPath, argv, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NO_COLOR: '1' } });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const first = new Promise<PullLine>((resolve, reject) => {
    eachLine(child.stdout, (text) => {
      if (!text.includes('"event":"pull"')) return;
      const entry = JSON.parse(text) as PullLine;
      if (entry.server !== undefined) return; // a network server's own pull: the network's line follows
      if (entry.ok) resolve(entry);
      else reject(new Error(`the first pull failed: ${entry.error ?? '?'}`));
    });
    void exited.then(() => reject(new Error(`blockstats serve exited before its first pull:\n${stderr}`)));
  });
  try {
    const entry = await first;
    await waitIdle(child.pid as number);
    return { peakMb: procStatusMb(child.pid as number, 'VmHWM'), entry };
  } finally {
    await stopChild(child, exited);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// The network's first pull alone (issue 38), with its resident memory traced: `blockstats serve`
// on a generated network (the last server over SFTP on loopback) with the default refresh, VmRSS
// read every second until the first pull's background writes are done; each line of the serve
// log that names memory is printed beside the trace. Prints the trace and VmHWM as JSON lines.
// With `heapDir`, a V8 heap snapshot of the idle server is written there after the first pull (read
// it with bench/heapTop.ts).
// Usage: node --conditions=source --import tsx bench/networkFirstPeak.ts [servers=5] [slots=10000] [work=bench/.work] [heapDir]
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureNetwork } from './generate/generate-network.js';
import { waitIdle } from './lib/cores.js';
import { eachLine } from './lib/eachLine.js';
import { startLoopbackSftp } from './lib/loopbackSftp.js';
import { procStatusMb } from './lib/procStatusMb.js';
import { runtimeSpec } from './lib/runtime.js';
import { sampleRss } from './lib/sampleRss.js';
import { stopChild } from './lib/stopChild.js';
import { networkTarget } from './networkPull.js';

async function main(): Promise<void> {
  const servers = Number(process.argv[2] ?? 5);
  const slots = Number(process.argv[3] ?? 10_000);
  const work = process.argv[4] ?? fileURLToPath(new URL('./.work', import.meta.url));
  const heapDir = process.argv[5];
  const out = (o: unknown): void => void process.stdout.write(`${JSON.stringify(o)}\n`);
  const network = await ensureNetwork(work, { servers, slotsPerServer: slots, shared: 0.6 }, { log: (l) => void process.stderr.write(`${l}\n`) });
  const ssh = await startLoopbackSftp();
  const target = networkTarget(network, work, ssh);
  const config = join(work, 'first-peak-config.json');
  writeFileSync(config, JSON.stringify({ ...target.config, skins: { enabled: false }, modrinth: { enabled: false } }));
  const dataDir = join(work, 'first-peak-data');
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  const spec = runtimeSpec('node');
  const child = spawn(process.execPath, [...spec.flags, ...(heapDir ? ['--heapsnapshot-signal=SIGUSR2', `--diagnostic-dir=${heapDir}`] : []), spec.entry, 'serve', ...target.args, '--data', dataDir, '--config', config, '--host', '127.0.0.1', '--port', '0'], { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, NO_COLOR: '1' } });
  const pid = child.pid as number;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const start = Date.now();
  const s = (): number => Math.round((Date.now() - start) / 100) / 10;
  const stopSampling = sampleRss(pid, start, out);
  const first = new Promise<void>((resolve) => {
    eachLine(child.stdout, (text) => {
      if (text.includes('rss_mb') || text.includes('"event":"pull"') || text.includes('persisted')) out({ t: s(), log: JSON.parse(text) });
      if (text.includes('"event":"pull"') && text.includes('"network":true')) resolve();
    });
  });
  try {
    await Promise.race([first, exited]);
    await waitIdle(pid);
    out({ t: s(), firstPeakMb: Math.round(procStatusMb(pid, 'VmHWM')), rssMb: Math.round(procStatusMb(pid, 'VmRSS')) });
    if (heapDir) await heapSnapshot(child, heapDir);
  } finally {
    stopSampling();
    await stopChild(child, exited);
    ssh.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Has the child write a heap snapshot into `dir` and waits until the file is whole. */
async function heapSnapshot(child: ChildProcess, dir: string): Promise<void> {
  mkdirSync(dir, { recursive: true });
  const before = new Set(readdirSync(dir));
  child.kill('SIGUSR2');
  for (let last = -1; ; ) {
    await new Promise((resolve) => setTimeout(resolve, 2000));
    if (child.exitCode !== null || child.signalCode !== null) throw new Error('the server ended before its heap snapshot was written');
    const file = readdirSync(dir).find((name) => !before.has(name) && name.endsWith('.heapsnapshot'));
    const size = file ? statSync(join(dir, file)).size : -1;
    if (file && size > 0 && size === last) return void process.stderr.write(`heap snapshot ${join(dir, file)}\n`);
    last = size;
  }
}

void main();

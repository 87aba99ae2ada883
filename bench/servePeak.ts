// Where a lone server's peak resident memory happens (issue 42): `blockstats serve` (the built
// CLI) on a save with a short refresh, VmRSS read every second beside the serve log's pull and
// memory lines, for a given number of pulls and then a few idle seconds (the background writes
// and the idle collection).
// Usage: node --conditions=source --import tsx bench/servePeak.ts <save dir> [pulls=3] [work=bench/.work] [-- node flags]
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { eachLine } from './lib/eachLine.js';
import { procStatusMb } from './lib/procStatusMb.js';
import { runtimeSpec } from './lib/runtime.js';
import { sampleRss } from './lib/sampleRss.js';
import { stopChild } from './lib/stopChild.js';

async function main(): Promise<void> {
  const dash = process.argv.indexOf('--');
  const args = dash < 0 ? process.argv.slice(2) : process.argv.slice(2, dash);
  const nodeFlags = dash < 0 ? [] : process.argv.slice(dash + 1);
  const [save, pullsText = '3', workArg] = args;
  if (!save) throw new Error('usage: servePeak.ts <save dir> [pulls] [work]');
  const pulls = Number(pullsText);
  const work = workArg ?? fileURLToPath(new URL('./.work', import.meta.url));
  const out = (o: unknown): void => void process.stdout.write(`${JSON.stringify(o)}\n`);
  const dataDir = join(work, 'serve-peak-data');
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  const config = join(work, 'serve-peak-config.json');
  writeFileSync(config, JSON.stringify({ skins: { enabled: false }, modrinth: { enabled: false } }));
  const spec = runtimeSpec('node');
  const argv = [...spec.flags, ...nodeFlags, spec.entry, 'serve', '--server', save, '--data', dataDir, '--config', config, '--host', '127.0.0.1', '--port', '0', '--refresh', '10s', '--rate-limit', '0', '--verbose'];
  const child = spawn(process.execPath, argv, { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, NO_COLOR: '1' } });
  const pid = child.pid as number;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const start = Date.now();
  const s = (): number => Math.round((Date.now() - start) / 100) / 10;
  const stopSampling = sampleRss(pid, start, out);
  let seen = 0;
  const done = new Promise<void>((resolve) => {
    eachLine(child.stdout, (text) => {
      if (!/"event":"(pull|listening|persisted|gc|memory)"|rss_mb|heap/.test(text)) return;
      out({ t: s(), log: JSON.parse(text) });
      if (text.includes('"event":"pull"')) {
        seen++;
        if (seen >= pulls) resolve();
      }
    });
  });
  try {
    await Promise.race([done, exited]);
    await new Promise((r) => setTimeout(r, Number(process.env.SERVE_PEAK_IDLE_MS ?? 8000)));
    out({ t: s(), peakMb: Math.round(procStatusMb(pid, 'VmHWM')), rssMb: Math.round(procStatusMb(pid, 'VmRSS')) });
  } finally {
    stopSampling();
    await stopChild(child, exited);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

void main();

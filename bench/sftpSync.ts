// The SFTP mirror's sync alone (issue 38): a generated save served by a real sshd on loopback
// (the network bench's remote server), mirrored once whole, synced once with nothing changed (the
// listing alone), then `syncs` times after 1 % of its
// players were rewritten, each timed in wall and in this process's CPU (main thread and the
// others: libuv's pool writes the copies). What the network's remote server costs its pull.
// `thread` syncs as `blockstats serve` does, on a worker thread of its own (`sftpWorkerSource`);
// `inline` on the main thread (`sftpSource`, as the CLI's one-shot commands do). `stallMs`: the
// longest the main thread's event loop was held during a sync.
//
//   node --conditions=source --import tsx bench/sftpSync.ts [players=10000] [syncs=5] [work=bench/.work] [thread|inline]

import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { DEFAULT_READ_LIMITS } from '../packages/core/src/index.js';
import { sftpSource } from '../packages/server/src/remote/createSaveSource.js';
import { parseSaveLocation, type SftpSaveLocation } from '../packages/server/src/remote/parseSaveLocation.js';
import { sftpSettings } from '../packages/server/src/remote/sftpSettings.js';
import { sftpWorkerSource } from '../packages/server/src/remote/sftpWorkerSource.js';
import { ensureSave } from './generate/generate-save.js';
import { sftpUrl, startLoopbackSftp } from './lib/loopbackSftp.js';
import { threadsCpu } from './lib/threadsCpu.js';
import { writePlayers } from './pull.js';

const players = Number(process.argv[2] ?? 10_000);
const syncs = Number(process.argv[3] ?? 5);
const work = process.argv[4] ?? fileURLToPath(new URL('./.work', import.meta.url));
const mode = process.argv[5] ?? 'thread';
if (mode !== 'thread' && mode !== 'inline') throw new Error(`the mode is thread or inline, not ${mode}`);
const say = (line: string): void => void process.stderr.write(`${line}\n`);

const save = await ensureSave(work, players, { log: say });
const ssh = await startLoopbackSftp();
const mirrorBase = mkdtempSync(join(work, 'sftp-sync-'));
const parsed = parseSaveLocation(sftpUrl(ssh, save.dir));
if (!parsed.ok) throw new Error(parsed.message);
// As `serve` validates its `sftp` section: the host key pinned as a list of fingerprints.
const settings = sftpSettings({ private_key: ssh.clientKey, host_key_sha256: [ssh.fingerprint()] } as never, {});
const source = (mode === 'thread' ? sftpWorkerSource : sftpSource)(parsed.location as SftpSaveLocation, { settings, mirrorBase, limits: DEFAULT_READ_LIMITS, keepOpenMs: 600_000 });

type Figures = { wallMs: number; mainMs: number; otherMs: number; stallMs: number };

/**
 * One sync, timed; `stallMs`: the longest the main thread's event loop was held during it (what
 * a request arriving then would wait at worst), from `monitorEventLoopDelay`.
 */
async function timed(label: string): Promise<Figures> {
  const delay = monitorEventLoopDelay({ resolution: 5 });
  const before = threadsCpu();
  const begin = performance.now();
  delay.enable();
  await source.prepare();
  delay.disable();
  const wallMs = Math.round(performance.now() - begin);
  const after = threadsCpu();
  const figures = { wallMs, mainMs: after.main - before.main, otherMs: after.all - after.main - (before.all - before.main), stallMs: Math.round(delay.max / 1e6) };
  say(`${label}: ${JSON.stringify(figures)}`);
  return figures;
}

try {
  await timed('first copy');
  // The listing alone: every folder listed, nothing copied.
  const unchanged = await timed('nothing changed');
  const measured: Figures[] = [];
  for (let i = 1; i <= syncs; i++) {
    await writePlayers(save, i);
    measured.push(await timed(`1 % changed ${i}`));
  }
  const median = (key: keyof Figures): number => measured.map((m) => m[key]).sort((a, b) => a - b)[Math.floor(measured.length / 2)]!;
  process.stdout.write(`${JSON.stringify({ players, syncs, mode, wallMs: median('wallMs'), mainMs: median('mainMs'), otherMs: median('otherMs'), stallMs: median('stallMs'), unchanged })}\n`);
} finally {
  await writePlayers(save, 0);
  source.close?.();
  await ssh.close();
  rmSync(mirrorBase, { recursive: true, force: true });
}

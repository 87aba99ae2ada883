// The worker thread of `createPngWorkers`: renders the SVGs the server's thread sends, one at a
// time, and replies with the PNG or the error's message. Started by file (see
// `createPngWorkers`), never imported: rasterising a card takes tens of milliseconds of CPU that
// must never be spent on the thread that answers requests.
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import { loadToPngSync } from '@blockstats/svg/png';
import type { PngWorkerReply } from './PngWorkerReply.js';

if (parentPort === null) throw new Error('png-worker runs as a worker thread (see createPngWorkers)');
const port = parentPort;

/**
 * Linux gives each thread a nice value of its own: this one yields the CPU to the server's
 * thread, so a burst of renders on a busy machine slows the renders, not `/v1/health`. Best
 * effort (elsewhere, or without /proc, the thread keeps the process's priority).
 */
function lowerPriority(): void {
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (Number.isSafeInteger(tid) && tid > 0) setPriority(tid, 10);
  } catch {
    // Not Linux, or not allowed: the priority stays as it is.
  }
}
lowerPriority();

// Drawn and encoded on this (lowered) thread: toPng would encode on libuv's shared pool, at the
// process's priority, on the cores the server's thread needs.
const toPngSync = await loadToPngSync();
port.postMessage({ ready: true } satisfies PngWorkerReply);

port.on('message', (svg: string) => {
  let reply: PngWorkerReply;
  try {
    reply = { png: toPngSync(svg) };
  } catch (error) {
    reply = { error: error instanceof Error ? error.message : String(error) };
  }
  port.postMessage(reply);
});

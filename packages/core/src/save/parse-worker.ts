// The worker thread of `parseInWorkers`: parses the batches of files the main thread hands it,
// one batch at a time, and asks for the next by replying. Started by file (see
// `parseInWorkers`), never imported.
//
// Its summaries are packed against its own StringTable: a string table cannot be shared between
// threads, so each reply carries the strings added since the previous one (each string crosses
// once) and the main thread renumbers the packed data into its own table.
import { parentPort, workerData } from 'node:worker_threads';
import { StringTable } from './packed.js';
import type { WorkerReply } from './parse-in-workers.js';
import { parseRequest, type ParseLimits, type ParseOutcome, type ParseRequest } from './parse-request.js';
import { DEFAULT_READ_LIMITS } from './read-limits.js';
import { lowerThreadPriority } from './lower-thread-priority.js';

if (parentPort === null) throw new Error('parse-worker runs as a worker thread (see parseInWorkers)');
const port = parentPort;
const limits: ParseLimits = (workerData as { limits?: ParseLimits } | null)?.limits ?? DEFAULT_READ_LIMITS;

// Parsing yields the cores to the thread that answers requests (see lowerThreadPriority).
lowerThreadPriority();

const strings = new StringTable();
/** How many of `strings` the main thread already has. */
let sent = 0;

/**
 * Posts a reply. Its packed summaries are copied, not transferred: a transferred buffer is freed
 * by the main thread's collections, back into this thread's malloc arena, and a serving main
 * thread collects its young generation rarely (see `youngGenerationGrowth`), so this thread's
 * arena grew by the batches the main thread had not collected yet and kept that size (glibc
 * keeps a thread's arena after the thread, and trims only its top): copied, each summary is
 * freed by this thread's own frequent young collections, and the copy the main thread gets is
 * in its own arena.
 */
function reply(outcomes: ParseOutcome[] | null): void {
  const message: WorkerReply = { strings: strings.strings.slice(sent), outcomes };
  sent = strings.size;
  port.postMessage(message);
}

port.on('message', (batch: ParseRequest[]) => {
  const outcomes: ParseOutcome[] = [];
  for (const request of batch) outcomes.push(parseRequest(request, strings, limits));
  reply(outcomes);
});

// Ready: the first request for work.
reply(null);

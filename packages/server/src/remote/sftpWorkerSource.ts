import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { SaveWarning } from '@blockstats/core';
import { locateWorkerFile, workerEntry } from '@blockstats/core/node';
import { sftpSource, type MirrorOptions, type SaveSource } from './createSaveSource.js';
import type { SftpSaveLocation } from './parseSaveLocation.js';
import { RemoteSaveError } from './RemoteSaveError.js';
import type { SftpWorkerData, SftpWorkerReply, SftpWorkerRequest } from './SftpWorkerMessages.js';

/** A `prepare` under way on the worker. */
interface Pending {
  resolve: (warnings: SaveWarning[]) => void;
  reject: (error: RemoteSaveError) => void;
}

/**
 * `sftpSource` on a worker thread of its own (`sftp-worker`): the same mirror, syncs and errors,
 * and its log lines in `options.log`, but the SSH protocol's CPU (packets, encryption, the
 * listings) is spent beside the thread that answers requests and builds snapshots: in a network's
 * 1 %-changed pull, ~400 ms of it ran on that thread, between the other servers' reads. The
 * thread starts at the first sync and is started again after a crash (the syncs then under way
 * fail as a dropped connection); it never keeps the process alive while no sync runs. Without
 * its script beside this module (bundled into an application), the sync runs on this thread.
 *
 * @example
 * const source = sftpWorkerSource(location, { settings, mirrorBase, limits: DEFAULT_READ_LIMITS, keepOpenMs: 1_200_000, log });
 * const warnings = await source.prepare();
 * source.close();
 */
export function sftpWorkerSource(location: SftpSaveLocation, options: MirrorOptions): SaveSource {
  const script = locateWorkerFile('sftp-worker', import.meta.url);
  if (script === null) return sftpSource(location, options);
  const data: SftpWorkerData = {
    location, settings: options.settings, mirrorBase: options.mirrorBase, limits: options.limits, keepOpenMs: options.keepOpenMs ?? 0,
    ...(options.fullListingEveryMs !== undefined ? { fullListingEveryMs: options.fullListingEveryMs } : {}),
  };
  const pending = new Map<number, Pending>();
  let worker: Worker | null = null;
  let sequence = 0;
  let closed = false;

  const lose = (why: string): void => {
    worker = null;
    for (const { reject } of pending.values()) reject(new RemoteSaveError('dropped', `${location.url}: the SFTP thread stopped (${why})`));
    pending.clear();
  };
  const started = (): Worker => {
    if (worker !== null) return worker;
    const thread = new Worker(workerEntry(script, 'blockstats-sftp-worker'), { workerData: data });
    thread.on('message', (message: SftpWorkerReply) => {
      if ('log' in message) {
        options.log?.log(...message.log);
        return;
      }
      const waiting = pending.get(message.id);
      if (waiting === undefined) return;
      pending.delete(message.id);
      if (pending.size === 0) thread.unref();
      if ('warnings' in message) waiting.resolve(message.warnings);
      else waiting.reject(new RemoteSaveError(message.error.code, message.error.message));
    });
    // An 'error' (an uncaught exception, a failed start) is followed by 'exit'.
    thread.on('error', (error) => {
      if (worker === thread) lose(error.message);
    });
    thread.on('exit', (code) => {
      if (worker === thread) lose(`exited with code ${code}`);
    });
    thread.unref();
    return (worker = thread);
  };
  const send = (request: SftpWorkerRequest): void => started().postMessage(request);

  return {
    dir: join(options.mirrorBase, 'save'),
    display: location.url,
    remote: true,
    prepare(signal) {
      if (closed) return Promise.reject(new RemoteSaveError('dropped', `${location.url}: the source was closed`));
      const id = ++sequence;
      return new Promise<SaveWarning[]>((resolve, reject) => {
        const onAbort = (): void => worker?.postMessage({ op: 'abort', id, reason: reasonOf(signal!) } satisfies SftpWorkerRequest);
        const untie = (): void => signal?.removeEventListener('abort', onAbort);
        pending.set(id, { resolve: (warnings) => (untie(), resolve(warnings)), reject: (error) => (untie(), reject(error)) });
        send({ op: 'prepare', id });
        worker!.ref();
        if (signal?.aborted) onAbort();
        else signal?.addEventListener('abort', onAbort, { once: true });
      });
    },
    prepareAhead() {
      if (!closed) send({ op: 'ahead' });
    },
    cancelAhead(reason) {
      worker?.postMessage({ op: 'cancel', reason: reason.message } satisfies SftpWorkerRequest);
    },
    close() {
      closed = true;
      const thread = worker;
      if (thread === null) return;
      thread.postMessage({ op: 'close' } satisfies SftpWorkerRequest);
      lose('the source was closed');
    },
  };
}

function reasonOf(signal: AbortSignal): string {
  return signal.reason instanceof Error ? signal.reason.message : 'aborted';
}

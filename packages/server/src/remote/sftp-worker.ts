// The worker thread of `sftpWorkerSource`: one SFTP save's mirror (`sftpSource`) synced here, so
// that the SSH protocol's work (its packets, encryption, the listing of 30,000 entries) is never
// spent on the thread that answers requests. Started by file, never imported.
import { parentPort, workerData } from 'node:worker_threads';
import { sftpSource } from './createSaveSource.js';
import { RemoteSaveError } from './RemoteSaveError.js';
import type { SftpWorkerData, SftpWorkerReply, SftpWorkerRequest } from './SftpWorkerMessages.js';

if (parentPort === null) throw new Error('sftp-worker runs as a worker thread (see sftpWorkerSource)');
const port = parentPort;
const data = workerData as SftpWorkerData;
const reply = (message: SftpWorkerReply): void => port.postMessage(message);

// A Buffer crosses threads as a plain Uint8Array: ssh2 takes a key as a Buffer.
const { privateKey } = data.settings.credentials;
const credentials = { ...data.settings.credentials, ...(privateKey ? { privateKey: Buffer.from(privateKey.buffer, privateKey.byteOffset, privateKey.byteLength) } : {}) };
const source = sftpSource(data.location, {
  settings: { ...data.settings, credentials },
  mirrorBase: data.mirrorBase,
  limits: data.limits,
  keepOpenMs: data.keepOpenMs,
  ...(data.fullListingEveryMs !== undefined ? { fullListingEveryMs: data.fullListingEveryMs } : {}),
  log: { log: (level, event, fields = {}) => reply({ log: [level, event, fields] }) },
});
/** The `prepare`s under way, by id: their abort. */
const running = new Map<number, AbortController>();

port.on('message', (request: SftpWorkerRequest) => {
  switch (request.op) {
    case 'prepare': {
      const controller = new AbortController();
      running.set(request.id, controller);
      source.prepare(controller.signal).then(
        (warnings) => reply({ id: request.id, warnings }),
        (error: unknown) => {
          const known = error instanceof RemoteSaveError;
          reply({ id: request.id, error: { code: known ? error.code : 'dropped', message: known ? error.message : `${data.location.url}: ${String(error)}` } });
        },
      ).finally(() => running.delete(request.id));
      break;
    }
    case 'abort':
      running.get(request.id)?.abort(new Error(request.reason));
      break;
    case 'ahead':
      source.prepareAhead?.();
      break;
    case 'cancel':
      source.cancelAhead?.(new Error(request.reason));
      break;
    case 'close':
      source.close?.();
      port.close();
      break;
  }
});

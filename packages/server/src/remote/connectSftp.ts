import { Socket } from 'node:net';
// ssh2 is CommonJS: Node's ESM loader sees its exports only as the default export's properties.
import type { ConnectConfig, FileEntryWithStats, SFTPWrapper, Stats } from 'ssh2';
import { verifyHostKey, type HostKeyPins } from './hostKeyVerifier.js';
import type { SftpSaveLocation } from './parseSaveLocation.js';
import { RemoteSaveError } from './RemoteSaveError.js';

/** How to log in: a private key (with its passphrase) and/or a password, already read from their files or variables. */
export interface SftpCredentials {
  privateKey?: Buffer;
  passphrase?: string;
  password?: string;
}

/** An open SFTP session whose every request is bounded in time. */
export interface SftpSession {
  readdir(path: string): Promise<FileEntryWithStats[]>;
  stat(path: string): Promise<Stats>;
  /** As `stat`, but a symbolic link is described, not followed (as a listing's entries are). */
  lstat(path: string): Promise<Stats>;
  open(path: string): Promise<Buffer>;
  fstat(handle: Buffer): Promise<Stats>;
  read(handle: Buffer, buffer: Buffer, position: number): Promise<number>;
  close(handle: Buffer): Promise<void>;
  /**
   * Ties a use of the session to a signal: its abort ends the connection (every request in
   * flight then fails). Returns the function that unties it, for a connection kept for the next use.
   */
  watch(signal: AbortSignal | undefined): () => void;
  /** False once the connection ended: closed by either side, dropped, timed out or stopped. */
  alive(): boolean;
  /** Ends the connection (idempotent). */
  end(): void;
}

/** SFTP status codes (draft-ietf-secsh-filexfer-02) a sync tells apart. */
export const SFTP_NO_SUCH_FILE = 2;
export const SFTP_PERMISSION_DENIED = 3;

export interface ConnectOptions {
  location: SftpSaveLocation;
  credentials: SftpCredentials;
  hostKeys: HostKeyPins;
  /** Longest wait for the handshake and for any one request (ms). */
  timeoutMs: number;
  /** Stops the connecting (a use of the session is tied to its own signal by `watch`). */
  signal?: AbortSignal;
}

/**
 * Connects and opens an SFTP session. Rejects with a {@link RemoteSaveError} whose message is
 * safe to log: a refused host key (unknown or changed), a refused login, a server down or
 * silent. A request not answered within `timeoutMs`, or the signal a use is tied to (see
 * `watch`) aborting, ends the whole connection (every request in flight then fails): a stalled
 * server never holds a pull.
 */
export async function connectSftp(options: ConnectOptions): Promise<SftpSession> {
  const { location, credentials, hostKeys, timeoutMs, signal } = options;
  const where = location.url;
  signal?.throwIfAborted();
  // Loaded here, not at start: a server without SFTP never loads ssh2 (see `sftpSettings`).
  const { default: ssh2 } = await import('ssh2');
  signal?.throwIfAborted();
  const client = new ssh2.Client();
  // Errors surface through the connecting promise, the close and the pending requests. An error
  // after the first one (a reset of the half-closed socket after a stop while connecting, seen on
  // Node 24) must not be an uncaught exception: it killed the thread that syncs.
  client.on('error', () => undefined);
  // Our own socket, so that the requests sent in one turn of the event loop leave in one write (see `batchWrites`).
  const sock = new Socket();
  let refusedKey: string | null = null;
  let ended: RemoteSaveError | null = null;
  const end = (why: RemoteSaveError): void => {
    ended ??= why;
    client.end();
    client.destroy();
  };
  const stopped = (by: AbortSignal): RemoteSaveError => new RemoteSaveError('dropped', `${where}: the copy was stopped (${String(by.reason instanceof Error ? by.reason.message : 'aborted')})`);
  const onAbort = (): void => end(stopped(signal!));
  signal?.addEventListener('abort', onAbort, { once: true });
  const config: ConnectConfig = {
    sock,
    username: location.username,
    ...(credentials.privateKey ? { privateKey: credentials.privateKey } : {}),
    ...(credentials.passphrase !== undefined ? { passphrase: credentials.passphrase } : {}),
    ...(credentials.password !== undefined ? { password: credentials.password } : {}),
    readyTimeout: timeoutMs,
    // A connection that dies silently (a panel restarted, a NAT forgot it) is noticed in ~3 intervals.
    keepaliveInterval: Math.max(1000, Math.floor(timeoutMs / 3)),
    keepaliveCountMax: 3,
    hostVerifier: (key: Buffer) => {
      const verdict = verifyHostKey(key, location.host, location.port, hostKeys);
      if (!verdict.ok) refusedKey = verdict.reason;
      return verdict.ok;
    },
  };
  const sftp = await new Promise<SFTPWrapper>((resolve, reject) => {
    client.once('error', (error: Error & { level?: string; code?: string }) => reject(connectError(where, error, refusedKey, ended)));
    client.once('close', () => reject(ended ?? new RemoteSaveError('dropped', `${where}: the connection closed before the session opened`)));
    client.once('ready', () => {
      client.sftp((error, session) => (error ? reject(new RemoteSaveError('unreachable', `${where}: the server refused an SFTP session: ${error.message}`)) : resolve(session)));
    });
    // Every SFTP request is a small packet answered before the next one of its file is sent:
    // with Nagle's algorithm each waited for the delayed ACK of the one before (~40 ms a round
    // trip instead of ~1 ms on loopback), which made a listing of 2,000 files take seconds.
    sock.setNoDelay(true);
    sock.connect({ host: location.host, port: location.port });
    client.connect(config);
  }).catch((error: unknown) => {
    client.destroy();
    throw error;
  }).finally(() => signal?.removeEventListener('abort', onAbort));
  /** What each request in flight does when the connection closes (one listener for them all). */
  const inFlight = new Set<() => void>();
  client.once('close', () => {
    // A request started after the connection went away fails at once instead of waiting out its timer.
    ended ??= new RemoteSaveError('dropped', `${where}: the connection dropped`);
    for (const onClose of inFlight) onClose();
    inFlight.clear();
  });

  const batch = batchWrites(sock);

  /** One request, bounded: past `timeoutMs` the connection is ended and the request rejects. */
  function request<T>(what: string, start: (done: (error: Error | undefined | null, value: T) => void) => void): Promise<T> {
    if (ended) return Promise.reject(ended);
    batch();
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        end(new RemoteSaveError('timeout', `${where}: no answer to ${what} within ${timeoutMs} ms; the connection was closed`));
        reject(ended);
      }, timeoutMs);
      const onClose = (): void => {
        clearTimeout(timer);
        reject(ended ?? new RemoteSaveError('dropped', `${where}: the connection dropped during ${what}`));
      };
      inFlight.add(onClose);
      start((error, value) => {
        clearTimeout(timer);
        inFlight.delete(onClose);
        if (error) reject(ended ?? error);
        else resolve(value);
      });
    });
  }
  return {
    readdir: (path) => request(`listing ${path}`, (done) => sftp.readdir(path, done)),
    stat: (path) => request(`stat ${path}`, (done) => sftp.stat(path, done)),
    lstat: (path) => request(`lstat ${path}`, (done) => sftp.lstat(path, done)),
    open: (path) => request(`opening ${path}`, (done) => sftp.open(path, 'r', done)),
    fstat: (handle) => request('fstat', (done) => sftp.fstat(handle, done)),
    read: (handle, buffer, position) => request('a read', (done) => sftp.read(handle, buffer, 0, buffer.length, position, (error, bytes) => done(error, bytes))),
    close: (handle) => request('closing a file', (done) => sftp.close(handle, (error) => done(error, undefined))),
    watch: (use) => {
      if (use === undefined) return () => undefined;
      const stop = (): void => end(stopped(use));
      if (use.aborted) stop();
      else use.addEventListener('abort', stop, { once: true });
      return () => use.removeEventListener('abort', stop);
    },
    alive: () => ended === null,
    end: () => end(new RemoteSaveError('dropped', `${where}: the session was closed`)),
  };
}

/**
 * Returns a function that holds the socket's writes until the current turn of the event loop
 * is over (its ticks and promise continuations run), then sends them in one write. A sync keeps
 * 16 files in flight and each answer's continuation sends the next request: one system call a
 * packet cost the main thread ~180 ms of a 1 %-changed pull of 10,000 players (`writeBuffer`,
 * `bench/networkPullProfile.ts`, 2026-11-30).
 */
function batchWrites(sock: Socket): () => void {
  let held = false;
  const release = (): void => {
    held = false;
    sock.uncork();
  };
  return () => {
    if (held) return;
    held = true;
    sock.cork();
    process.nextTick(release);
  };
}

/** What a failed connection attempt says, without any credential (ssh2's messages hold none). */
function connectError(where: string, error: Error & { level?: string; code?: string }, refusedKey: string | null, ended: RemoteSaveError | null): RemoteSaveError {
  if (ended) return ended;
  if (refusedKey !== null) return new RemoteSaveError('host_key', `${where}: ${refusedKey}`);
  if (error.level === 'client-authentication') return new RemoteSaveError('auth', `${where}: the server refused the login (wrong user, key, passphrase or password)`);
  if (error.level === 'client-timeout') return new RemoteSaveError('timeout', `${where}: no SSH handshake within the timeout`);
  if (error.code === 'ECONNREFUSED') return new RemoteSaveError('unreachable', `${where}: connection refused (is the server down?)`);
  if (error.code === 'ENOTFOUND' || error.code === 'EAI_AGAIN') return new RemoteSaveError('unreachable', `${where}: the host name does not resolve`);
  return new RemoteSaveError('unreachable', `${where}: ${error.message}`);
}

import type { SftpSession } from './connectSftp.js';
import { RemoteSaveError } from './RemoteSaveError.js';

/** An SFTP connection kept open from one sync to the next (see {@link keptConnection}). */
export interface KeptConnection {
  /**
   * Runs `work` on the open connection, or on a new one when there is none or it has ended, the
   * signal tied to it (its abort ends the connection). `reused` tells `work` whether the
   * connection served a sync before. Any failure ends the connection: the next use opens
   * another. A kept connection found dropped or stalled is replaced once (`work` runs again).
   */
  use<T>(signal: AbortSignal | undefined, work: (session: SftpSession, reused: boolean) => Promise<T>): Promise<T>;
  /** Ends the connection now (shutdown); a later `use` opens a new one. */
  close(): void;
}

export interface KeptConnectionOptions {
  /** Opens a connection (`connectSftp`), stoppable by the signal. */
  connect(signal: AbortSignal | undefined): Promise<SftpSession>;
  /** How long a connection stays open after a sync for the next one; 0 closes it after each sync. */
  idleMs: number;
  /** Timers (tests inject their own). Default `setTimeout`/`clearTimeout`, the timer unref'd: it never keeps a process up. */
  timers?: { set(run: () => void, ms: number): unknown; clear(timer: unknown): void };
}

const REAL_TIMERS = {
  set: (run: () => void, ms: number): unknown => setTimeout(run, ms).unref(),
  clear: (timer: unknown): void => clearTimeout(timer as NodeJS.Timeout),
};

/**
 * The connection of one remote save, kept between its syncs: a key exchange and login
 * (tenths of a second on loopback, seconds across the world) once, not every pull. It is
 * closed after `idleMs` without a sync (set well past the pull interval, so only a server that
 * stopped pulling closes it), at `close()` (shutdown), and on any failure. A connection that
 * died while idle (the host restarted, a NAT forgot it: ssh keepalives notice) is not used:
 * the next sync connects anew; one found dead only by the sync (dropped, or a request not
 * answered within the timeout of `connectSftp`) is replaced once, the sync done again on the
 * new one: a dead connection costs a pull at most one request's timeout, never a hang.
 *
 * @example
 * const connection = keptConnection({ connect: (signal) => connectSftp({ ...login, signal }), idleMs: 30 * 60_000 });
 * const report = await connection.use(pullSignal, (session) => syncMirror({ session, ...mirror }));
 * process.once('SIGTERM', () => connection.close());
 */
export function keptConnection(options: KeptConnectionOptions): KeptConnection {
  const timers = options.timers ?? REAL_TIMERS;
  // Kept only after a sync succeeded on it: any failure ends it.
  let session: SftpSession | null = null;
  let idle: unknown = null;
  let closes = 0;
  const stopIdle = (): void => {
    if (idle !== null) timers.clear(idle);
    idle = null;
  };
  const drop = (): void => {
    stopIdle();
    session?.end();
    session = null;
  };
  /** One run of `work`: its value, or its failure with whether it ran on a kept connection. */
  async function attempt<T>(signal: AbortSignal | undefined, work: (session: SftpSession, reused: boolean) => Promise<T>): Promise<{ value: T } | { error: unknown; reused: boolean }> {
    if (session !== null && !session.alive()) drop();
    const reused = session !== null;
    const current = session ?? (await options.connect(signal));
    session = current;
    const untie = current.watch(signal);
    try {
      return { value: await work(current, reused) };
    } catch (error) {
      current.end();
      if (session === current) session = null;
      return { error, reused };
    } finally {
      untie();
    }
  }
  return {
    async use(signal, work) {
      stopIdle();
      const closesBefore = closes;
      let outcome = await attempt(signal, work);
      // A kept connection dropped or stalled, neither stopped nor closed here: it most likely died while idle.
      const dead = 'error' in outcome && outcome.reused && outcome.error instanceof RemoteSaveError && (outcome.error.code === 'dropped' || outcome.error.code === 'timeout');
      if (dead && !signal?.aborted && closes === closesBefore) outcome = await attempt(signal, work);
      if ('error' in outcome) throw outcome.error;
      if (options.idleMs <= 0 || closes !== closesBefore) drop();
      else if (session !== null) idle = timers.set(drop, options.idleMs);
      return outcome.value;
    },
    close() {
      closes++;
      drop();
    },
  };
}

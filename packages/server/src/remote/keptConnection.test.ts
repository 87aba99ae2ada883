import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { SftpSession } from './connectSftp.js';
import { keptConnection } from './keptConnection.js';
import { RemoteSaveError } from './RemoteSaveError.js';

// The connection kept between syncs, on fake sessions and timers (the real sshd cases are in
// test/sftp-kept.test.ts): reused while alive, replaced when dead, ended on any failure, after
// the idle time, and at close().

interface FakeSession extends SftpSession {
  id: number;
  ended: boolean;
  /** The connection dies without anyone ending it (the host went away). */
  die(): void;
  /** Signals tied to it and not untied. */
  watching: Set<AbortSignal>;
}

function fakes() {
  const sessions: FakeSession[] = [];
  const connect = async (): Promise<SftpSession> => {
    let dead = false;
    const session = {
      id: sessions.length + 1,
      ended: false,
      watching: new Set<AbortSignal>(),
      die: () => void (dead = true),
      watch(signal: AbortSignal | undefined) {
        if (!signal) return () => undefined;
        session.watching.add(signal);
        return () => void session.watching.delete(signal);
      },
      alive: () => !dead && !session.ended,
      end: () => void (session.ended = true),
    } as unknown as FakeSession;
    sessions.push(session);
    return session;
  };
  const timers: Array<{ run: () => void; ms: number; cleared: boolean }> = [];
  const fakeTimers = {
    set: (run: () => void, ms: number) => {
      const timer = { run, ms, cleared: false };
      timers.push(timer);
      return timer;
    },
    clear: (timer: unknown) => void ((timer as { cleared: boolean }).cleared = true),
  };
  const pending = () => timers.filter((t) => !t.cleared);
  return { sessions, connect, timers: fakeTimers, pending };
}

const dropped = () => new RemoteSaveError('dropped', 'sftp://mc@host/srv: the connection dropped');

describe('keptConnection', () => {
  it('reuses one connection from sync to sync, unties each sync\'s signal, and closes it after the idle time', async () => {
    const { sessions, connect, timers, pending } = fakes();
    const connection = keptConnection({ connect, idleMs: 1_800_000, timers });
    const seen: Array<[number, boolean]> = [];
    const work = async (session: SftpSession, reused: boolean) => void seen.push([(session as FakeSession).id, reused]);
    await connection.use(new AbortController().signal, work);
    await connection.use(new AbortController().signal, work);
    assert.deepEqual(seen, [[1, false], [1, true]]);
    assert.equal(sessions.length, 1);
    assert.equal(sessions[0]!.watching.size, 0, 'no signal of a finished sync is still tied to it');
    assert.equal(sessions[0]!.ended, false);
    assert.deepEqual(pending().map((t) => t.ms), [1_800_000], 'one idle timer, the previous one cleared');
    pending()[0]!.run();
    assert.equal(sessions[0]!.ended, true);
    await connection.use(undefined, work);
    assert.deepEqual(seen.at(-1), [2, false]);
  });

  it('with no idle time, each sync opens its connection and ends it', async () => {
    const { sessions, connect, timers, pending } = fakes();
    const connection = keptConnection({ connect, idleMs: 0, timers });
    await connection.use(undefined, async () => 1);
    await connection.use(undefined, async () => 2);
    assert.deepEqual(sessions.map((s) => s.ended), [true, true]);
    assert.equal(pending().length, 0);
  });

  it('a connection that died while idle is not used: the next sync connects anew', async () => {
    const { sessions, connect, timers } = fakes();
    const connection = keptConnection({ connect, idleMs: 60_000, timers });
    await connection.use(undefined, async () => undefined);
    sessions[0]!.die();
    const reused = await connection.use(undefined, async (_session, kept) => kept);
    assert.equal(reused, false);
    assert.equal(sessions.length, 2);
  });

  it('any failure ends the connection; the next sync opens another', async () => {
    const { sessions, connect, timers, pending } = fakes();
    const connection = keptConnection({ connect, idleMs: 60_000, timers });
    await connection.use(undefined, async () => undefined);
    await assert.rejects(connection.use(undefined, async () => { throw new Error('no such file'); }), /no such file/);
    assert.equal(sessions[0]!.ended, true);
    assert.equal(sessions.length, 1, 'a failure other than a drop is not retried');
    assert.equal(pending().length, 0);
    await connection.use(undefined, async () => undefined);
    assert.equal(sessions.length, 2);
  });

  it('a kept connection found dropped or stalled is replaced once, the sync done again; a new one is not retried', async () => {
    const { sessions, connect, timers } = fakes();
    const connection = keptConnection({ connect, idleMs: 60_000, timers });
    await connection.use(undefined, async () => undefined);
    const runs: boolean[] = [];
    const value = await connection.use(undefined, async (_session, reused) => {
      runs.push(reused);
      if (reused) throw dropped();
      return 'synced';
    });
    assert.equal(value, 'synced');
    assert.deepEqual(runs, [true, false]);
    assert.equal(sessions.length, 2);
    // Dropped twice: the second failure is the sync's (the next pull tries again).
    sessions[1]!.end();
    let attempts = 0;
    await assert.rejects(connection.use(undefined, async () => { attempts++; throw dropped(); }), /connection dropped/);
    assert.equal(attempts, 1, 'on a new connection a drop is not retried');
    await connection.use(undefined, async () => undefined);
    const stalled: boolean[] = [];
    await connection.use(undefined, async (_session, reused) => {
      stalled.push(reused);
      if (reused) throw new RemoteSaveError('timeout', 'sftp://mc@host/srv: no answer to a read within 30000 ms; the connection was closed');
    });
    assert.deepEqual(stalled, [true, false]);
  });

  it('a stopped sync is not retried, and close() ends the connection for good, even mid-sync', async () => {
    const { sessions, connect, timers, pending } = fakes();
    const connection = keptConnection({ connect, idleMs: 60_000, timers });
    await connection.use(undefined, async () => undefined);
    const controller = new AbortController();
    let attempts = 0;
    await assert.rejects(connection.use(controller.signal, async () => {
      attempts++;
      controller.abort(new Error('the server is shutting down'));
      throw dropped();
    }));
    assert.equal(attempts, 1);
    let closedMidSync = 0;
    await connection.use(undefined, async (session) => {
      closedMidSync = (session as FakeSession).id;
      connection.close();
    });
    assert.equal(sessions.find((s) => s.id === closedMidSync)!.ended, true);
    assert.equal(pending().length, 0, 'no idle timer left after close()');
    assert.ok(sessions.every((s) => s.ended));
  });
});

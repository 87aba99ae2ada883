import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CircuitBreaker, CircuitOpenError, CircuitTimeoutError, type BreakerStatus, type CircuitBreakerOptions } from './CircuitBreaker.js';

/** A clock and timers that move only when the test says so. */
function manualTime() {
  let now = 1_000_000;
  const timers: Array<{ at: number; run: () => void; cancelled: boolean }> = [];
  return {
    clock: () => now,
    schedule: (run: () => void, ms: number) => {
      const timer = { at: now + ms, run, cancelled: false };
      timers.push(timer);
      return () => void (timer.cancelled = true);
    },
    /** Moves the clock by `ms`, running every timer due on the way, then lets promises settle. */
    async advance(ms: number) {
      const end = now + ms;
      for (;;) {
        const due = timers.filter((t) => !t.cancelled && t.at <= end).sort((a, b) => a.at - b.at)[0];
        if (!due) break;
        now = due.at;
        due.cancelled = true;
        due.run();
        await settle();
      }
      now = end;
      await settle();
    },
    pending: () => timers.filter((t) => !t.cancelled).map((t) => t.at - now),
  };
}

const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

function breaker(options: Partial<CircuitBreakerOptions> & { probeResults?: Array<'ok' | 'fail' | 'hang'> } = {}) {
  const time = manualTime();
  const changes: BreakerStatus[] = [];
  const probes = options.probeResults ?? [];
  let probed = 0;
  const made = new CircuitBreaker({
    name: 'Redis at test',
    clock: time.clock,
    schedule: time.schedule,
    onChange: (status) => void changes.push(status),
    probe: () => {
      const result = probes[probed++] ?? 'fail';
      if (result === 'ok') return Promise.resolve('PONG');
      if (result === 'hang') return new Promise(() => {});
      return Promise.reject(new Error('ECONNREFUSED'));
    },
    ...options,
  });
  return { breaker: made, time, changes, probed: () => probed };
}

const fail = () => Promise.reject(new Error('ECONNREFUSED'));
const hang = () => new Promise<never>(() => {});

describe('CircuitBreaker', () => {
  it('passes calls and their results through while closed', async () => {
    const { breaker: b, changes } = breaker();
    assert.equal(await b.call(async () => 42), 42);
    assert.deepEqual(b.status, { state: 'closed' });
    assert.deepEqual(changes, []);
  });

  it('opens on a failure, rethrows it, then skips calls at once without calling', async () => {
    const { breaker: b, changes, time } = breaker();
    await assert.rejects(b.call(fail), /ECONNREFUSED/);
    assert.deepEqual(b.status, { state: 'open', since: time.clock(), error: 'ECONNREFUSED', retryAt: time.clock() + 1000 });
    let called = false;
    await assert.rejects(b.call(async () => (called = true)), CircuitOpenError);
    assert.equal(called, false, 'an open breaker never calls the dependency');
    assert.equal(changes.length, 1, 'the transition is told once');
  });

  it('opens on a call slower than the timeout (a hung dependency)', async () => {
    const { breaker: b, time } = breaker({ timeoutMs: 250 });
    const call = b.call(hang);
    const rejected = assert.rejects(call, CircuitTimeoutError);
    await time.advance(249);
    assert.equal(b.status.state, 'closed');
    await time.advance(1);
    await rejected;
    assert.equal(b.status.state, 'open');
  });

  it('probes after the backoff, doubling it up to the cap, and closes on the first success', async () => {
    const { breaker: b, time, changes, probed } = breaker({ backoffMs: 1000, maxBackoffMs: 5000, probeResults: ['fail', 'fail', 'hang', 'fail', 'ok'] });
    await assert.rejects(b.call(fail));
    const waits: number[] = [];
    for (let i = 0; i < 5; i++) {
      waits.push(time.pending().filter((ms) => ms > 250)[0] ?? time.pending()[0]!);
      await time.advance(waits[i]!);
      if (time.pending().length === 1 && time.pending()[0] === 250) await time.advance(250); // the hung probe's timeout
    }
    assert.deepEqual(waits, [1000, 2000, 4000, 5000, 5000]);
    assert.equal(probed(), 5);
    assert.deepEqual(b.status, { state: 'closed' });
    assert.deepEqual(changes.map((c) => c.state), ['open', 'closed'], 'down once, up once');
    assert.equal(await b.call(async () => 'again'), 'again');
    assert.deepEqual(time.pending(), [], 'no probing while closed');
  });

  it('keeps skipping calls while a probe fails, and reports the latest error and retry time', async () => {
    const { breaker: b, time } = breaker({ probeResults: ['fail'] });
    await assert.rejects(b.call(() => Promise.reject(new Error('first'))));
    const since = time.clock();
    await time.advance(1000);
    assert.deepEqual(b.status, { state: 'open', since, error: 'ECONNREFUSED', retryAt: time.clock() + 2000 });
    await assert.rejects(b.call(async () => 1), CircuitOpenError);
  });

  it('failures of calls already in flight when it opened are not new transitions', async () => {
    const { breaker: b, changes } = breaker();
    await Promise.allSettled([b.call(fail), b.call(fail), b.call(fail)]);
    assert.equal(changes.length, 1);
  });

  it('stop() ends probing', async () => {
    const { breaker: b, time, probed } = breaker({ probeResults: ['ok'] });
    await assert.rejects(b.call(fail));
    b.stop();
    await time.advance(10_000);
    assert.equal(probed(), 0);
    assert.equal(b.status.state, 'open');
  });
});

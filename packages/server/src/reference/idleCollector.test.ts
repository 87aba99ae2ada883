import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { deferringTo, idleCollector, touching } from './idleCollector.js';

/** A clock and timers moved by hand. */
function fakeTime() {
  let now = 0;
  let timers: Array<{ at: number; run: () => void }> = [];
  return {
    clock: () => now,
    timer: (run: () => void, ms: number) => {
      const entry = { at: now + ms, run };
      timers.push(entry);
      return () => {
        timers = timers.filter((t) => t !== entry);
      };
    },
    /** Moves the clock by `ms`, running the timers due on the way. */
    advance(ms: number, during?: (at: number) => void) {
      const end = now + ms;
      for (;;) {
        const next = timers.filter((t) => t.at <= end).sort((a, b) => a.at - b.at)[0];
        if (!next) break;
        for (let t = now + 1; t <= next.at; t++) {
          now = t;
          during?.(t);
        }
        timers = timers.filter((t) => t !== next);
        next.run();
      }
      for (let t = now + 1; t <= end; t++) {
        now = t;
        during?.(t);
      }
      now = end;
    },
    pending: () => timers.length,
  };
}

describe('idleCollector', () => {
  it('collects once no request came for quietMs', () => {
    const time = fakeTime();
    let collections = 0;
    const collector = idleCollector({ quietMs: 100, maxWaitMs: 10_000, clock: time.clock, timer: time.timer, collect: () => collections++ });
    collector.request();
    collector.request(); // the same collection
    assert.equal(collector.pending, true);
    time.advance(99);
    assert.equal(collections, 0);
    time.advance(1);
    assert.equal(collections, 1);
    assert.equal(collector.pending, false);
    assert.equal(time.pending(), 0);
  });

  it('waits while requests keep coming, and runs at the latest after maxWaitMs', () => {
    const time = fakeTime();
    const collectedAt: number[] = [];
    const collector = idleCollector({ quietMs: 100, maxWaitMs: 1000, clock: time.clock, timer: time.timer, collect: () => collectedAt.push(time.clock()) });
    collector.request();
    // A request every 50 ms for 450 ms, then none.
    time.advance(450, (t) => t % 50 === 0 && collector.touch());
    assert.deepEqual(collectedAt, []);
    time.advance(250);
    assert.equal(collectedAt.length, 1);
    assert.ok(collectedAt[0]! > 450 && collectedAt[0]! <= 600, `collected at ${collectedAt[0]}`);
    // Never quiet: collected when maxWaitMs is up.
    collector.request();
    const askedAt = time.clock();
    time.advance(2000, (t) => t % 10 === 0 && collector.touch());
    assert.equal(collectedAt.length, 2);
    assert.equal(collectedAt[1], askedAt + 1000);
  });

  it('flush collects a pending collection now; cancel forgets it', () => {
    const time = fakeTime();
    let collections = 0;
    const collector = idleCollector({ quietMs: 100, clock: time.clock, timer: time.timer, collect: () => collections++ });
    collector.flush();
    assert.equal(collections, 0); // nothing asked
    collector.request();
    collector.flush();
    assert.equal(collections, 1);
    assert.equal(time.pending(), 0);
    collector.request();
    collector.cancel();
    time.advance(1000);
    assert.equal(collections, 1);
  });

  it('runs deferred tasks at the same quiet moment, in order, before the collection', () => {
    const time = fakeTime();
    const ran: string[] = [];
    const collector = idleCollector({ quietMs: 100, maxWaitMs: 10_000, clock: time.clock, timer: time.timer, collect: () => ran.push(`collect at ${time.clock()}`) });
    collector.defer(() => ran.push(`write at ${time.clock()}`));
    collector.request();
    collector.defer(() => ran.push(`second at ${time.clock()}`));
    time.advance(250, (t) => t < 50 && collector.touch());
    assert.deepEqual(ran, ['write at 200', 'second at 200', 'collect at 200']);
    assert.equal(collector.pending, false);
    // A task alone waits for a quiet moment too, and runs without a collection.
    collector.defer(() => ran.push(`alone at ${time.clock()}`));
    time.advance(100);
    assert.deepEqual(ran.slice(3), ['alone at 350']);
  });

  it('flush runs deferred tasks now; cancel (shutdown) runs them too but forgets the collection', () => {
    const time = fakeTime();
    const ran: string[] = [];
    const collector = idleCollector({ quietMs: 100, clock: time.clock, timer: time.timer, collect: () => ran.push('collect') });
    collector.defer(() => ran.push('write'));
    collector.request();
    collector.flush();
    assert.deepEqual(ran, ['write', 'collect']);
    collector.defer(() => ran.push('last write'));
    collector.request();
    collector.cancel();
    time.advance(1000);
    assert.deepEqual(ran, ['write', 'collect', 'last write']);
    assert.equal(time.pending(), 0);
  });

  it('touching counts every request the handlers get and answers as they do', async () => {
    let touched = 0;
    const handlers = touching({
      fetch: async (_request: Request) => new Response('a'),
      refuse: async (_request: Request, _error: unknown) => new Response('b', { status: 400 }),
      answerCached: (_request: unknown) => null,
    } as never as Parameters<typeof touching>[0], { touch: () => touched++ });
    assert.equal(await (await handlers.fetch(new Request('http://x/'))).text(), 'a');
    assert.equal((await handlers.refuse(new Request('http://x/'), new Error('no') as never)).status, 400);
    assert.equal(handlers.answerCached({} as never), null);
    assert.equal(touched, 3);
  });
});

describe('deferringTo', () => {
  it("leaves a server's deferred tasks to the network's quiet moment, each run once, the rest at the server's shutdown", () => {
    const time = fakeTime();
    const network = idleCollector({ quietMs: 100, maxWaitMs: 10_000, clock: time.clock, timer: time.timer, collect: () => {} });
    const server = deferringTo(idleCollector({ quietMs: 100, clock: time.clock, timer: time.timer, collect: () => {} }), network);
    const ran: string[] = [];
    server.defer(() => ran.push('first pull'));
    // The server's next pull flushes its own collector: the task waits for the network.
    server.flush();
    time.advance(50);
    network.touch();
    time.advance(100);
    assert.equal(ran.length, 0);
    time.advance(100);
    assert.deepEqual(ran, ['first pull']);
    server.defer(() => ran.push('second pull'));
    assert.equal(server.pending, true);
    server.cancel();
    assert.deepEqual(ran, ['first pull', 'second pull']);
    network.cancel();
    time.advance(1000);
    assert.deepEqual(ran, ['first pull', 'second pull']);
  });
});

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { pageWarmer } from './pageWarmer.js';

/** A fetch that records the URLs asked for and answers 200 (404 for `/missing`). */
function recorder(): { asked: string[]; fetch: (request: Request) => Promise<Response> } {
  const asked: string[] = [];
  return {
    asked,
    fetch: async (request) => {
      asked.push(request.url);
      return new Response('ok', { status: new URL(request.url).pathname === '/missing' ? 404 : 200 });
    },
  };
}

const now = () => Promise.resolve();

describe('pageWarmer(fetch, options)', () => {
  it('does nothing before a request came directly', async () => {
    const { asked, fetch } = recorder();
    const warmer = pageWarmer(fetch, { pause: now });
    assert.equal(await warmer.warm(), 0);
    warmer.seen(new Request('http://stats.example:8080/players', { headers: { 'x-forwarded-host': 'stats.example' } }));
    assert.equal(await warmer.warm(), 0);
    assert.deepEqual(asked, []);
  });

  it('asks for each path once at the origin of the last direct GET, and counts the 200s', async () => {
    const { asked, fetch } = recorder();
    const warmer = pageWarmer(fetch, { pause: now, paths: ['/', '/stats', '/missing'] });
    warmer.seen(new Request('http://old.example/'));
    warmer.seen(new Request('http://127.0.0.1:8080/players/Steve?x=1'));
    warmer.seen(new Request('http://other.example/', { method: 'POST' }));
    assert.equal(await warmer.warm(), 2);
    assert.deepEqual(asked, ['http://127.0.0.1:8080/', 'http://127.0.0.1:8080/stats', 'http://127.0.0.1:8080/missing']);
  });

  it('runs one warming at a time, and another after it when asked meanwhile', async () => {
    const { asked, fetch } = recorder();
    const warmer = pageWarmer(fetch, { pause: now, paths: ['/a', '/b'] });
    warmer.seen(new Request('http://h.example/'));
    const first = warmer.warm();
    const second = warmer.warm();
    assert.equal(first, second);
    await first;
    assert.deepEqual(asked, ['http://h.example/a', 'http://h.example/b', 'http://h.example/a', 'http://h.example/b']);
  });

  it('stops when told to, and a failing page does not stop the others', async () => {
    let stop = false;
    const asked: string[] = [];
    const warmer = pageWarmer(async (request) => {
      asked.push(new URL(request.url).pathname);
      if (asked.length === 1) throw new Error('boom');
      stop = true;
      return new Response('ok');
    }, { pause: now, paths: ['/a', '/b', '/c'], stopped: () => stop });
    warmer.seen(new Request('http://h.example/'));
    assert.equal(await warmer.warm(), 1);
    assert.deepEqual(asked, ['/a', '/b']);
  });
});

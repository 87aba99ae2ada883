import assert from 'node:assert/strict';
import { request as httpRequest } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { serve, type RunningServer } from './serve.js';

/** A raw node:http request, so HEAD framing can be checked byte for byte. */
function raw(url: string, method: string, headers: Record<string, string> = {}, body?: string) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }>((resolve, reject) => {
    const req = httpRequest(url, { method, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('serve(app, options) and toNodeListener(handler)', () => {
  let running: RunningServer;
  before(async () => {
    running = await serve(async (request, info) => {
      const url = new URL(request.url);
      if (url.pathname === '/throw') throw new Error('secret /etc/passwd');
      const body = JSON.stringify({
        method: request.method,
        url: request.url,
        peer: (info as { remoteAddress?: string }).remoteAddress,
        custom: request.headers.get('x-custom'),
        body: request.body ? await request.text() : null,
      });
      const headers = new Headers({ 'content-type': 'application/json', 'x-test': '1' });
      headers.append('set-cookie', 'a=1');
      headers.append('set-cookie', 'b=2');
      return new Response(body, { status: url.pathname === '/teapot' ? 418 : 200, headers });
    }, { port: 0, host: '127.0.0.1' });
  });
  after(() => running.close());

  it('passes method, absolute URL, headers and the socket peer', async () => {
    const res = await raw(`${running.url}/v1/stats?x=1`, 'GET', { 'x-custom': 'yes' });
    assert.equal(res.status, 200);
    const body = JSON.parse(res.body);
    assert.equal(body.method, 'GET');
    assert.equal(body.url, `${running.url}/v1/stats?x=1`);
    assert.equal(body.peer, '127.0.0.1');
    assert.equal(body.custom, 'yes');
    assert.equal(res.headers['x-test'], '1');
    assert.deepEqual(res.headers['set-cookie'], ['a=1', 'b=2']);
  });

  it('keeps the status and streams request bodies of other methods', async () => {
    const res = await raw(`${running.url}/teapot`, 'POST', { 'content-type': 'text/plain' }, 'hello');
    assert.equal(res.status, 418);
    assert.equal(JSON.parse(res.body).body, 'hello');
  });

  it('sends no body on HEAD', async () => {
    const res = await raw(`${running.url}/v1`, 'HEAD');
    assert.equal(res.status, 200);
    assert.equal(res.body, '');
    assert.equal(res.headers['content-type'], 'application/json');
  });

  it('answers a bare 500 when the handler throws, without the message', async () => {
    const res = await raw(`${running.url}/throw`, 'GET');
    assert.equal(res.status, 500);
    assert.doesNotMatch(res.body, /passwd/);
  });
});

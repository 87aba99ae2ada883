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
      if (url.pathname === '/stream') {
        const encoder = new TextEncoder();
        return new Response(new ReadableStream({
          start(controller) {
            for (const part of ['one ', 'twö ', 'three']) controller.enqueue(encoder.encode(part));
            controller.close();
          },
        }));
      }
      if (url.pathname === '/empty') return new Response('', { status: 200 });
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

  it('sends a one-chunk body in one write with its byte length; longer streams stay chunked', async () => {
    const whole = await raw(`${running.url}/v1/ß?q=ü`, 'GET');
    assert.equal(whole.headers['content-length'], String(Buffer.byteLength(whole.body)));
    assert.equal(whole.headers['transfer-encoding'], undefined);
    const empty = await raw(`${running.url}/empty`, 'GET');
    assert.equal(empty.headers['content-length'], '0');
    assert.equal(empty.body, '');
    const streamed = await raw(`${running.url}/stream`, 'GET');
    assert.equal(streamed.body, 'one twö three');
    assert.equal(streamed.headers['transfer-encoding'], 'chunked');
    assert.equal(streamed.headers['content-length'], undefined);
  });

  it('answers a bare 500 when the handler throws, without the message', async () => {
    const res = await raw(`${running.url}/throw`, 'GET');
    assert.equal(res.status, 500);
    assert.doesNotMatch(res.body, /passwd/);
  });
});

import assert from 'node:assert/strict';
import { request as httpRequest } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { createRouter } from '../router/createRouter.js';
import { fixtureRecord, fixtureSnapshot, NOW } from '../../test/fixture.js';
import { negotiateEncoding } from './acceptEncoding.js';
import { CompressedCache } from './CompressedCache.js';
import { compressAnswer, decodeIfNoneMatch, encodedEtag, varyOnEncoding, type Encoded, type OutgoingHeaders } from './compressAnswer.js';
import { serve, type RunningServer } from './serve.js';

/** A raw request (node:http decodes nothing), the body as bytes. */
function raw(url: string, headers: Record<string, string> = {}, method = 'GET') {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
    const req = httpRequest(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('negotiateEncoding', () => {
  it('takes the highest q-value, Brotli on a tie, * for the unnamed, nothing at q=0', () => {
    assert.equal(negotiateEncoding('gzip, deflate, br'), 'br');
    assert.equal(negotiateEncoding('gzip, deflate'), 'gzip');
    assert.equal(negotiateEncoding('br;q=0.5, gzip'), 'gzip');
    assert.equal(negotiateEncoding('br;q=0, gzip;q=0'), null);
    assert.equal(negotiateEncoding('*'), 'br');
    assert.equal(negotiateEncoding('*;q=0.2, br;q=0'), 'gzip');
    assert.equal(negotiateEncoding('identity'), null);
    assert.equal(negotiateEncoding('x-gzip'), 'gzip');
    assert.equal(negotiateEncoding('GZIP;Q=1.0'), 'gzip');
    assert.equal(negotiateEncoding(''), null);
    assert.equal(negotiateEncoding(undefined), null);
  });
});

/** An encoded answer's headers as they go out (`set` over the given ones) and its body. */
function outgoing(encoded: Encoded): { headers: OutgoingHeaders; body: Uint8Array | null } {
  return { headers: { ...encoded.headers, ...encoded.set }, body: encoded.body };
}

describe('compressAnswer', () => {
  const big = new TextEncoder().encode('<p>blockstats</p>'.repeat(200));
  it('compresses text once per ETag and coding, with its own tag, length and Vary', async () => {
    const cache = new CompressedCache(1024 * 1024);
    const headers = { 'content-type': 'text/html; charset=utf-8', etag: '"abc"', vary: 'Accept' };
    const pending = compressAnswer(200, headers, big, 'br', cache);
    assert.ok(pending instanceof Promise, 'compressing takes a turn of the thread pool');
    const first = outgoing(await pending);
    assert.equal(first.headers['content-encoding'], 'br');
    assert.equal(first.headers.etag, '"abc-br"');
    assert.equal(first.headers.vary, 'Accept, Accept-Encoding');
    assert.equal(first.headers['content-length'], String(first.body!.byteLength));
    assert.deepEqual(new Uint8Array(brotliDecompressSync(first.body!)), big);
    const sameTurn = compressAnswer(200, headers, big, 'br', cache);
    assert.ok(!(sameTurn instanceof Promise), 'cached bytes are answered in the same turn');
    const again = outgoing(sameTurn);
    assert.equal(again.body, first.body, 'the cached bytes, not a second compression');
    const gz = outgoing(await compressAnswer(200, headers, big, 'gzip', cache));
    assert.equal(gz.headers.etag, '"abc-gzip"');
    assert.deepEqual(new Uint8Array(gunzipSync(gz.body!)), big);
    assert.equal(headers.etag, '"abc"', 'the given headers are left alone');
  });

  it('leaves images, tiny bodies, encoded and no-transform answers as they are', async () => {
    const cache = new CompressedCache(1024 * 1024);
    const png = outgoing(await compressAnswer(200, { 'content-type': 'image/png' }, big, 'br', cache));
    assert.equal(png.body, big);
    assert.equal(png.headers.vary, undefined);
    const tiny = outgoing(await compressAnswer(200, { 'content-type': 'application/json' }, new Uint8Array(100), 'br', cache));
    assert.equal(tiny.headers['content-encoding'], undefined);
    assert.equal(tiny.headers.vary, 'Accept-Encoding', 'still depends on the header for a bigger answer');
    const noTransform = outgoing(await compressAnswer(200, { 'content-type': 'text/html', 'cache-control': 'public, no-transform' }, big, 'br', cache));
    assert.equal(noTransform.body, big);
    const noneNow = compressAnswer(200, { 'content-type': 'text/html' }, big, null, cache);
    assert.ok(!(noneNow instanceof Promise), 'nothing to compress: answered in the same turn');
    const none = outgoing(noneNow);
    assert.equal(none.body, big);
  });

  it('an answer sent as it is varies on Accept-Encoding through one shared record a Vary value (nothing built a request)', () => {
    const cache = new CompressedCache(1024 * 1024);
    const page = { 'content-type': 'text/html', vary: 'Accept-Language' };
    const first = compressAnswer(200, page, big, null, cache);
    const second = compressAnswer(200, { ...page }, big, null, cache);
    assert.ok(!(first instanceof Promise) && !(second instanceof Promise));
    assert.deepEqual(first.set, { vary: 'Accept-Language, Accept-Encoding' });
    assert.equal(second.set, first.set, 'the same record for the same Vary');
    assert.ok(Object.isFrozen(first.set), 'shared, so never modified');
    const small = compressAnswer(200, { 'content-type': 'application/json' }, new Uint8Array(100), 'br', cache);
    assert.ok(!(small instanceof Promise));
    assert.deepEqual(small.set, { vary: 'Accept-Encoding' });
    assert.notEqual(small.set, first.set);
  });

  it('suffixes strong and weak tags and reads them back from If-None-Match', () => {
    assert.equal(encodedEtag('"x1"', 'br'), '"x1-br"');
    assert.equal(encodedEtag('W/"x1"', 'gzip'), 'W/"x1-gzip"');
    assert.deepEqual(decodeIfNoneMatch('"x1-br", W/"x2-gzip"'), { value: '"x1", W/"x2"', coding: 'gzip' });
    assert.deepEqual(decodeIfNoneMatch('"x1"'), { value: '"x1"', coding: null });
    assert.equal(varyOnEncoding('accept-encoding'), 'accept-encoding');
    assert.equal(varyOnEncoding('*'), '*');
  });

  it('the cache stays within its bound, oldest out first', () => {
    const cache = new CompressedCache(1000);
    for (let i = 0; i < 10; i++) cache.set(`k${i}`, new Uint8Array(200));
    assert.ok(cache.bytes <= 1000);
    assert.equal(cache.get('k0'), undefined);
    assert.ok(cache.get('k9'));
  });
});

describe('blockstats pages and JSON through serve()', () => {
  let running: RunningServer;
  before(async () => {
    const snapshot = fixtureSnapshot();
    const record = fixtureRecord();
    const router = createRouter({ snapshot: () => snapshot, record: () => record, clock: () => NOW, rateLimit: false, site: { externalImages: false } });
    running = await serve(router, { port: 0, host: '127.0.0.1' });
  });
  after(() => running.close());

  it('a page in Brotli and in gzip, the same HTML as uncompressed, with distinct tags', async () => {
    const plain = await raw(`${running.url}/players/Steve`, { accept: 'text/html' });
    const br = await raw(`${running.url}/players/Steve`, { accept: 'text/html', 'accept-encoding': 'gzip, deflate, br' });
    const gz = await raw(`${running.url}/players/Steve`, { accept: 'text/html', 'accept-encoding': 'gzip' });
    assert.equal(plain.headers['content-encoding'], undefined);
    assert.equal(br.headers['content-encoding'], 'br');
    assert.equal(gz.headers['content-encoding'], 'gzip');
    assert.deepEqual(brotliDecompressSync(br.body), plain.body);
    assert.deepEqual(gunzipSync(gz.body), plain.body);
    assert.ok(br.body.byteLength < plain.body.byteLength / 3, `${br.body.byteLength} of ${plain.body.byteLength}`);
    for (const res of [plain, br, gz]) assert.match(String(res.headers.vary), /Accept-Encoding/);
    assert.equal(new Set([plain.headers.etag, br.headers.etag, gz.headers.etag]).size, 3);
    assert.equal(br.headers['content-length'], String(br.body.byteLength));
    // The second time comes from the memo's fast lane: compressed the same way.
    const again = await raw(`${running.url}/players/Steve`, { accept: 'text/html', 'accept-encoding': 'br' });
    assert.equal(again.headers.etag, br.headers.etag);
    assert.deepEqual(again.body, br.body);
  });

  it('a 304 answers the compressed tag the client holds', async () => {
    const br = await raw(`${running.url}/v1/players`, { 'accept-encoding': 'br' });
    assert.equal(br.headers['content-encoding'], 'br');
    const revalidated = await raw(`${running.url}/v1/players`, { 'accept-encoding': 'br', 'if-none-match': String(br.headers.etag) });
    assert.equal(revalidated.status, 304);
    assert.equal(revalidated.headers.etag, br.headers.etag);
    const other = await raw(`${running.url}/v1/players`, { 'accept-encoding': 'br', 'if-none-match': '"nope-br"' });
    assert.equal(other.status, 200);
  });

  it('HEAD varies on Accept-Encoding and sends no body', async () => {
    const head = await raw(`${running.url}/v1/players`, { 'accept-encoding': 'br' }, 'HEAD');
    assert.equal(head.status, 200);
    assert.equal(head.body.byteLength, 0);
    assert.match(String(head.headers.vary), /Accept-Encoding/);
  });

  it('HEAD of a remembered answer carries the headers of its GET: coding, length and tag', async () => {
    for (const coding of ['br', 'gzip']) {
      const get = await raw(`${running.url}/players/Steve`, { accept: 'text/html', 'accept-encoding': coding });
      assert.equal(get.headers['content-encoding'], coding);
      const head = await raw(`${running.url}/players/Steve`, { accept: 'text/html', 'accept-encoding': coding }, 'HEAD');
      assert.equal(head.status, 200);
      assert.equal(head.body.byteLength, 0);
      for (const name of ['content-encoding', 'content-length', 'etag', 'vary', 'content-type']) {
        assert.equal(head.headers[name], get.headers[name], `${coding}: ${name}`);
      }
    }
    const plain = await raw(`${running.url}/players/Steve`, { accept: 'text/html' }, 'HEAD');
    assert.equal(plain.headers['content-encoding'], undefined);
    assert.equal(plain.body.byteLength, 0);
  });
});

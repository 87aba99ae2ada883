import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { BodyTooLargeError, readBodyText } from './readBodyText.js';

/** A body of `chunks` pieces of `size` bytes, counting how many the reader pulled. */
function streamed(chunks: number, size: number) {
  let pulled = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (pulled === chunks) return controller.close();
      pulled++;
      controller.enqueue(new Uint8Array(size).fill(0x61));
    },
  });
  return { response: new Response(body), pulled: () => pulled };
}

describe('readBodyText(response, maxBytes)', () => {
  it('reads a body up to the cap, decoded as UTF-8', async () => {
    assert.equal(await readBodyText(new Response('héllo ✓'), 100), 'héllo ✓');
    assert.equal(await readBodyText(new Response('\ufeff{"a":1}'), 100), '{"a":1}', 'a byte-order mark is dropped, as text() does');
    assert.equal(await readBodyText(new Response(null), 100), '');
    const { response } = streamed(4, 25);
    assert.equal(await readBodyText(response, 100), 'a'.repeat(100), 'exactly the cap is fine');
  });

  it('stops reading an endless body as soon as it passes the cap', async () => {
    const { response, pulled } = streamed(1_000_000, 64 * 1024);
    await assert.rejects(readBodyText(response, 1024 * 1024), BodyTooLargeError);
    assert.ok(pulled() <= 18, `read ${pulled()} chunks of 64 KiB for a 1 MiB cap`);
  });

  it('refuses a declared Content-Length over the cap without reading', async () => {
    const { response, pulled } = streamed(10, 10);
    const declared = new Response(response.body, { headers: { 'content-length': '700000000' } });
    await assert.rejects(readBodyText(declared, 1024), (error: unknown) => error instanceof BodyTooLargeError && error.maxBytes === 1024);
    assert.ok(pulled() <= 1);
  });
});

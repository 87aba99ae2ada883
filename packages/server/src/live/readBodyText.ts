/** Thrown by {@link readBodyText} when a body is longer than allowed. */
export class BodyTooLargeError extends Error {
  override readonly name = 'BodyTooLargeError';
  constructor(readonly maxBytes: number) {
    super(`the body is longer than ${maxBytes} bytes`);
  }
}

/**
 * A response body as text (UTF-8, as `response.text()` decodes it), read chunk by chunk and
 * abandoned as soon as it passes `maxBytes` (a declared `Content-Length` over it is refused
 * before reading): an upstream service's answer is outside input, and one that never ends must
 * not be held in memory whole. The count is of decoded bytes, so a compressed bomb stops too.
 *
 * @example
 * const text = await readBodyText(await fetch(url), 16 * 1024 * 1024); // throws BodyTooLargeError past 16 MiB
 */
export async function readBodyText(response: Response, maxBytes: number): Promise<string> {
  const declared = response.headers.get('content-length');
  if (declared !== null && /^\d+$/.test(declared) && Number(declared) > maxBytes) {
    await response.body?.cancel().catch(() => {});
    throw new BodyTooLargeError(maxBytes);
  }
  if (!response.body) return '';
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  const parts: string[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    received += value.byteLength;
    if (received > maxBytes) {
      await reader.cancel().catch(() => {});
      throw new BodyTooLargeError(maxBytes);
    }
    parts.push(decoder.decode(value, { stream: true }));
  }
  parts.push(decoder.decode());
  return parts.join('');
}

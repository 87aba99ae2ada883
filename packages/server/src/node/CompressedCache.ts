/**
 * Compressed bodies by representation and coding (`br "etag"`), least recently used first out
 * past `maxBytes`. A representation's ETag hashes its generation and bytes, so a new generation's
 * pages are new keys and the old ones age out.
 */
export class CompressedCache {
  readonly #entries = new Map<string, Uint8Array>();
  #bytes = 0;

  constructor(readonly maxBytes: number) {}

  /** Bytes held. */
  get bytes(): number {
    return this.#bytes;
  }

  get(key: string): Uint8Array | undefined {
    const body = this.#entries.get(key);
    if (body) {
      this.#entries.delete(key);
      this.#entries.set(key, body);
    }
    return body;
  }

  set(key: string, body: Uint8Array): void {
    if (body.byteLength > this.maxBytes / 4) return; // one answer never evicts most of the rest
    const old = this.#entries.get(key);
    if (old) {
      this.#bytes -= old.byteLength;
      this.#entries.delete(key);
    }
    this.#entries.set(key, body);
    this.#bytes += body.byteLength;
    for (const [oldest, value] of this.#entries) {
      if (this.#bytes <= this.maxBytes) break;
      this.#entries.delete(oldest);
      this.#bytes -= value.byteLength;
    }
  }
}

/**
 * A 64-bit content hash as 16 hex digits, fed in pieces so a large snapshot is never serialised
 * into one string. Two independent 32-bit multiply-xorshift lanes (cyrb53-style) over UTF-16 code
 * units: not cryptographic, only a stable fingerprint for ETags. Pure JavaScript, so the core
 * stays runnable where `node:crypto` is not.
 *
 * @example
 * const hash = contentHash();
 * hash.update('{"a":1}');
 * hash.digest(); // e.g. '3f1c0a9b27d4e865' (same input, same digest, on every runtime)
 */
export function contentHash(): { update(text: string): void; digest(): string } {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  let length = 0;
  return {
    update(text: string): void {
      for (let i = 0; i < text.length; i++) {
        const c = text.charCodeAt(i);
        h1 = Math.imul(h1 ^ c, 2654435761);
        h2 = Math.imul(h2 ^ c, 1597334677);
      }
      length += text.length;
    },
    digest(): string {
      let a = h1 ^ length;
      let b = h2;
      a = Math.imul(a ^ (a >>> 16), 2246822507) ^ Math.imul(b ^ (b >>> 13), 3266489909);
      b = Math.imul(b ^ (b >>> 16), 2246822507) ^ Math.imul(a ^ (a >>> 13), 3266489909);
      return (a >>> 0).toString(16).padStart(8, '0') + (b >>> 0).toString(16).padStart(8, '0');
    },
  };
}

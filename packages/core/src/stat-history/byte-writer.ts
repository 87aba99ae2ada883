/**
 * A growable byte buffer with the stat history's number encodings: unsigned LEB128 varints and
 * zig-zag signed varints, both exact for every integer up to 2^53 (division, not 32-bit shifts).
 *
 * @example
 * const w = new ByteWriter();
 * w.uint(300); w.int(-2);
 * w.bytes(); // Uint8Array [172, 2, 3]
 */
export class ByteWriter {
  #buf = new Uint8Array(256);
  #length = 0;

  #room(n: number): void {
    if (this.#length + n <= this.#buf.length) return;
    let size = this.#buf.length * 2;
    while (size < this.#length + n) size *= 2;
    const next = new Uint8Array(size);
    next.set(this.#buf.subarray(0, this.#length));
    this.#buf = next;
  }

  /** A non-negative integer as a varint. */
  uint(value: number): void {
    this.#room(8);
    let v = value;
    while (v >= 0x80) {
      this.#buf[this.#length++] = (v % 0x80) | 0x80;
      v = Math.floor(v / 0x80);
    }
    this.#buf[this.#length++] = v;
  }

  /** An integer (negative too) as a zig-zag varint; a fraction is rounded. */
  int(value: number): void {
    const v = Math.round(value);
    this.uint(v >= 0 ? v * 2 : -v * 2 - 1);
  }

  /** A string as its UTF-8 length and bytes. */
  text(value: string): void {
    const bytes = new TextEncoder().encode(value);
    this.uint(bytes.length);
    this.raw(bytes);
  }

  raw(bytes: Uint8Array): void {
    this.#room(bytes.length);
    this.#buf.set(bytes, this.#length);
    this.#length += bytes.length;
  }

  /** The bytes written so far (a view: copy before writing more). */
  bytes(): Uint8Array {
    return this.#buf.subarray(0, this.#length);
  }
}

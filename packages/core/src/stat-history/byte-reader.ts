/**
 * Reads what `ByteWriter` wrote. Reading past the end throws a `RangeError` (a frame whose
 * checksum matched but whose content is not what this version writes).
 *
 * @example
 * new ByteReader(Uint8Array.of(172, 2)).uint(); // 300
 */
export class ByteReader {
  readonly #bytes: Uint8Array;
  #at: number;

  constructor(bytes: Uint8Array, at = 0) {
    this.#bytes = bytes;
    this.#at = at;
  }

  get done(): boolean {
    return this.#at >= this.#bytes.length;
  }

  uint(): number {
    let value = 0;
    let scale = 1;
    for (;;) {
      if (this.#at >= this.#bytes.length) throw new RangeError('unexpected end of frame');
      const b = this.#bytes[this.#at++]!;
      value += (b & 0x7f) * scale;
      if (b < 0x80) return value;
      scale *= 0x80;
      if (scale > 2 ** 56) throw new RangeError('varint too long');
    }
  }

  int(): number {
    const z = this.uint();
    return z % 2 === 0 ? z / 2 : -(z + 1) / 2;
  }

  text(): string {
    const length = this.uint();
    if (this.#at + length > this.#bytes.length) throw new RangeError('unexpected end of frame');
    const text = new TextDecoder().decode(this.#bytes.subarray(this.#at, this.#at + length));
    this.#at += length;
    return text;
  }

  byte(): number {
    if (this.#at >= this.#bytes.length) throw new RangeError('unexpected end of frame');
    return this.#bytes[this.#at++]!;
  }
}

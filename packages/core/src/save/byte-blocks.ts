/**
 * Copies small byte arrays into shared blocks: each copy a view of a block, not an `ArrayBuffer`
 * of its own. An `ArrayBuffer` costs ~300 bytes beside its bytes (its heap object, and the
 * backing store, its record and the allocation's header in malloc): at 50,000 players the
 * 100,000 packed summaries of a first read, ~850 bytes each, paid ~30 MB for it (heap snapshot
 * and `malloc_info`). A block lives while any view of it does, so bytes whose view was dropped
 * stay until the block's other views go too: keep blocks for arrays that mostly live and die
 * together (the summaries of one bulk read), not for ones replaced one by one.
 *
 * @example
 * const blocks = new ByteBlocks(4096);
 * const a = blocks.copy(Uint8Array.of(1, 2, 3));
 * const b = blocks.copy(Uint8Array.of(4));
 * a.buffer === b.buffer; // true: one block, a at offset 0, b at offset 3
 */
export class ByteBlocks {
  readonly blockBytes: number;
  #block: Uint8Array;
  #at: number;

  /** `blockBytes`: the size of a block; arrays over a quarter of it get a buffer of their own. */
  constructor(blockBytes = 16_384) {
    if (!Number.isInteger(blockBytes) || blockBytes < 16) throw new RangeError(`ByteBlocks: blockBytes must be an integer ≥ 16, not ${blockBytes}`);
    this.blockBytes = blockBytes;
    this.#block = new Uint8Array(0);
    this.#at = 0;
  }

  /** A copy of `bytes`: a view of the current block (a new one once it is full), or its own array when large. */
  copy(bytes: Uint8Array): Uint8Array {
    const n = bytes.length;
    if (n > this.blockBytes >>> 2) return bytes.slice();
    if (this.#at + n > this.#block.length) {
      this.#block = new Uint8Array(this.blockBytes);
      this.#at = 0;
    }
    const view = this.#block.subarray(this.#at, this.#at + n);
    view.set(bytes);
    this.#at += n;
    return view;
  }
}

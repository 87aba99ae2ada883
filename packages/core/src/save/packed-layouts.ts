import type { ByteBlocks } from './byte-blocks.js';
import { ByteReader, ByteWriter } from './packed-bytes.js';

/**
 * Readers and writers of the two packed layouts (bytes of `ByteReader`/`ByteWriter`; strings
 * are numbers of a `StringTable`):
 * - stats: `mode, typeCount, (typeId, keyCount, (keyId, value) × keyCount) × typeCount`; mode 0:
 *   values are zigzag varints (every counter an integer that fits, nearly always: the game
 *   writes Java ints), mode 1: values are 8-byte floats. ~3.5 bytes a counter instead of 8.
 * - advancements: nothing for no entry, else `mode, (idId, criterionCount × 2 + done, doneAt,
 *   (nameId, time) × criterionCount) × count`. Mode 0 when every time is whole seconds from 1970
 *   to 2105: each time is the zigzag varint of its difference in seconds from the time written
 *   before it (a file's times are close together: 1-3 bytes instead of 4-8), `doneAt` that plus
 *   one, 0 when missing. Mode 1: times are 8-byte floats of epoch ms, a missing `doneAt` NaN.
 */

/** Reads a packed stats layout: `count()` and `id()` in layout order, `value()` for each counter. */
export class StatsReader extends ByteReader {
  readonly floats: boolean;

  constructor(data: Uint8Array) {
    super(data);
    this.floats = this.uint() === 1;
  }

  /** A counter's value. */
  value(): number {
    return this.floats ? this.float() : this.int();
  }
}

/** Writes a packed stats layout: `begin`, then `type` and its `counter`s in order, then `finish`. */
export class StatsWriter {
  private readonly out = new ByteWriter();
  private floats = false;

  /** `floats` unless every value `fitsVarint`. */
  begin(floats: boolean, types: number): void {
    this.out.reset();
    this.floats = floats;
    this.out.uint(floats ? 1 : 0);
    this.out.uint(types);
  }

  type(id: number, keys: number): void {
    this.out.uint(id);
    this.out.uint(keys);
  }

  counter(key: number, value: number): void {
    this.out.uint(key);
    if (this.floats) this.out.float(value);
    else this.out.int(value);
  }

  /** The layout written since `begin`: its own array, or a view of one of `blocks`. */
  finish(blocks?: ByteBlocks): Uint8Array {
    return this.out.finish(blocks);
  }
}

/** The difference from one time to the next, zigzagged, as written. */
function unzigzag(u: number): number {
  return u % 2 === 0 ? u / 2 : -(u + 1) / 2;
}

/**
 * Reads a packed advancements layout: `entry()` while it returns true (then `id`, `done`,
 * `doneAt` and `criteria` are the entry's), and after each, `criterion()` `criteria` times
 * (then `name` and `time` are the criterion's). Times are epoch ms; a missing `doneAt` is NaN.
 */
export class AdvancementsReader extends ByteReader {
  readonly seconds: boolean;
  /** The last time read, in seconds (mode 0). */
  private last = 0;
  id = 0;
  done = false;
  doneAt = Number.NaN;
  criteria = 0;
  name = 0;
  time = Number.NaN;

  constructor(data: Uint8Array) {
    super(data);
    this.seconds = data.length === 0 || this.uint() === 0;
  }

  entry(): boolean {
    if (!this.more) return false;
    this.id = this.uint();
    const head = this.uint();
    this.done = head % 2 === 1;
    this.criteria = (head - (head % 2)) / 2;
    if (this.seconds) {
      const u = this.uint();
      if (u === 0) this.doneAt = Number.NaN;
      else this.doneAt = (this.last += unzigzag(u - 1)) * 1000;
    } else this.doneAt = this.float();
    return true;
  }

  criterion(): void {
    this.name = this.uint();
    this.time = this.seconds ? (this.last += this.int()) * 1000 : this.float();
  }

  /** Reads the entry's criteria past. */
  skipCriteria(): void {
    for (let c = this.criteria; c > 0; c--) this.criterion();
  }
}

/** True when `ms` is whole seconds from 1970 to 2105 (mode 0 holds it). */
export function fitsSeconds(ms: number): boolean {
  return ms % 1000 === 0 && ms >= 0 && ms / 1000 < 0xffffffff;
}

/** Writes a packed advancements layout: `begin`, then each `entry` and its `criterion`s, then `finish`. */
export class AdvancementsWriter {
  private readonly out = new ByteWriter();
  private seconds = true;
  private last = 0;
  private entries = 0;

  /** `seconds` when every time `fitsSeconds`. */
  begin(seconds: boolean): void {
    this.out.reset();
    this.seconds = seconds;
    this.last = 0;
    this.entries = 0;
    this.out.uint(seconds ? 0 : 1);
  }

  entry(id: number, done: boolean, doneAt: number | null, criteria: number): void {
    this.entries++;
    this.out.uint(id);
    this.out.uint(criteria * 2 + (done ? 1 : 0));
    if (!this.seconds) this.out.float(doneAt ?? Number.NaN);
    else if (doneAt === null) this.out.uint(0);
    else {
      const s = doneAt / 1000;
      const d = s - this.last;
      this.out.uint((d >= 0 ? 2 * d : -2 * d - 1) + 1);
      this.last = s;
    }
  }

  criterion(name: number, at: number): void {
    this.out.uint(name);
    if (!this.seconds) this.out.float(at);
    else {
      const s = at / 1000;
      this.out.int(s - this.last);
      this.last = s;
    }
  }

  /** The layout written since `begin`: its own array, or a view of one of `blocks`. */
  finish(blocks?: ByteBlocks): Uint8Array {
    return this.entries === 0 ? new Uint8Array(0) : this.out.finish(blocks);
  }
}

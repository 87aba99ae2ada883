import type { RecordWarning } from '../record/types.js';
import { crc32 } from './crc32.js';

/** Bytes before each frame's payload: its length and its CRC-32, both unsigned 32-bit little-endian. */
export const FRAME_HEADER = 8;
/** A frame longer than this is taken for damage (a day of 50,000 players is a few MB). */
const MAX_FRAME = 256 * 1024 * 1024;

/**
 * One frame of a stat history file: `length, crc32, payload`. The length makes frames
 * self-delimiting and the checksum makes a damaged one detectable, so a reader never misreads.
 *
 * @example
 * encodeFrame(Uint8Array.of(1, 2, 3)).length; // 11
 */
export function encodeFrame(payload: Uint8Array): Uint8Array {
  const frame = new Uint8Array(FRAME_HEADER + payload.length);
  const view = new DataView(frame.buffer);
  view.setUint32(0, payload.length, true);
  view.setUint32(4, crc32(payload), true);
  frame.set(payload, FRAME_HEADER);
  return frame;
}

/** What `decodeFrames` found in a file. */
export interface DecodedFrames {
  /** The payloads whose checksum matched, in file order. */
  payloads: Uint8Array[];
  warnings: RecordWarning[];
  /** Bytes up to the end of the last complete frame: where the next append goes. */
  validLength: number;
  /** Bytes after it: an interrupted append, dropped (and cut off by the writer). */
  tornBytes: number;
}

/**
 * Splits a file into frames. Never throws: a frame whose checksum does not match is skipped with
 * a warning, and an incomplete last frame (a crash mid-append) is dropped and reported.
 */
export function decodeFrames(bytes: Uint8Array, file: string): DecodedFrames {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const payloads: Uint8Array[] = [];
  const warnings: RecordWarning[] = [];
  let at = 0;
  let frame = 0;
  while (at < bytes.length) {
    frame++;
    const length = at + FRAME_HEADER <= bytes.length ? view.getUint32(at, true) : -1;
    if (length < 0 || length > MAX_FRAME || at + FRAME_HEADER + length > bytes.length) break;
    const payload = bytes.subarray(at + FRAME_HEADER, at + FRAME_HEADER + length);
    if (crc32(payload) === view.getUint32(at + 4, true)) payloads.push(payload);
    else warnings.push({ file, line: frame, reason: `frame ${frame} (${length} bytes at byte ${at}) fails its checksum; skipped` });
    at += FRAME_HEADER + length;
  }
  const tornBytes = bytes.length - at;
  if (tornBytes > 0) warnings.push({ file, line: frame, reason: `torn last frame (${tornBytes} bytes, an interrupted append) dropped` });
  return { payloads, warnings, validLength: at, tornBytes };
}

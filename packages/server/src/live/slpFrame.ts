/**
 * Framing of the Java Edition protocol before compression starts (handshake and status states):
 * every packet is `VarInt length | VarInt packetId | data`, `length` counting id and data; a
 * String is a VarInt byte length followed by UTF-8. Shared by the pinger and its test double.
 */

/** A VarInt is at most 5 bytes (a 32-bit value, 7 bits per byte). */
const VARINT_MAX_BYTES = 5;

/** Longest frame we accept: 2^21 - 1, the most a 3-byte length VarInt can announce. */
export const MAX_FRAME_BYTES = 2_097_151;

/** Thrown when bytes on the wire do not follow the framing. */
export class FramingError extends Error {
  override readonly name = 'FramingError';
}

/** Encodes a 32-bit integer as a VarInt; negative values use two's complement (5 bytes). */
export function encodeVarInt(value: number): Buffer {
  const bytes: number[] = [];
  let rest = value >>> 0;
  do {
    let byte = rest & 0x7f;
    rest >>>= 7;
    if (rest !== 0) byte |= 0x80;
    bytes.push(byte);
  } while (rest !== 0);
  return Buffer.from(bytes);
}

/**
 * Decodes a VarInt at `offset`. Returns null when the buffer ends before the VarInt does;
 * throws {@link FramingError} when it runs past 5 bytes.
 */
export function decodeVarInt(buffer: Buffer, offset = 0): { value: number; size: number } | null {
  let value = 0;
  for (let i = 0; i < VARINT_MAX_BYTES; i++) {
    const byte = buffer[offset + i];
    if (byte === undefined) return null;
    value |= (byte & 0x7f) << (7 * i);
    if ((byte & 0x80) === 0) return { value, size: i + 1 };
  }
  throw new FramingError('VarInt is longer than 5 bytes');
}

/** Encodes a protocol String (VarInt byte length + UTF-8). */
export function encodeString(text: string): Buffer {
  const bytes = Buffer.from(text, 'utf8');
  return Buffer.concat([encodeVarInt(bytes.length), bytes]);
}

/** Decodes a protocol String at `offset`; throws {@link FramingError} when it is truncated. */
export function decodeString(buffer: Buffer, offset = 0): { value: string; size: number } {
  const length = decodeVarInt(buffer, offset);
  if (length === null || length.value < 0 || offset + length.size + length.value > buffer.length) {
    throw new FramingError('String runs past the end of its packet');
  }
  const start = offset + length.size;
  return { value: buffer.toString('utf8', start, start + length.value), size: length.size + length.value };
}

/** Builds one packet: length prefix, packet id, then the payload parts. */
export function framePacket(packetId: number, ...payload: Buffer[]): Buffer {
  const body = Buffer.concat([encodeVarInt(packetId), ...payload]);
  return Buffer.concat([encodeVarInt(body.length), body]);
}

/** A packet taken off the wire: its id and the bytes after the id. */
export interface Frame {
  id: number;
  data: Buffer;
}

/**
 * Takes the first complete packet off `buffer`. Returns null while more bytes are needed;
 * throws {@link FramingError} on a malformed frame or one longer than `maxBytes` (default: the
 * most a 3-byte length can announce), as soon as its length is read.
 */
export function takeFrame(buffer: Buffer, maxBytes = MAX_FRAME_BYTES): { frame: Frame; rest: Buffer } | null {
  const length = decodeVarInt(buffer);
  if (length === null) return null;
  if (length.value <= 0 || length.value > maxBytes) {
    throw new FramingError(`frame length ${length.value} is out of range`);
  }
  const end = length.size + length.value;
  if (buffer.length < end) return null;
  const body = buffer.subarray(length.size, end);
  const id = decodeVarInt(body);
  if (id === null) throw new FramingError('frame ends inside its packet id');
  return { frame: { id: id.value, data: body.subarray(id.size) }, rest: buffer.subarray(end) };
}

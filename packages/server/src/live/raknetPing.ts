/**
 * RakNet unconnected ping/pong, the Bedrock Edition status exchange over UDP (all integers
 * big-endian): ping `0x01 | int64 time | MAGIC | int64 clientGUID`, pong
 * `0x1C | int64 time | int64 serverGUID | MAGIC | uint16 length | UTF-8 string`.
 * Shared by the pinger and its test double.
 */
export const UNCONNECTED_PING = 0x01;
export const UNCONNECTED_PONG = 0x1c;
export const RAKNET_MAGIC = Buffer.from('00ffff00fefefefefdfdfdfd12345678', 'hex');

/** Builds an unconnected ping. */
export function encodeUnconnectedPing(time: bigint, clientGuid: bigint): Buffer {
  const packet = Buffer.alloc(33);
  packet[0] = UNCONNECTED_PING;
  packet.writeBigInt64BE(time, 1);
  RAKNET_MAGIC.copy(packet, 9);
  packet.writeBigInt64BE(clientGuid, 25);
  return packet;
}

/** Builds an unconnected pong carrying `text` (the `;`-separated server description). */
export function encodeUnconnectedPong(time: bigint, serverGuid: bigint, text: string): Buffer {
  const body = Buffer.from(text, 'utf8');
  const packet = Buffer.alloc(35 + body.length);
  packet[0] = UNCONNECTED_PONG;
  packet.writeBigInt64BE(time, 1);
  packet.writeBigInt64BE(serverGuid, 9);
  RAKNET_MAGIC.copy(packet, 17);
  packet.writeUInt16BE(body.length, 33);
  body.copy(packet, 35);
  return packet;
}

/** Reads the time echoed by a ping, or null when `packet` is not an unconnected ping. */
export function decodeUnconnectedPing(packet: Buffer): { time: bigint } | null {
  if (packet.length < 33 || (packet[0] !== UNCONNECTED_PING && packet[0] !== 0x02)) return null;
  if (!packet.subarray(9, 25).equals(RAKNET_MAGIC)) return null;
  return { time: packet.readBigInt64BE(1) };
}

/** Reads a pong's string, or null when `packet` is not a well-formed unconnected pong. */
export function decodeUnconnectedPong(packet: Buffer): { time: bigint; text: string } | null {
  if (packet.length < 35 || packet[0] !== UNCONNECTED_PONG) return null;
  if (!packet.subarray(17, 33).equals(RAKNET_MAGIC)) return null;
  const length = packet.readUInt16BE(33);
  if (packet.length < 35 + length) return null;
  return { time: packet.readBigInt64BE(1), text: packet.toString('utf8', 35, 35 + length) };
}

import { connect } from 'node:net';
import { performance } from 'node:perf_hooks';
import { canonicalUuid } from './canonicalUuid.js';
import { flattenMotd, stripLegacyCodes } from './flattenMotd.js';
import { decodeString, encodeString, encodeVarInt, FramingError, framePacket, takeFrame, type Frame } from './slpFrame.js';
import { pingFailure } from './pingFailure.js';
import { capText, MAX_SAMPLE_NAME_LENGTH, MAX_STATUS_FRAME_BYTES, MAX_VERSION_LENGTH, playerCount, protocolNumber } from './statusBounds.js';
import type { LiveSamplePlayer, PingFailure } from './types.js';

/** What one Java server-list ping tells us. */
export type JavaPing =
  | {
      online: true;
      players_online: number | null;
      players_max: number | null;
      version: string | null;
      protocol: number | null;
      motd: string;
      sample: LiveSamplePlayer[];
      latency_ms: number;
    }
  | { online: false; reason: PingFailure };

export interface PingJavaOptions {
  host: string;
  port: number;
  /** The whole exchange (connect, status, ping/pong) must finish within this. */
  timeoutMs: number;
  /** Host name written into the handshake; defaults to `host`. */
  serverAddress?: string;
}

/** `-1` is the convention for "pinging to discover the version" (wiki.vg Server List Ping). */
const PROTOCOL_DISCOVER = -1;
const NEXT_STATE_STATUS = 1;
const STATUS_PACKET = 0x00;
const PING_PACKET = 0x01;
/** Vanilla sends at most 12; proxies may send long decorative lists. */
const MAX_SAMPLE = 20;

/**
 * One Java Edition server-list ping (1.7+): handshake, status request, status response, then
 * ping/pong for the latency. Never rejects; a failure resolves with `online: false` and a
 * coarse reason. A server that answers the status but never the ping still counts as online,
 * with the status round trip as latency.
 */
export function pingJava(options: PingJavaOptions): Promise<JavaPing> {
  const { host, port, timeoutMs } = options;
  return new Promise((resolve) => {
    let settled = false;
    let buffer: Buffer = Buffer.alloc(0);
    let status: Extract<JavaPing, { online: true }> | null = null;
    let sentAt = 0;

    const socket = connect({ host, port });
    const finish = (result: JavaPing): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      resolve(result);
    };
    const failOrStatus = (reason: PingFailure): void => finish(status ?? { online: false, reason });
    const timer = setTimeout(() => failOrStatus('timeout'), timeoutMs);

    socket.setNoDelay(true);
    socket.on('connect', () => {
      const handshake = framePacket(
        0x00,
        encodeVarInt(PROTOCOL_DISCOVER),
        encodeString(options.serverAddress ?? host),
        u16(port),
        encodeVarInt(NEXT_STATE_STATUS),
      );
      sentAt = performance.now();
      socket.write(Buffer.concat([handshake, framePacket(STATUS_PACKET)]));
    });
    socket.on('data', (chunk: Buffer) => {
      buffer = buffer.length === 0 ? chunk : Buffer.concat([buffer, chunk]);
      try {
        // A frame longer than any status the game accepts is refused as soon as its length is read.
        for (let taken = takeFrame(buffer, MAX_STATUS_FRAME_BYTES); taken !== null; taken = takeFrame(buffer, MAX_STATUS_FRAME_BYTES)) {
          buffer = taken.rest;
          onFrame(taken.frame);
          if (settled) return;
        }
      } catch {
        // FramingError or SyntaxError from JSON.parse: either way not a status response.
        failOrStatus('protocol');
      }
    });
    socket.on('error', (error: NodeJS.ErrnoException) => failOrStatus(pingFailure(error)));
    socket.on('close', () => failOrStatus('protocol'));

    function onFrame(frame: Frame): void {
      if (status === null) {
        if (frame.id !== STATUS_PACKET) throw new FramingError(`expected a status response, got packet ${frame.id}`);
        const parsed = parseStatusJson(frame.data);
        status = { ...parsed, latency_ms: Math.round(performance.now() - sentAt) };
        const payload = Buffer.alloc(8);
        payload.writeBigInt64BE(BigInt(Date.now()));
        sentAt = performance.now();
        socket.write(framePacket(PING_PACKET, payload));
        return;
      }
      if (frame.id === PING_PACKET) finish({ ...status, latency_ms: Math.round(performance.now() - sentAt) });
    }
  });
}

function u16(value: number): Buffer {
  const bytes = Buffer.alloc(2);
  bytes.writeUInt16BE(value);
  return bytes;
}

/** Parses the status JSON; throws `SyntaxError`/`FramingError` when it is not a status object. */
function parseStatusJson(data: Buffer): Omit<Extract<JavaPing, { online: true }>, 'latency_ms'> {
  const { value } = decodeString(data);
  const json: unknown = JSON.parse(value);
  if (json === null || typeof json !== 'object' || Array.isArray(json)) {
    throw new FramingError('status response is not a JSON object');
  }
  const body = json as Record<string, unknown>;
  const version = record(body['version']);
  const players = record(body['players']);
  // Outside input, served and recorded: counts within bounds (else null), text cut (statusBounds).
  return {
    online: true,
    players_online: playerCount(players?.['online']),
    players_max: playerCount(players?.['max']),
    version: typeof version?.['name'] === 'string' ? capText(stripLegacyCodes(version['name']), MAX_VERSION_LENGTH) : null,
    protocol: protocolNumber(version?.['protocol']),
    motd: flattenMotd(body['description']),
    sample: sample(players?.['sample']),
  };
}

function record(value: unknown): Record<string, unknown> | null {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}

function sample(value: unknown): LiveSamplePlayer[] {
  if (!Array.isArray(value)) return [];
  const players: LiveSamplePlayer[] = [];
  for (const entry of value) {
    const player = record(entry);
    if (player === null || typeof player['name'] !== 'string') continue;
    players.push({ name: capText(stripLegacyCodes(player['name']), MAX_SAMPLE_NAME_LENGTH), uuid: sampleUuid(player['id']) });
    if (players.length === MAX_SAMPLE) break;
  }
  return players;
}

/** The all-zero UUID servers give hidden ("anonymous") sample players. */
const ANONYMOUS = '00000000-0000-0000-0000-000000000000';

/** Dashed lowercase UUID; null for none, malformed, or the anonymous one. */
function sampleUuid(value: unknown): string | null {
  const uuid = canonicalUuid(value);
  return uuid === ANONYMOUS ? null : uuid;
}

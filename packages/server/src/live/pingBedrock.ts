import { randomBytes } from 'node:crypto';
import { createSocket } from 'node:dgram';
import { isIP } from 'node:net';
import { performance } from 'node:perf_hooks';
import { stripLegacyCodes } from './flattenMotd.js';
import { decodeUnconnectedPong, encodeUnconnectedPing } from './raknetPing.js';
import { pingFailure } from './pingFailure.js';
import { capText, MAX_MOTD_LENGTH, MAX_VERSION_LENGTH, playerCount } from './statusBounds.js';
import type { BedrockLiveStatus, PingFailure } from './types.js';

export interface PingBedrockOptions {
  host: string;
  port: number;
  timeoutMs: number;
}


/**
 * One RakNet unconnected ping to a Bedrock server (or a Geyser proxy). The socket is connected
 * so only the server's own datagrams count and a closed port shows up as `refused` (the ICMP
 * "port unreachable" arrives as ECONNREFUSED) instead of waiting for the timeout. Never rejects.
 */
export function pingBedrock(options: PingBedrockOptions): Promise<BedrockLiveStatus> {
  const { host, port, timeoutMs } = options;
  return new Promise((resolve) => {
    let settled = false;
    let sentAt = 0;
    const socket = createSocket(isIP(host) === 6 ? 'udp6' : 'udp4');
    const finish = (result: BedrockLiveStatus): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      try {
        socket.close();
      } catch {
        // Already closed after an error.
      }
      resolve(result);
    };
    const fail = (reason: PingFailure): void => finish(offlineBedrock(reason));
    const timer = setTimeout(() => fail('timeout'), timeoutMs);

    socket.on('error', (error: NodeJS.ErrnoException) => fail(pingFailure(error)));
    socket.on('message', (packet: Buffer) => {
      const pong = decodeUnconnectedPong(packet);
      if (pong === null) return; // Stray datagram: keep waiting for a real pong.
      const parsed = parsePongText(pong.text);
      finish(parsed === null ? offlineBedrock('protocol') : { ...parsed, latency_ms: Math.round(performance.now() - sentAt) });
    });
    socket.connect(port, host, () => {
      sentAt = performance.now();
      const guid = randomBytes(8).readBigInt64BE();
      socket.send(encodeUnconnectedPing(BigInt(Date.now()), guid), (error) => {
        if (error) fail(pingFailure(error));
      });
    });
  });
}

/** A Bedrock result for a failed ping. */
export function offlineBedrock(reason: PingFailure): BedrockLiveStatus {
  return { online: false, players_online: null, players_max: null, version: null, protocol: null, motd: null, latency_ms: null, reason };
}

/**
 * Parses `edition;motd1;protocol;version;online;max;serverId;motd2;gameMode;…`. Older servers
 * send only the first six fields, so everything after them is optional. Null when the string
 * is not a server description at all.
 */
export function parsePongText(text: string): Omit<BedrockLiveStatus, 'latency_ms'> | null {
  const fields = text.split(';');
  const [edition, motd1, protocol, version, online, max] = fields;
  if (edition === undefined || !/^MC(PE|EE)$/i.test(edition) || max === undefined) return null;
  const motd2 = fields[7];
  const lines = [motd1 ?? '', ...(motd2 === undefined || motd2 === '' ? [] : [motd2])];
  // Outside input, served and recorded: counts within bounds (else null), text cut (statusBounds).
  return {
    online: true,
    players_online: playerCount(integer(online)),
    players_max: playerCount(integer(max)),
    version: version === undefined || version === '' ? null : capText(version, MAX_VERSION_LENGTH),
    protocol: integer(protocol),
    motd: capText(stripLegacyCodes(lines.join('\n')), MAX_MOTD_LENGTH),
    reason: null,
  };
}

function integer(text: string | undefined): number | null {
  return text !== undefined && /^\d{1,9}$/.test(text) ? Number(text) : null;
}

import { isIP } from 'node:net';

/** A parsed `HOST[:PORT]` address. */
export interface ServerAddress {
  host: string;
  port: number;
  /** False when the port is the default, which is when a Java client looks up an SRV record. */
  explicitPort: boolean;
}

/**
 * Parses a configured `HOST[:PORT]` address: `play.example.org`, `10.0.0.5:25566`,
 * `[2001:db8::1]:25565`, or a bare IPv6 literal. Throws a `TypeError` naming the address when
 * it is malformed, so a bad configuration fails at startup rather than as "offline".
 */
export function parseAddress(address: string, defaultPort: number): ServerAddress {
  const text = address.trim();
  const fail = (why: string): never => {
    throw new TypeError(`invalid server address ${JSON.stringify(address)}: ${why} (expected HOST[:PORT])`);
  };
  if (text === '') fail('empty');
  if (/\s|\//.test(text)) fail('contains whitespace or a slash');

  let host = text;
  let portText: string | null = null;
  const bracketed = /^\[([^\]]+)\](?::(.*))?$/.exec(text);
  if (bracketed) {
    host = bracketed[1] ?? '';
    portText = bracketed[2] ?? null;
    if (isIP(host) !== 6) fail('brackets hold no IPv6 address');
  } else if (isIP(text) === 6) {
    host = text;
  } else {
    const colon = text.lastIndexOf(':');
    if (colon !== -1) {
      host = text.slice(0, colon);
      portText = text.slice(colon + 1);
    }
    if (host === '' || host.includes(':')) fail('bad host');
  }

  if (portText === null) return { host, port: defaultPort, explicitPort: false };
  if (!/^\d{1,5}$/.test(portText)) fail('port is not a number');
  const port = Number(portText);
  if (port < 1 || port > 65_535) fail('port is out of range 1-65535');
  return { host, port, explicitPort: true };
}

import { inetAton } from './inetAton.js';
import { isDottedQuad } from './isDottedQuad.js';
import { parseIp } from './ipMatcher.js';

/**
 * An IP address (without a port) in a spelling every other function here reads the same way, or
 * null when it is not an address: IPv4 in any `inet_aton` spelling becomes dotted decimal
 * (`0x0a.9.9.9` → `10.9.9.9`, see {@link inetAton}); IPv6 (a colon) is returned as written when it
 * parses. Used on `X-Forwarded-For` hops, which a client may have had a hand in.
 *
 * @example
 * canonicalAddress('167381257'); // '9.250.9.9'
 * canonicalAddress('2001:db8::1'); // '2001:db8::1'
 * canonicalAddress('localhost'); // null
 */
export function canonicalAddress(address: string): string | null {
  // Canonical dotted decimal (nearly every hop) is returned as it is, without parsing.
  if (isDottedQuad(address, 0)) return address;
  const text = address.trim();
  if (!text.includes(':')) return inetAton(text.startsWith('[') && text.endsWith(']') ? text.slice(1, -1) : text);
  return parseIp(text) ? text : null;
}

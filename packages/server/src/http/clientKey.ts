import { canonicalAddress } from './canonicalAddress.js';
import { isDottedQuad } from './isDottedQuad.js';
import { parseIp } from './ipMatcher.js';

/** Longest key kept for something that is not an IP address (it is only ever a map key). */
const MAX_RAW_KEY = 64;

/** Keys of recently seen spellings that need parsing (IPv6 mostly): a client sends many requests. */
const recent = new Map<string, string>();
const MAX_RECENT = 1024;

/**
 * The key a client address is counted under (the rate limit, the Node adapter's per-address
 * connection cap), so that one client has one budget however its address is spelled:
 * - IPv4 in dotted form, also when written IPv4-mapped (`::ffff:1.2.3.4`, how Node reports IPv4
 *   peers on a dual-stack socket), with a port (`1.2.3.4:5678`, as some proxies write
 *   X-Forwarded-For), or in another `inet_aton` spelling (`0x0a.9.9.9`, `167381257`, `10.9`; a
 *   leading zero is octal, as everywhere these are read);
 * - IPv6 by its /64 prefix (`2001:db8:0:1::/64`): one subscriber, one LAN, is handed a whole /64,
 *   so counting single IPv6 addresses would give one client 2^64 budgets. Case, zero
 *   compression, brackets, ports and zone ids make no difference;
 * - anything else (a runtime that reports no address: `unknown`) as given, cut to 64 characters.
 *
 * It runs on every request: the common spellings (a dotted IPv4 address, IPv4-mapped or not)
 * are recognised without parsing, and the keys of the last thousand other spellings are remembered.
 *
 * @example
 * clientKey('::ffff:203.0.113.9');         // '203.0.113.9'
 * clientKey('203.0.113.9:443');            // '203.0.113.9'
 * clientKey('[2001:DB8::1:2:3:4]:8080');   // '2001:db8:0:1::/64'
 */
export function clientKey(address: string): string {
  if (isDottedQuad(address, 0)) return address;
  if (address.startsWith('::ffff:') && isDottedQuad(address, 7)) return address.slice(7);
  let key = recent.get(address);
  if (key === undefined) {
    key = parsedKey(address);
    if (recent.size >= MAX_RECENT) recent.clear();
    recent.set(address, key);
  }
  return key;
}

function parsedKey(address: string): string {
  const canonical = canonicalAddress(withoutPort(address));
  const bytes = canonical === null ? null : parseIp(canonical);
  if (!bytes) return address.slice(0, MAX_RAW_KEY);
  if (isIpv4Mapped(bytes)) return `${bytes[12]}.${bytes[13]}.${bytes[14]}.${bytes[15]}`;
  const group = (i: number) => ((bytes[i * 2]! << 8) | bytes[i * 2 + 1]!).toString(16);
  return `${group(0)}:${group(1)}:${group(2)}:${group(3)}::/64`;
}

/**
 * An address without the port some proxies append: `1.2.3.4:80` → `1.2.3.4`,
 * `[2001:db8::1]:80` → `2001:db8::1`. A bare IPv6 address (several colons) is returned as is.
 *
 * @example
 * withoutPort('198.51.100.7:61000'); // '198.51.100.7'
 */
export function withoutPort(address: string): string {
  if (address.startsWith('[')) {
    const close = address.indexOf(']');
    return close > 0 && (close === address.length - 1 || isPort(address, close + 1)) ? address.slice(1, close) : address;
  }
  const colon = address.indexOf(':');
  // One colon: IPv4 (or a name) and a port; more: an IPv6 address, which has no port unbracketed.
  return colon > 0 && address.indexOf(':', colon + 1) < 0 && isPort(address, colon) ? address.slice(0, colon) : address;
}

/** Whether `s` from `colon` on is `:` and 1 to 5 digits. */
function isPort(s: string, colon: number): boolean {
  const digits = s.length - colon - 1;
  if (s.charCodeAt(colon) !== 58 || digits < 1 || digits > 5) return false;
  for (let i = colon + 1; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return true;
}

function isIpv4Mapped(bytes: Uint8Array): boolean {
  for (let i = 0; i < 10; i++) if (bytes[i] !== 0) return false;
  return bytes[10] === 0xff && bytes[11] === 0xff;
}

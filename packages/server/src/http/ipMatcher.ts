/**
 * Parses an IPv4 or IPv6 address into 16 bytes (IPv4 as IPv4-mapped IPv6, so `1.2.3.4` and
 * `::ffff:1.2.3.4` are the same address), or null when it is not an address. Zone ids and
 * brackets are dropped. A character scan without regular expressions or intermediate strings:
 * it runs on every request (the rate limit's key, the trusted-proxy check).
 */
export function parseIp(input: string): Uint8Array | null {
  let start = 0;
  let end = input.length;
  while (start < end && input.charCodeAt(start) <= 32) start++;
  while (end > start && input.charCodeAt(end - 1) <= 32) end--;
  if (input.charCodeAt(start) === 91 && input.charCodeAt(end - 1) === 93) {
    start++;
    end--;
  }
  const zone = input.indexOf('%', start);
  if (zone >= 0 && zone < end) end = zone;
  const bytes = new Uint8Array(16);
  if (parseIpv4(input, start, end, bytes, 12)) {
    bytes[10] = 0xff;
    bytes[11] = 0xff;
    return bytes;
  }
  return parseIpv6(input, start, end, bytes) ? bytes : null;
}

/** Writes the dotted IPv4 address `s[start, end)` into `out` at `offset`; false when it is not one. */
function parseIpv4(s: string, start: number, end: number, out: Uint8Array, offset: number): boolean {
  let part = 0;
  let i = start;
  while (part < 4) {
    let value = 0;
    let digits = 0;
    while (i < end && digits < 4) {
      const c = s.charCodeAt(i);
      if (c < 48 || c > 57) break;
      value = value * 10 + c - 48;
      digits++;
      i++;
    }
    if (digits === 0 || digits > 3 || value > 255) return false;
    out[offset + part] = value;
    part++;
    if (part < 4) {
      if (i >= end || s.charCodeAt(i) !== 46) return false;
      i++;
    }
  }
  return i === end;
}

function hexDigit(c: number): number {
  if (c >= 48 && c <= 57) return c - 48;
  const lower = c | 0x20;
  return lower >= 97 && lower <= 102 ? lower - 87 : -1;
}

/** Writes the IPv6 address `s[start, end)` (`::` compression, an IPv4 tail) into `out`. */
function parseIpv6(s: string, start: number, end: number, out: Uint8Array): boolean {
  if (end - start < 2 || end - start > 45) return false;
  const groups: number[] = [];
  let gapAt = -1;
  let i = start;
  if (s.charCodeAt(i) === 58) {
    if (s.charCodeAt(i + 1) !== 58) return false;
    gapAt = 0;
    i += 2;
  }
  while (i < end) {
    let j = i;
    let value = 0;
    while (j < end && j - i < 5) {
      const d = hexDigit(s.charCodeAt(j));
      if (d < 0) break;
      value = value * 16 + d;
      j++;
    }
    if (j < end && s.charCodeAt(j) === 46) {
      // An embedded IPv4 tail (::ffff:1.2.3.4) ends the address and fills two groups.
      const tail = new Uint8Array(4);
      if (!parseIpv4(s, i, end, tail, 0)) return false;
      groups.push((tail[0]! << 8) | tail[1]!, (tail[2]! << 8) | tail[3]!);
      break;
    }
    if (j === i || j - i > 4) return false;
    groups.push(value);
    if (groups.length > 8) return false;
    if (j === end) break;
    if (s.charCodeAt(j) !== 58) return false;
    j++;
    if (j < end && s.charCodeAt(j) === 58) {
      if (gapAt >= 0) return false;
      gapAt = groups.length;
      j++;
    } else if (j === end) {
      return false;
    }
    i = j;
  }
  const n = groups.length;
  if (gapAt < 0 ? n !== 8 : n > 7) return false;
  const before = gapAt < 0 ? n : gapAt;
  for (let k = 0; k < n; k++) {
    const at = k < before ? k : 8 - (n - k);
    out[at * 2] = groups[k]! >> 8;
    out[at * 2 + 1] = groups[k]! & 0xff;
  }
  return true;
}

/**
 * An IPv4 address written as a dotted quad (`203.0.113.9`) or IPv4-mapped (`::ffff:203.0.113.9`,
 * how Node reports IPv4 peers on a dual-stack socket) as an unsigned 32-bit number, else -1
 * (anything else, including forms `parseIp` also accepts: they take the general path). Reads
 * characters without allocating: it runs for every request that came through a proxy.
 */
function ipv4Number(s: string): number {
  const end = s.length;
  let i = 0;
  if (end > 7 && s.charCodeAt(0) === 58 /* : */) {
    if (s.charCodeAt(1) !== 58 || s.charCodeAt(6) !== 58) return -1;
    // `ffff` in either case (| 0x20 lower-cases an ASCII letter).
    for (let k = 2; k < 6; k++) if ((s.charCodeAt(k) | 0x20) !== 102 /* f */) return -1;
    i = 7;
  }
  let value = 0;
  for (let part = 0; part < 4; part++) {
    if (part > 0) {
      if (i >= end || s.charCodeAt(i) !== 46 /* . */) return -1;
      i++;
    }
    const start = i;
    let octet = 0;
    // Reads stay within the string: past its end charCodeAt is NaN, which V8 does not optimise.
    while (i < end && i - start < 3) {
      const c = s.charCodeAt(i);
      if (c < 48 || c > 57) break;
      octet = octet * 10 + (c - 48);
      i++;
    }
    if (i === start || octet > 255) return -1;
    value = value * 256 + octet;
  }
  return i === end ? value : -1;
}

/** Whether the first `bits` bits of two 16-byte addresses are equal. */
function samePrefix(a: Uint8Array, b: Uint8Array, bits: number): boolean {
  for (let bit = 0; bit < bits; bit += 8) {
    const mask = bits - bit >= 8 ? 0xff : (0xff << (8 - (bits - bit))) & 0xff;
    if (((a[bit / 8]! ^ b[bit / 8]!) & mask) !== 0) return false;
  }
  return true;
}

/** `::ffff:0.0.0.0`, the start of the IPv4-mapped block (::ffff:0:0/96). */
const MAPPED = parseIp('::ffff:0.0.0.0')!;

/**
 * Builds a predicate telling whether an address is in a list of addresses and CIDR ranges
 * (`10.0.0.0/8`, `::1`, `fd00::/8`). IPv4 ranges also match IPv4-mapped IPv6 peers, which is
 * how Node reports IPv4 clients on a dual-stack socket. Invalid entries throw at startup rather
 * than silently trusting nothing (or everything).
 *
 * @example
 * const trusted = ipMatcher(['127.0.0.1', '10.0.0.0/8']);
 * trusted('::ffff:10.1.2.3'); // true
 */
export function ipMatcher(list: readonly string[]): (address: string) => boolean {
  const ranges = list.map((entry) => {
    const [addr, bits] = entry.split('/');
    const bytes = parseIp(addr ?? '');
    const isV4 = addr !== undefined && parseIpv4(addr.trim(), 0, addr.trim().length, new Uint8Array(4), 0);
    const maxBits = isV4 ? 32 : 128;
    const prefix = bits === undefined ? maxBits : Number(bits);
    if (!bytes || !Number.isInteger(prefix) || prefix < 0 || prefix > maxBits || (bits !== undefined && !/^\d+$/.test(bits))) {
      throw new Error(`trusted proxy entry "${entry}" is not an IP address or CIDR range`);
    }
    return { bytes, prefix: isV4 ? prefix + 96 : prefix };
  });
  // No trusted proxy (the default): nothing to parse on every request.
  if (ranges.length === 0) return () => false;
  // Every range as it applies to IPv4 addresses (all of them mapped into ::ffff:0:0/96): a
  // network and mask on 32-bit numbers, so that a plain IPv4 address is matched by arithmetic.
  const v4 = ranges
    .filter(({ bytes, prefix }) => samePrefix(bytes, MAPPED, Math.min(prefix, 96)))
    .map(({ bytes, prefix }) => {
      const bits = Math.max(0, prefix - 96);
      const mask = bits === 0 ? 0 : (0xffffffff << (32 - bits)) >>> 0;
      const net = ((bytes[12]! << 24) | (bytes[13]! << 16) | (bytes[14]! << 8) | bytes[15]!) >>> 0;
      return { net: (net & mask) >>> 0, mask };
    });
  return (address) => {
    const number = ipv4Number(address);
    if (number >= 0) {
      for (let i = 0; i < v4.length; i++) if (((number & v4[i]!.mask) >>> 0) === v4[i]!.net) return true;
      return false;
    }
    const bytes = parseIp(address);
    return bytes !== null && ranges.some(({ bytes: net, prefix }) => samePrefix(bytes, net, prefix));
  };
}

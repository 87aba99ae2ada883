/**
 * An IPv4 address in any spelling `inet_aton(3)` accepts, as dotted decimal, or null when `text`
 * is not one: 1 to 4 parts separated by dots, each decimal, octal (a leading `0`) or hex (`0x`);
 * the last part fills the bytes the others leave (`10.9` is `10.0.0.9`, `167381257` is one 32-bit
 * number). The C library, `ping`, `curl` and browsers' URL parser (WHATWG "IPv4 parser") all
 * reach the same address from these spellings, so a rate limit must count them as one client;
 * Node's `net.isIP` accepts none of them (only canonical dotted decimal), so it cannot be the
 * test. A leading zero means octal, as for all of those: `010.0.0.1` is `8.0.0.1`, and
 * `203.000.113.009` (9 is no octal digit) is not an address.
 *
 * @example
 * inetAton('0x0a.9.9.9'); // '10.9.9.9'
 * inetAton('167381257');  // '9.250.9.9'
 * inetAton('10.9');       // '10.0.0.9'
 * inetAton('1.2.3.256');  // null
 */
export function inetAton(text: string): string | null {
  const parts = text.split('.');
  if (parts.length > 4) return null;
  const values: number[] = [];
  for (const part of parts) {
    const value = partValue(part);
    if (value === null) return null;
    values.push(value);
  }
  const last = values.pop()!;
  if (values.some((value) => value > 255) || last >= 2 ** (8 * (4 - values.length))) return null;
  const bytes = [...values];
  for (let shift = 8 * (3 - values.length); shift >= 0; shift -= 8) bytes.push(Math.floor(last / 2 ** shift) % 256);
  return bytes.join('.');
}

/** One part's number (decimal, `0` octal, `0x` hex), or null: empty, a stray character, or past 32 bits. */
function partValue(part: string): number | null {
  const hex = /^0x([0-9a-f]{1,8})$/i.exec(part);
  if (hex) return Number.parseInt(hex[1]!, 16);
  // At most 11 octal or 10 decimal digits: enough for 2^32 - 1, never a float's rounding.
  if (/^0[0-7]{0,11}$/.test(part)) return Number.parseInt(part, 8);
  if (/^[1-9][0-9]{0,9}$/.test(part)) return Number(part);
  return null;
}

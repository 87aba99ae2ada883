/**
 * Whether `s` from `start` to its end is an IPv4 address in canonical dotted decimal (four parts,
 * each 0-255, no leading zeros): the spelling nearly every peer and proxy hop has, recognised
 * without splitting or regular expressions, since it is checked on every request.
 *
 * @example
 * isDottedQuad('203.0.113.9', 0); // true
 * isDottedQuad('::ffff:203.0.113.9', 7); // true
 * isDottedQuad('010.0.0.1', 0); // false (octal in inet_aton's reading)
 */
export function isDottedQuad(s: string, start: number): boolean {
  const end = s.length;
  if (end - start < 7 || end - start > 15) return false;
  let parts = 0;
  let i = start;
  while (i <= end) {
    let value = 0;
    let digits = 0;
    while (i < end) {
      const c = s.charCodeAt(i);
      if (c < 48 || c > 57) break;
      if (digits === 1 && value === 0) return false; // a leading zero
      value = value * 10 + c - 48;
      digits++;
      i++;
    }
    if (digits === 0 || value > 255) return false;
    parts++;
    if (i === end) return parts === 4;
    if (s.charCodeAt(i) !== 46 || parts === 4) return false;
    i++;
  }
  return false;
}

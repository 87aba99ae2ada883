/**
 * Formats a number the same way on every machine: `,` between thousands, `.` before decimals,
 * at most `maxDecimals` decimals with trailing zeros dropped. `toLocaleString` is avoided on
 * purpose: its output depends on the ICU data and default locale of the host.
 *
 * @example
 * ```ts
 * formatNumber(1234567); // '1,234,567'
 * formatNumber(12.345, 1); // '12.3'
 * formatNumber(-0.004, 2); // '0'
 * ```
 */
export function formatNumber(n: number, maxDecimals = 0): string {
  if (!Number.isFinite(n)) throw new RangeError(`formatNumber: expected a finite number, got ${String(n)}`);
  const digits = Math.max(0, Math.min(20, Math.trunc(maxDecimals)));
  // toFixed rounds half away from zero on the decimal string and never uses exponent notation
  // below 1e21, so it is a locale-free base for grouping.
  const fixed = Math.abs(n).toFixed(digits);
  const [whole = '0', fraction = ''] = fixed.split('.');
  const trimmed = fraction.replace(/0+$/, '');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const body = trimmed ? `${grouped}.${trimmed}` : grouped;
  // A value that rounds to zero is shown as "0", never "-0".
  return n < 0 && /[1-9]/.test(body) ? `-${body}` : body;
}

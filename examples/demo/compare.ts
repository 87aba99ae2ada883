/**
 * Code-point string order. `localeCompare` depends on the machine's ICU locale, and the demo must
 * come out byte-identical everywhere.
 */
export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Bytes per unit of a size string: binary units (KiB…) are powers of 1024, decimal ones (KB…) of 1000. */
const UNITS: Readonly<Record<string, number>> = {
  b: 1,
  kb: 1_000,
  mb: 1_000_000,
  gb: 1_000_000_000,
  kib: 1024,
  mib: 1024 ** 2,
  gib: 1024 ** 3,
};

const SIZE = /^(\d+(?:\.\d+)?)\s*([kmg]i?b|b)$/i;

/**
 * Parses a size such as `16MiB`, `512 KiB`, `1GB` or `100B` into bytes; null when the text is not
 * one. `KiB`, `MiB`, `GiB` are powers of 1024; `KB`, `MB`, `GB` of 1000.
 *
 * @example
 * parseSize('16MiB'); // 16777216
 * parseSize('1.5 KB'); // 1500
 * parseSize('16'); // null (a unit is required; give a number for bytes)
 */
export function parseSize(text: string): number | null {
  const match = SIZE.exec(text.trim());
  if (!match) return null;
  const bytes = Number(match[1]) * (UNITS[match[2]!.toLowerCase()] as number);
  return Number.isSafeInteger(Math.round(bytes)) ? Math.round(bytes) : null;
}

/**
 * Orders rows best first by `key` and gives competition ranks (1, 1, 3): DECISIONS 10, ties
 * ordered by name, then uuid. Callers filter first; every row given is ranked.
 */
export function rankOrder<T extends { uuid: string }>(
  rows: readonly T[],
  key: (row: T) => number,
  names: Readonly<Record<string, string | null>> = {},
): Array<T & { rank: number }> {
  // Unnamed players sort after named ones within a tie.
  const name = (uuid: string) => names[uuid]?.toLowerCase() ?? '\uffff';
  const sorted = rows
    .slice()
    .sort((a, b) => key(b) - key(a) || cmp(name(a.uuid), name(b.uuid)) || cmp(a.uuid, b.uuid));
  const out: Array<T & { rank: number }> = [];
  for (let i = 0; i < sorted.length; i++) {
    const row = sorted[i]!;
    const tied = i > 0 && key(sorted[i - 1]!) === key(row);
    out.push({ ...row, rank: tied ? out[i - 1]!.rank : i + 1 });
  }
  return out;
}

const cmp = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

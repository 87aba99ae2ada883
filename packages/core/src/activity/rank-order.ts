/**
 * Players' names by uuid, only to order ties (DECISIONS 10): an object, or a lookup (a server
 * answers from its snapshot's index instead of building an object of every player per pull).
 * An unknown uuid has no name.
 */
export type PlayerNames = Readonly<Record<string, string | null>> | ((uuid: string) => string | null | undefined);

/**
 * Orders rows best first by `key` and gives competition ranks (1, 1, 3): DECISIONS 10, ties
 * ordered by name, then uuid. Callers filter first; every row given is ranked.
 */
export function rankOrder<T extends { uuid: string }>(
  rows: readonly T[],
  key: (row: T) => number,
  names: PlayerNames = {},
): Array<T & { rank: number }> {
  const lookup = typeof names === 'function' ? names : (uuid: string) => names[uuid];
  // Unnamed players sort after named ones within a tie. Each row's key and name read once, not at every comparison.
  const keyed = rows.map((row) => ({ row, key: key(row), name: lookup(row.uuid)?.toLowerCase() ?? '\uffff' }));
  keyed.sort((a, b) => b.key - a.key || cmp(a.name, b.name) || cmp(a.row.uuid, b.row.uuid));
  const out: Array<T & { rank: number }> = [];
  for (let i = 0; i < keyed.length; i++) {
    const { row, key: value } = keyed[i]!;
    const tied = i > 0 && keyed[i - 1]!.key === value;
    out.push({ ...row, rank: tied ? out[i - 1]!.rank : i + 1 });
  }
  return out;
}

const cmp = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

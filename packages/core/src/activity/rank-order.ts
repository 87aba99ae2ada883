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
  // Unnamed players sort after named ones within a tie.
  const name = (uuid: string) => lookup(uuid)?.toLowerCase() ?? '\uffff';
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

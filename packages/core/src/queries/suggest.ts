/** Edit distance (Levenshtein) between two short strings, case-insensitive. */
function distance(a: string, b: string): number {
  const s = a.toLowerCase();
  const t = b.toLowerCase();
  let previous = Array.from({ length: t.length + 1 }, (_, i) => i);
  for (let i = 1; i <= s.length; i++) {
    const row = [i];
    for (let j = 1; j <= t.length; j++) {
      row[j] = Math.min((previous[j] as number) + 1, (row[j - 1] as number) + 1, (previous[j - 1] as number) + (s[i - 1] === t[j - 1] ? 0 : 1));
    }
    previous = row;
  }
  return previous[t.length] as number;
}

/**
 * "Did you mean" candidates: the closest few of `candidates` to `input` (substring matches
 * first, then by edit distance within a third of the input's length). The CLI and the website
 * use it for unknown players, stats and advancements.
 *
 * @example
 * ```ts
 * suggest('jumps', ['jump', 'drop', 'fish_caught']); // ['jump']
 * suggest('zzzz', ['jump', 'drop']); // []
 * ```
 */
export function suggest(input: string, candidates: readonly string[], max = 3): string[] {
  const needle = input.toLowerCase();
  if (needle === '') return [];
  const limit = Math.max(2, Math.ceil(needle.length / 3));
  const scored: Array<[string, number]> = [];
  for (const candidate of new Set(candidates)) {
    const lower = candidate.toLowerCase();
    const score = distance(needle, lower);
    const contains = lower.includes(needle) || (lower.length >= 4 && needle.includes(lower));
    if (score <= limit || contains) scored.push([candidate, contains ? Math.min(score, limit) : score]);
  }
  scored.sort((a, b) => a[1] - b[1] || a[0].length - b[0].length || (a[0] < b[0] ? -1 : 1));
  return scored.slice(0, max).map(([c]) => c);
}

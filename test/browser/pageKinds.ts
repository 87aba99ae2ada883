// The page kinds of the site, each with how to recognise one of its paths (query `lang` aside).

/** A kind's name and the pattern its paths (without `lang`) match. */
export const KINDS: ReadonlyArray<[kind: string, path: RegExp]> = [
  ['home', /^\/$/],
  ['stats', /^\/stats$/],
  ['leaderboard', /^\/stats\/[^/?]+$/],
  ['leaderboard-week', /^\/stats\/[^/?]+\?period=week$/],
  ['leaderboard-month', /^\/stats\/[^/?]+\?period=month$/],
  ['players', /^\/players$/],
  ['profile', /^\/players\/(?!page\/)[^/]+$/],
  ['advancements', /^\/advancements$/],
  ['advancement', /^\/advancements\/.+$/],
  ['hall-of-fame', /^\/hall-of-fame$/],
  ['hall-of-fame-week', /^\/hall-of-fame\?period=week$/],
  ['events', /^\/events$/],
  ['event', /^\/events\/[^/]+$/],
  ['activity', /^\/activity$/],
  ['totals', /^\/totals$/],
  ['totals-month', /^\/totals\?period=month$/],
  ['compare', /^\/compare$/],
];

/** The kind of a page's path, or `null` for one of no listed kind (a pager's later page, a filter). */
export function kindOf(path: string): string | null {
  return KINDS.find(([, pattern]) => pattern.test(path))?.[0] ?? null;
}

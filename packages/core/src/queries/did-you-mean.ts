import type { Snapshot } from '../snapshot/types.js';
import { suggest } from './suggest.js';

/** What {@link didYouMean} looks among. */
export type DidYouMeanKind = 'player' | 'stat' | 'advancement';

/**
 * "Did you mean" for an unknown player name, stat id or advancement id: the closest names,
 * stat ids (matched on id and title) or advancement ids (matched on id and title) of the
 * snapshot, at most `max`, best first. Empty when nothing is close.
 *
 * @example
 * ```ts
 * didYouMean(snapshot, 'stat', 'jumps'); // ['jump']
 * didYouMean(snapshot, 'player', 'stevee'); // ['Steve']
 * didYouMean(snapshot, 'advancement', 'diamonds'); // ['minecraft:story/mine_diamond', …]
 * ```
 */
export function didYouMean(snapshot: Snapshot, kind: DidYouMeanKind, input: string, max = 3): string[] {
  if (kind === 'player') {
    return suggest(input, snapshot.players.map((p) => p.name).filter((n): n is string => n !== null), max);
  }
  const entries = kind === 'stat'
    ? snapshot.stats.map((s) => [s.id, s.title] as const)
    : snapshot.advancements.filter((a) => a.source === 'vanilla').map((a) => [a.id, a.title] as const);
  const byTitle = new Map(entries.map(([id, title]) => [title.toLowerCase(), id]));
  // An advancement is matched on its path too (`mine_diamond`), not only the namespaced id.
  const byPath = new Map(entries.map(([id]) => [id.slice(id.indexOf(':') + 1), id]));
  const ids = [
    ...suggest(input, [...byPath.keys()], max).map((path) => byPath.get(path) as string),
    ...suggest(input, [...byTitle.keys()], max).map((title) => byTitle.get(title) as string),
  ];
  return [...new Set(ids)].slice(0, max);
}

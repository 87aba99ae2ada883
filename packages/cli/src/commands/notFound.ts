import type { Snapshot } from '@blockstats/core';
import { suggest } from '../suggest.js';

/** A did-you-mean line for an unknown player, from the names the save holds. */
export function unknownPlayer(snapshot: Snapshot, input: string): (detail: string) => string {
  return (detail) => {
    const names = snapshot.players.map((p) => p.name).filter((n): n is string => n !== null);
    const close = suggest(input, names);
    const hint = close.length > 0 ? `\nDid you mean ${close.map((n) => `"${n}"`).join(', ')}?` : '\nList the players with `blockstats players`.';
    return `No player "${input}" in this save.${detail ? ` ${detail}` : ''}${hint}`;
  };
}

/** A did-you-mean line for an unknown stat id, from the catalogue and titles. */
export function unknownStat(snapshot: Snapshot, input: string): (detail: string) => string {
  return () => {
    const byTitle = new Map(snapshot.stats.map((s) => [s.title.toLowerCase(), s.id]));
    const close = [...new Set([...suggest(input, snapshot.stats.map((s) => s.id)), ...suggest(input, [...byTitle.keys()]).map((t) => byTitle.get(t) as string)])].slice(0, 3);
    const hint = close.length > 0 ? `Did you mean ${close.map((n) => `"${n}"`).join(', ')}?` : 'Search the stats with `blockstats stats <text>`.';
    return `No tracked stat "${input}". ${hint}`;
  };
}

import { didYouMean, type Snapshot } from '@blockstats/core';

/** A did-you-mean line for an unknown player, from the names the save holds. */
export function unknownPlayer(snapshot: Snapshot, input: string): (detail: string) => string {
  return (detail) => {
    const close = didYouMean(snapshot, 'player', input);
    const hint = close.length > 0 ? `\nDid you mean ${close.map((n) => `"${n}"`).join(', ')}?` : '\nList the players with `blockstats players`.';
    return `No player "${input}" in this save.${detail ? ` ${detail}` : ''}${hint}`;
  };
}

/** A did-you-mean line for an unknown stat id, from the catalogue and titles. */
export function unknownStat(snapshot: Snapshot, input: string): (detail: string) => string {
  return () => {
    const close = didYouMean(snapshot, 'stat', input);
    const hint = close.length > 0 ? `Did you mean ${close.map((n) => `"${n}"`).join(', ')}?` : 'Search the stats with `blockstats stats <text>`.';
    return `No tracked stat "${input}". ${hint}`;
  };
}

import { toPlayer } from '../queries/to-player.js';
import type { HallOfFameEntry, Snapshot } from '../snapshot/types.js';
import { periodDates, resolvePeriod } from './period.js';
import { periodPlacings } from './period-placings.js';
import { historiesToday } from './snapshot-gains.js';
import type { StatHistory } from './stat-history.js';

/** The periods crowned, in the order `periodCrowns` lists them. */
export const CROWN_PERIODS = ['week', 'last_week', 'month', 'last_month'] as const;

/** The player (or tied players) of one period. */
export interface PeriodCrown {
  /** `week`, `last_week`, `month` or `last_month`, with its first and last days. */
  period: { name: string; from: string; to: string };
  /** The first place of the period's hall of fame: several players on a tie, none when no medal was won. */
  players: HallOfFameEntry[];
}

/**
 * The player of the week and of the month (issue 41): for the current and the last week and
 * month, the first place of that period's hall of fame (`periodHallOfFame`: medals from every
 * statistic's board of gains, ranked by crown score). Players equal on crown score and on every
 * medal count share the crown; a period with no gain crowns nobody.
 *
 * @example
 * ```ts
 * const [week] = periodCrowns(snapshot, [history]);
 * week.players[0]?.player.name; // the player of the week so far
 * ```
 */
export function periodCrowns(snapshot: Snapshot, histories: readonly StatHistory[]): PeriodCrown[] {
  const today = historiesToday(histories) ?? 0;
  return CROWN_PERIODS.map((name) => {
    const period = resolvePeriod(name, today);
    const placed = periodPlacings(snapshot, histories, period.first, period.last);
    const players: HallOfFameEntry[] = [];
    for (let i = 0; i < placed.hallOfFame.length && placed.ranks[i] === 1; i++) {
      const p = placed.hallOfFame[i]!;
      const [gold, silver, bronze] = placed.medals[p]!;
      players.push({ rank: 1, player: toPlayer(snapshot, p), crown_score: placed.crownScores[p]!, medals: { gold, silver, bronze } });
    }
    return { period: periodDates(period), players };
  });
}

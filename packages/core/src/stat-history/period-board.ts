import { competitionRanks } from '../snapshot/competition-ranks.js';
import { playerOrder } from '../snapshot/player-order.js';
import type { Snapshot } from '../snapshot/types.js';
import { snapshotGains } from './snapshot-gains.js';

/** Ticks in an hour of play time. */
export const TICKS_PER_HOUR = 72_000;

/** How a period board ranks. */
export interface PeriodBoardOptions {
  /** `hour`: the gain per hour played in the same period (play time's gain); default the gain. */
  per?: 'hour' | undefined;
  /** With `per: 'hour'`: hours played in the period to qualify. Default 1. */
  minHours?: number | undefined;
}

/** A ranked period board: snapshot player indexes best first, their values and ranks. */
export interface PeriodBoard {
  players: number[];
  values: number[];
  ranks: number[];
  /** Hours played in the period, per board position (only with `per: 'hour'`). */
  hours: number[] | null;
}

/**
 * The board of stat `statId` over server days `first` to `last`: ranked players of the snapshot
 * with a gain above 0 (with `per: 'hour'`, with at least `minHours` played too, valued by gain
 * per hour), best first, ties share a rank and are listed by name (DECISIONS 9-10).
 *
 * @example
 * ```ts
 * const board = periodBoard(snapshot, [history], 'jump', 20_407, 20_413);
 * snapshot.players[board.players[0]].name; // the week's best jumper
 * ```
 */
export function periodBoard(snapshot: Snapshot, histories: Parameters<typeof snapshotGains>[1], statId: string, first: number, last: number, options: PeriodBoardOptions = {}): PeriodBoard {
  // Remembered per snapshot until a history changes (the next pull): a board asked again is a lookup.
  const key = `${statId}|${first}|${last}|${options.per ?? ''}|${options.minHours ?? ''}|${histories.map((h) => `${h.id}:${h.version}`).join(',')}`;
  let memo = boards.get(snapshot);
  if (!memo) boards.set(snapshot, (memo = new Map()));
  const known = memo.get(key);
  if (known) return known;
  const board = computeBoard(snapshot, histories, statId, first, last, options);
  if (memo.size >= BOARDS_KEPT) memo.delete(memo.keys().next().value as string);
  memo.set(key, board);
  return board;
}

/** Boards per snapshot, by their inputs. */
const boards = new WeakMap<Snapshot, Map<string, PeriodBoard>>();
const BOARDS_KEPT = 128;

function computeBoard(snapshot: Snapshot, histories: Parameters<typeof snapshotGains>[1], statId: string, first: number, last: number, options: PeriodBoardOptions): PeriodBoard {
  const gains = snapshotGains(snapshot, histories, statId, first, last);
  const played = options.per === 'hour' ? snapshotGains(snapshot, histories, 'play_time', first, last) : null;
  const minTicks = (options.minHours ?? 1) * TICKS_PER_HOUR;
  const keyed: Array<{ p: number; value: number; name: string | null; uuid: string; lower: string | undefined }> = [];
  snapshot.players.forEach((player, p) => {
    if (!player.ranked || !(gains[p]! > 0)) return;
    let value = gains[p]!;
    if (played) {
      const ticks = played[p]!;
      if (ticks < minTicks || ticks <= 0) return;
      value = value / (ticks / TICKS_PER_HOUR);
    }
    keyed.push({ p, value, name: player.name, uuid: player.uuid, lower: player.name?.toLowerCase() });
  });
  keyed.sort((a, b) => b.value - a.value || playerOrder(a, b));
  return {
    players: keyed.map((k) => k.p),
    values: keyed.map((k) => k.value),
    ranks: competitionRanks(keyed, (a, b) => a.value === b.value),
    hours: played ? keyed.map((k) => played[k.p]! / TICKS_PER_HOUR) : null,
  };
}

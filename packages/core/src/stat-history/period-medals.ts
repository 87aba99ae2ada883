import { snapshotIndex } from '../queries/snapshot-index.js';
import type { Snapshot } from '../snapshot/types.js';
import { snapshotNumbers } from './snapshot-numbers.js';
import { openPodium, type PodiumSource } from './open-podium.js';
import { TouchedPlayers } from './touched-players.js';
import type { StatHistory } from './stat-history.js';

/** `[gold, silver, bronze]` of one player. */
type Medals = [number, number, number];
const NONE = Object.freeze([0, 0, 0]) as unknown as Medals;

/** What a period wholly in closed days gave, and for which boards and eligible players. */
interface ClosedMedals {
  stats: string;
  eligible: Uint8Array[];
  byUuid: Map<string, Medals>;
}

/**
 * Medals of periods that lie wholly in closed days (last week, last month): they stay as they
 * are until a day closes, whatever the pulls in between, as long as the same players may place.
 * Kept by the first of the histories they were summed from, so each set of histories keeps its
 * own: a network's pull asks for the closed periods of its own view (every server's history) and
 * of each server's view (its one), and in one list of eight they displaced each other, six sets
 * of two periods taken in turn, so that every pull summed them all again.
 */
const closedMedals = new WeakMap<StatHistory, Map<string, ClosedMedals>>();
/** Closed periods kept for one first history: last week and last month of a few sets of histories starting with it. */
const CLOSED_KEPT = 8;

/**
 * Per snapshot player, the `[gold, silver, bronze]` won on every statistic's board of gains over
 * server days `first` to `last`: places 1-3 among ranked players with a gain above 0,
 * competition ranks (tied players share a medal). Only each board's podium is found, never a
 * whole board ranked, among the players with a gain only (a few of thousands); the closed days' sums come from the histories' keep (`addGainsOver`), and a
 * period wholly in closed days is tallied once until a day closes. A period with the day in
 * progress reads only the players with a gain today and the largest closed sums (`openPodium`):
 * after a pull, a year-old 10,000-player server's crowns took 7-19 instead of 62 ms
 * (`bench/statHistory.ts`), and every view's of a network of five such servers 104 instead of
 * 461 ms of CPU (`bench/networkCrowns.ts`, medians of 5, 2026-12-01).
 *
 * @example
 * ```ts
 * const medals = periodMedals(snapshot, [history], 20_407, 20_413);
 * medals[0]; // [1, 0, 2]: the first player's gold, silver and bronze that week
 * ```
 */
export function periodMedals(snapshot: Snapshot, histories: readonly StatHistory[], first: number, last: number): Medals[] {
  const ranked = rankedOf(snapshot);
  const numbered = histories.map((history) => ({ history, to: snapshotNumbers(snapshot, history), columns: columnsOf(history) }));
  const closed = histories.every((h) => h.openDay === null || h.openDay > last);
  if (!closed || histories.length === 0) return tally(snapshot, numbered, ranked, first, last, true);
  // The same boards and who may place on them, by history player: a later snapshot with the same gets the same medals.
  const stats = snapshot.stats.map((stat) => stat.id).join(' ');
  const eligible = numbered.map(({ to }) => eligibleOf(to, ranked));
  const key = `${first}|${last}|${histories.map((h) => `${h.id}:${h.closedVersion}`).join(',')}`;
  let byKey = closedMedals.get(histories[0]!);
  if (byKey === undefined) closedMedals.set(histories[0]!, (byKey = new Map()));
  const kept = byKey.get(key);
  if (kept && kept.stats === stats && kept.eligible.length === eligible.length && kept.eligible.every((e, i) => sameBytes(e, eligible[i]!))) {
    // The few medal holders placed by the snapshot's index, not every player looked up.
    const medals = new Array<Medals>(snapshot.players.length).fill(NONE);
    const { byUuid } = snapshotIndex(snapshot);
    for (const [uuid, won] of kept.byUuid) {
      const p = byUuid.get(uuid);
      if (p !== undefined) medals[p] = won;
    }
    return medals;
  }
  // Summed once: not kept among the closed sums, which the periods with a day in progress need.
  const medals = tally(snapshot, numbered, ranked, first, last, false);
  const byUuid = new Map<string, Medals>();
  medals.forEach((m, p) => {
    if (m[0] + m[1] + m[2] > 0) byUuid.set(snapshot.players[p]!.uuid, [...m]);
  });
  byKey.delete(key);
  if (byKey.size >= CLOSED_KEPT) byKey.delete(byKey.keys().next().value as string);
  byKey.set(key, { stats, eligible, byUuid });
  return medals;
}

function tally(snapshot: Snapshot, numbered: ReadonlyArray<{ history: StatHistory; to: Int32Array; columns: Map<string, number> }>, ranked: Uint8Array, first: number, last: number, keep: boolean): Medals[] {
  const n = snapshot.players.length;
  const counts = new Int32Array(3 * n); // gold, silver, bronze of each player
  // A period with a day in progress (its closed days kept): each board's podium from the players
  // with a gain today and the largest closed sums (see `openPodium`).
  const numbering = keep ? numbered.map(({ to }) => inverse(to, n)) : null;
  const scratch = keep ? { looked: new Uint8Array(n), today: new Float64Array(n) } : null;
  // One array for every stat's gains, and the players given a gain in it: only those are looked at and emptied after each.
  let gains: Float64Array | null = null;
  let touched: TouchedPlayers | null = null;
  for (const stat of snapshot.stats) {
    if (numbering !== null) {
      const sources: PodiumSource[] = [];
      numbered.forEach(({ history, to, columns }, i) => {
        const column = columns.get(stat.id);
        if (column !== undefined) sources.push({ parts: history.periodParts(column, first, last), column, to, from: numbering[i]! });
      });
      const placed = openPodium(sources, ranked, scratch!);
      if (placed !== null) {
        for (const [p, rank] of placed) counts[3 * p + rank - 1]!++;
        continue;
      }
    }
    gains ??= new Float64Array(n);
    touched ??= new TouchedPlayers(n);
    for (const { history, to, columns } of numbered) {
      const column = columns.get(stat.id);
      if (column !== undefined) history.addGainsOver(column, first, last, gains, to, keep, touched);
    }
    for (const [p, rank] of podium(ranked, gains, touched)) counts[3 * p + rank - 1]!++;
    for (let i = 0; i < touched.count; i++) gains[touched.list[i]!] = 0;
    touched.clear();
  }
  // Most players win nothing: they share one empty tally (read only).
  const medals = new Array<Medals>(n).fill(NONE);
  for (let p = 0; p < n; p++) {
    const g = counts[3 * p]!;
    const s = counts[3 * p + 1]!;
    const b = counts[3 * p + 2]!;
    if (g + s + b > 0) medals[p] = [g, s, b];
  }
  return medals;
}

/** The history player of each of `n` snapshot players (-1: none), from `to`. */
function inverse(to: Int32Array, n: number): Int32Array {
  const from = new Int32Array(n).fill(-1);
  for (let h = 0; h < to.length; h++) if (to[h]! >= 0) from[to[h]!] = h;
  return from;
}

/** 1 for each history player who may place (in the snapshot and ranked), else 0. */
function eligibleOf(to: Int32Array, ranked: Uint8Array): Uint8Array {
  const eligible = new Uint8Array(to.length);
  for (let h = 0; h < to.length; h++) if (to[h]! >= 0 && ranked[to[h]!] === 1) eligible[h] = 1;
  return eligible;
}

const rankedBySnapshot = new WeakMap<Snapshot, Uint8Array>();

/** 1 for each snapshot player who may place (ranked), else 0; kept per snapshot. */
function rankedOf(snapshot: Snapshot): Uint8Array {
  let ranked = rankedBySnapshot.get(snapshot);
  if (ranked) return ranked;
  const { players } = snapshot;
  ranked = new Uint8Array(players.length);
  for (let p = 0; p < players.length; p++) if (players[p]!.ranked) ranked[p] = 1;
  rankedBySnapshot.set(snapshot, ranked);
  return ranked;
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** Each history's columns by its stats list, and that list's length then. */
const columnsKept = new WeakMap<readonly string[], { length: number; columns: Map<string, number> }>();

/** A history's stat columns by stat id (the first column of an id, as `indexOf` finds it), kept while its stats are. */
function columnsOf(history: StatHistory): Map<string, number> {
  const known = columnsKept.get(history.stats);
  if (known && known.length === history.stats.length) return known.columns;
  const columns = new Map<string, number>();
  history.stats.forEach((id, c) => {
    if (!columns.has(id)) columns.set(id, c);
  });
  columnsKept.set(history.stats, { length: history.stats.length, columns });
  return columns;
}

/**
 * The places 1-3 of one period board as `[player, rank]` (`ranked` marks the snapshot players
 * who may place; `touched` lists the players with a gain, in any order): the competition rank
 * of a gain is one more than the number of qualifying gains above it, so no full sort is needed.
 */
function podium(ranked: Uint8Array, gains: Float64Array, touched: TouchedPlayers): Array<[number, number]> {
  const top: number[] = []; // the three largest qualifying gains, distinct or not, descending
  const candidates: number[] = []; // every player with a gain at least the third at their turn
  for (let i = 0; i < touched.count; i++) {
    const p = touched.list[i]!;
    const g = gains[p]!;
    if (!(g > 0) || (top.length === 3 && g < top[2]!) || ranked[p] === 0) continue;
    candidates.push(p);
    if (top.length === 3 && g === top[2]) continue;
    top.push(g);
    top.sort((a, b) => b - a);
    if (top.length > 3) top.pop();
  }
  const out: Array<[number, number]> = [];
  for (const p of candidates) {
    const g = gains[p]!;
    const rank = 1 + top.filter((t) => t > g).length;
    if (rank <= 3) out.push([p, rank]);
  }
  return out;
}

import { findAdvancement } from '../catalogue/advancement-catalogue.js';
import { milestoneBeats } from '../catalogue/milestone-beats.js';
import { entryAdvancement, entryCount, entryDone, entryTime } from '../snapshot/advancement-row.js';
import { type AdvancementSummary, type EarnedAdvancement, type MilestoneBeat, type Milestones, type Snapshot } from '../snapshot/types.js';
import { iconUrl } from '../snapshot/icon-url.js';
import { daysBetween } from './days-between.js';
import { findAdvancementIndex } from './find-advancement-index.js';
import { isoTime } from './iso-time.js';
import { resolvePlayerIndex } from './resolve-player-index.js';
import { toAdvancementSummary } from './to-advancement.js';
import { toPlayer } from './to-player.js';

/**
 * `GET /v1/players/{player}/milestones`: first seen, the 22 progression beats in story order
 * (DECISIONS 17) with the whole days from first seen to each (null for a beat not reached), the
 * rarest vanilla advancement held (fewest holders; earliest earned on a tie), and the vanilla
 * advancements the player was first on the server to complete (oldest first). Null when the
 * player is unknown.
 *
 * @example
 * ```ts
 * const m = playerMilestones(snapshot, 'Steve');
 * m?.beats.map((b) => `${b.advancement.title}: ${b.days_after_first_seen ?? '—'}`); // ['Stone Age: 0', …, 'Adventuring Time: —']
 * m?.rarest?.advancement.title; // 'How Did We Get Here?'
 * ```
 */
export function playerMilestones(snapshot: Snapshot, identifier: string): Milestones | null {
  const index = resolvePlayerIndex(snapshot, identifier);
  if (index === -1) return null;
  const p = snapshot.players[index]!;

  const doneAt = new Map<number, number>();
  const row = p.advancements;
  for (let i = 0; i < entryCount(row); i++) {
    if (entryDone(row, i)) doneAt.set(entryAdvancement(row, i), entryTime(row, i));
  }

  const beats = milestoneBeats.map((id): MilestoneBeat => {
    const a = findAdvancementIndex(snapshot, id);
    const at = a === -1 ? undefined : doneAt.get(a);
    return {
      advancement: a === -1 ? catalogueSummary(snapshot, id) : toAdvancementSummary(snapshot, a),
      reached: at !== undefined,
      completed_at: at === undefined ? null : isoTime(at),
      days_after_first_seen: at === undefined ? null : daysBetween(p.first_seen_ms, at),
    };
  });

  let rarest = -1;
  const firsts: number[] = [];
  for (const [a, at] of doneAt) {
    const advancement = snapshot.advancements[a]!;
    if (advancement.source !== 'vanilla') continue;
    if (advancement.holders[0] === index) firsts.push(a);
    if (rarest === -1) {
      rarest = a;
      continue;
    }
    const count = advancement.holders.length;
    const best = snapshot.advancements[rarest]!.holders.length;
    if (count < best || (count === best && earlier(at, doneAt.get(rarest)!, a, rarest))) rarest = a;
  }
  firsts.sort((x, y) => (earlier(doneAt.get(x)!, doneAt.get(y)!, x, y) ? -1 : 1));

  const earned = (a: number): EarnedAdvancement => ({ advancement: toAdvancementSummary(snapshot, a), completed_at: isoTime(doneAt.get(a)) });
  return {
    player: toPlayer(snapshot, index),
    first_seen: isoTime(p.first_seen_ms),
    first_seen_estimated: p.first_seen_estimated,
    beats,
    rarest: rarest === -1 ? null : earned(rarest),
    first_on_server: firsts.map(earned),
  };
}

/** Earlier known time first (unknown, -1, last); advancement order on a tie. */
function earlier(ta: number, tb: number, a: number, b: number): boolean {
  if (ta !== tb) return tb === -1 || (ta !== -1 && ta < tb);
  return a < b;
}

/** A beat this save's game versions do not have (a pre-1.16 world has no netherite): nobody holds it. */
function catalogueSummary(snapshot: Snapshot, id: string): AdvancementSummary {
  const def = findAdvancement(id);
  return {
    id,
    title: def?.title ?? id,
    category: def?.category ?? 'story',
    source: 'vanilla',
    frame: def?.frame ?? null,
    icon: iconUrl(snapshot.config.icon_url_template, def?.icon ?? null),
    completed_by: 0,
    rarity: 0,
    rarity_percent: 0,
  };
}

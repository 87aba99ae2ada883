import type { PlayerPlan } from './population.js';
import type { Earned } from './progression.js';
import type { ServerClock } from './timeline.js';

// The Incendium datapack's bookkeeping advancements. Datapacks use advancements as event hooks:
// `new_player` completes on the first login after the pack is installed, and the `technical/...`
// hooks each hold one `log_spam_fixer` criterion without ever completing (`done: false`). Only
// players who logged in after the install have them. DECISIONS 5: every non-vanilla id is `datapack`.

const HOOKS = [
  'on_inventory_change', 'scroll_of_returning', 'sentrys_wrath', 'inventory/sentrys_wrath',
  'multiplex_crossbow', 'using/ragnarok', 'feed_ghastling', 'on_player_hurt', 'using/trailblazer',
  'firestorm', 'holy_wrath', 'on_block', 'using/shield', 'inventory/firestorm', 'give_ghastling', 'on_kill',
];

/** Incendium entries for a player, keyed by id (empty when they never logged in after install). */
export function datapackAdvancements(clock: ServerClock, player: PlayerPlan): Map<string, Earned> {
  const out = new Map<string, Earned>();
  const since = Math.max(clock.datapackInstalled, player.advancementsSince ?? 0);
  const session = player.sessions.find((s) => s.start >= since);
  if (!session) return out;
  const joined = session.start;
  // The hooks fire on the first inventory change, a little after joining; a pseudo-random but
  // deterministic delay keeps the files stable without another random stream.
  const hooked = Math.min(session.end, joined + 1000 * (20 + (joined / 1000) % 170));
  out.set('incendium:technical/new_player', { criteria: [['requirement', joined]], done: true });
  for (const hook of HOOKS) {
    out.set(`incendium:technical/${hook}`, { criteria: [['log_spam_fixer', hooked]], done: false });
  }
  return out;
}

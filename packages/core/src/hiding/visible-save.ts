import type { SaveData } from '../save/types.js';
import { hiddenPlayers } from './hidden-players.js';
import type { PlayerRules } from './player-rules.js';

/**
 * The save as if the players `rules` hide had never been seen: without those players, without
 * the warnings about their files, and with `dataVersions` counted over the players left. Give it
 * to `buildSnapshot` (which does this itself from its `players` option) and nothing derived from
 * the snapshot names them. The result shares everything else with `save`.
 *
 * @example
 * ```ts
 * const visible = visibleSave(await readSave('/srv/minecraft'), { excludeBanned: true }, Date.now());
 * visible.players.length; // every player but the banned ones
 * ```
 */
export function visibleSave(save: SaveData, rules: PlayerRules, now: number): SaveData {
  return withoutPlayers(save, hiddenPlayers(save, rules, now));
}

/** The save without the players `hidden` names (the same object when it names none). */
export function withoutPlayers(save: SaveData, hidden: ReadonlySet<string>): SaveData {
  if (hidden.size === 0) return save;
  const players = save.players.filter((p) => !hidden.has(p.uuid));
  const dataVersions = new Set<number>();
  for (const p of players) {
    for (const version of [p.statsDataVersion, p.advancementsDataVersion, p.playerDataVersion]) {
      if (version !== null) dataVersions.add(version);
    }
  }
  // A player file is named after its player's uuid (in any case); no other warning names one.
  const uuids = [...hidden];
  const warnings = save.warnings.filter((w) => {
    const file = w.file.toLowerCase();
    return !uuids.some((uuid) => file.includes(uuid));
  });
  return { ...save, players, dataVersions: [...dataVersions].sort((a, b) => a - b), warnings };
}

import { parseUuid } from '../save/parse-uuid.js';
import type { PlayerListEntry, SaveData } from '../save/types.js';
import { resolvePlayerRules, type PlayerRules } from './player-rules.js';

/** A ban is in force until it expires (`expires` null: forever). */
const banInForce = (entry: PlayerListEntry, now: number): boolean => entry.expires === null || entry.expires > now;

/**
 * The uuids of the save's players that `rules` hide, as of `now` (a ban that expired before
 * `now` no longer hides): players banned in `banned-players.json` (`excludeBanned`, default on),
 * operators in `ops.json` (`excludeOps`), and the `hide` list, by UUID (dashed or bare) or by the
 * name the save gives the player (case-insensitive). Lists are matched by UUID only: a name in
 * the ban list may belong to someone else by now. Pure: the same save, rules and time give the
 * same answer, so the CLI, the server and a bot hide the same players.
 *
 * @example
 * ```ts
 * const save = await readSave('/srv/minecraft');
 * const hidden = hiddenPlayers(save, { excludeOps: true, hide: ['Notch'] }, Date.now());
 * hidden.has('069a79f4-44e9-4726-a5be-fca90e38aaf5'); // true: Notch asked to be left out
 * ```
 */
export function hiddenPlayers(save: SaveData, rules: PlayerRules, now: number): Set<string> {
  const resolved = resolvePlayerRules(rules);
  const uuids = new Set<string>();
  const names = new Set<string>();
  for (const entry of resolved.hide) {
    const uuid = parseUuid(entry.trim());
    if (uuid !== null) uuids.add(uuid);
    else names.add(entry.trim().toLowerCase());
  }
  if (resolved.excludeBanned) for (const entry of save.bannedPlayers ?? []) if (banInForce(entry, now)) uuids.add(entry.uuid);
  if (resolved.excludeOps) for (const entry of save.operators ?? []) uuids.add(entry.uuid);
  const hidden = new Set<string>();
  if (uuids.size === 0 && names.size === 0) return hidden;
  // Names lowercased only when some are hidden by name: this runs over every player at every pull.
  const byName = names.size > 0;
  for (const player of save.players) {
    if (uuids.has(player.uuid) || (byName && player.name !== null && names.has(player.name.toLowerCase()))) hidden.add(player.uuid);
  }
  return hidden;
}

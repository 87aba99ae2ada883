import type { SaveData, SaveWarning } from '../save/types.js';
import { applyPlayerRules, resolveConfig, skinOf } from './build-snapshot.js';
import { readingsOf } from './reuse-snapshot-players.js';
import { defaultServerName } from './server-name.js';
import type { BuildSnapshotOptions, Snapshot } from './types.js';

/**
 * Whether `previous`, a snapshot `buildSnapshot` made, is what a build of `save` at `options.now`
 * would give but for its `data_updated_at` (and so its `generation`): a pull that found nothing
 * changed then keeps serving it, with its ETags, instead of building an equal one (~90 ms of CPU
 * at 10,000 players for nothing). True when every player shown is the very reading `previous`
 * was made from (the reader keeps a player's object while its files and names are unchanged), in
 * the same order, with the same skin; the hiding rules hide as many players at `options.now`
 * (a ban may have expired); the save's name, data versions and warnings and the options'
 * configuration and server are the same; and no profile reads the clock (a player never seen
 * online: their first-seen estimate compares play time with the time since). `options` other
 * than `now` and `skins` must be those `previous` was built with (its statistics above all).
 * False for a snapshot read back from JSON: what it was made from is not known.
 *
 * @example
 * const options = { now: Date.now(), previous: served };
 * const snapshot = snapshotStillCurrent(served, save, options) ? served : buildSnapshot(save, options);
 */
export function snapshotStillCurrent(previous: Snapshot, save: SaveData, options: BuildSnapshotOptions): boolean {
  const readings = readingsOf(previous.players);
  if (readings === undefined) return false;
  const { shown, hiding } = applyPlayerRules(save, options.players, options.now);
  const before = previous.server.hiding;
  if (before === undefined || hiding.hidden_players !== before.hidden_players || hiding.exclude_banned !== before.exclude_banned || hiding.exclude_ops !== before.exclude_ops || hiding.hide_list !== before.hide_list) return false;
  const players = shown.players;
  if (players.length !== readings.length || players.length !== previous.players.length) return false;
  for (let i = 0; i < players.length; i++) {
    const p = players[i]!;
    const profile = previous.players[i]!;
    if (p !== readings[i] || profile.last_online_ms === null || skinOf(options.skins, p) !== profile.skin) return false;
  }
  return sameServer(previous, shown, options) && sameWarnings(previous.warnings, shown.warnings) && JSON.stringify(resolveConfig(options)) === JSON.stringify(previous.config);
}

/** Whether `previous.server` is what the build would write for the save shown and the options. */
function sameServer(previous: Snapshot, shown: SaveData, options: BuildSnapshotOptions): boolean {
  const server = previous.server;
  const name = options.server?.name ?? defaultServerName(shown.serverProperties ?? {}, shown.levelName);
  return (
    server.name === name &&
    server.short_name === (options.server?.short_name ?? name) &&
    server.addresses.java === (options.server?.addresses?.java ?? null) &&
    server.addresses.bedrock === (options.server?.addresses?.bedrock ?? null) &&
    server.level_name === shown.levelName &&
    server.data_versions.length === shown.dataVersions.length &&
    server.data_versions.every((version, i) => version === shown.dataVersions[i])
  );
}

/** Whether the snapshot's warnings are the save's, file and reason, in order. */
function sameWarnings(kept: readonly SaveWarning[], now: readonly SaveWarning[]): boolean {
  return kept.length === now.length && kept.every((w, i) => w.file === now[i]!.file && w.reason === now[i]!.reason);
}

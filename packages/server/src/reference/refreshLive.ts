import type { SaveData, Snapshot } from '@blockstats/core';
import type { ModJar } from '../live/types.js';
import type { PullContext } from './PullContext.js';
import type { PullState } from './PullState.js';

/** Identity of a mods folder's content, to notice added, removed or replaced jars. */
function jarsKey(jars: readonly ModJar[]): string {
  return jars.map((jar) => `${jar.file}:${jar.sha1}`).join('\n');
}

/**
 * Background work after a good pull: skin lookups for the players served, and the mod list kept
 * current by the pulls, not only by requests, so it is saved (and survives a restart with
 * Modrinth down) even if nobody asked yet: at once when the jars changed (or after a start; a
 * failure is retried at the next pull), otherwise once it is older than `modrinth.refresh`.
 */
export function refreshLive(state: PullState, context: PullContext, save: SaveData, snapshot: Snapshot | null): void {
  const { skins, mods } = context.live;
  if (state.closing || context.options.readOnly) return;
  // The players served only: a hidden player's skin is neither needed nor looked up.
  if (skins && snapshot) void skins.refresh(snapshot.players.map((p) => ({ uuid: p.uuid, edition: p.edition })));
  if (!mods) return;
  const jars = jarsKey(save.mods);
  if (jars !== state.lastJars) {
    state.lastJars = jars;
    void mods.refresh().then((ok) => {
      if (!ok && state.lastJars === jars) state.lastJars = null;
    });
  } else {
    void mods.mods();
  }
}

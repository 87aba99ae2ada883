import type { StatusSource } from '../live/types.js';

/**
 * The live status with hidden players left out of its player sample, so `/v1/status` names
 * nobody the rest of the API leaves out (an operator or a player who opted out can be online).
 * The counts stay: they are the game server's own, like the population history.
 *
 * @example
 * const status = hideFromStatus(live.status, () => state.hidden);
 */
export function hideFromStatus(source: StatusSource, hidden: () => ReadonlySet<string>): StatusSource {
  return {
    async status() {
      const status = await source.status();
      const uuids = hidden();
      if (uuids.size === 0 || !status.sample.some((p) => p.uuid !== null && uuids.has(p.uuid))) return status;
      return { ...status, sample: status.sample.filter((p) => p.uuid === null || !uuids.has(p.uuid)) };
    },
  };
}

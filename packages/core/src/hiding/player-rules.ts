/**
 * Who a server leaves out of everything it publishes (issue 18): banned players, operators, and
 * players who asked to be left out. A hidden player is absent, exactly as if never seen.
 */
export interface PlayerRules {
  /** Hide players whose ban in the server's `banned-players.json` is in force. Default true. */
  excludeBanned?: boolean;
  /** Hide the server's operators (`ops.json`). Default false. */
  excludeOps?: boolean;
  /**
   * Players to hide whatever the lists say: dashed or bare UUIDs, or in-game names (exact,
   * case-insensitive, matching the name the save gives the player; every account by that name
   * is hidden, so a UUID is the precise way). Default none.
   */
  hide?: readonly string[];
}

/** The rules a snapshot was built with, as counts: what `/v1/server` may say (never who). */
export interface HidingSummary {
  exclude_banned: boolean;
  exclude_ops: boolean;
  /** Entries in the `hide` list. */
  hide_list: number;
  /** Players of the save the rules hid. */
  hidden_players: number;
}

/**
 * Defaults of {@link PlayerRules}: banned players hidden (what admins expect, as other stats
 * pages do), operators shown, nobody listed.
 *
 * @example
 * playerRuleDefaults.excludeBanned; // true
 */
export const playerRuleDefaults = Object.freeze({
  excludeBanned: true,
  excludeOps: false,
  hide: Object.freeze([]) as readonly string[],
});

/** The rules with their defaults; a RangeError names a `hide` entry that is not a non-empty string. */
export function resolvePlayerRules(rules: PlayerRules = {}): Required<PlayerRules> {
  const hide = rules.hide ?? playerRuleDefaults.hide;
  if (!Array.isArray(hide)) throw new RangeError('players.hide must be a list of UUIDs or names');
  hide.forEach((entry, i) => {
    if (typeof entry !== 'string' || entry.trim() === '') {
      throw new RangeError(`players.hide[${i}] must be a UUID or a name, got ${JSON.stringify(entry)}`);
    }
  });
  return {
    excludeBanned: rules.excludeBanned ?? playerRuleDefaults.excludeBanned,
    excludeOps: rules.excludeOps ?? playerRuleDefaults.excludeOps,
    hide,
  };
}

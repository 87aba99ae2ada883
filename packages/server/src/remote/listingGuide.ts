/** How the next sync lists the save. */
export interface ListingPlan {
  /** List every folder; otherwise only `playerdata/`, the players' other files looked up by name. */
  full: boolean;
  /** Players (uuids) whose other files are looked up even if their `playerdata/` file did not change. */
  recheck: ReadonlySet<string>;
}

/** What a sync found changed, for the guide. */
export interface ListingOutcome {
  plan: ListingPlan;
  /** Whether the mirror held nothing before this sync (a first copy: everything is new). */
  firstCopy: boolean;
  /** Players whose `playerdata/` file changed (or appeared). */
  playerdata: ReadonlySet<string>;
  /** Players whose `stats/` or `advancements/` file changed (or appeared), as far as this sync saw. */
  others: ReadonlySet<string>;
  /**
   * Players whose `stats/` or `advancements/` file changed but was not copied: caught mid-write, or
   * gone while copied. Looked up again next sync, and a later copy of it is no file changed alone.
   */
  pending?: ReadonlySet<string>;
}

/** Why the guide lists in full from now on, for the log; null while it trusts the rule. */
export type Distrust = string | null;

/**
 * Decides, sync by sync, whether a mirror lists the save whole or only `playerdata/`.
 *
 * The game saves a player's three files together: `PlayerList.save` writes `playerdata/<uuid>.dat`,
 * then the stats and the advancements, at every autosave of an online player and when they leave.
 * So a sync needs to list only `playerdata/` and look up the two other files of the players whose
 * `playerdata/` file changed, plus those of the last sync's (a listing taken between the writes of
 * one save sees the first only). That is a third of the entries to list, send and parse.
 *
 * The rule is checked, never assumed: syncs list in full until one that found changes finds every
 * changed stats or advancements file beside its player's changed `playerdata/` file (or that of a
 * sync before, for a file caught mid-write there, until it is copied); and every
 * `fullEveryMs` after that, when a file changed alone (a plugin or a tool that writes the stats,
 * a server that does not save player data) ends the trust for the guide's life.
 */
export function listingGuide(options: { fullEveryMs: number; clock: () => number }): {
  plan(): ListingPlan;
  /** Takes what a sync found; returns why the rule is no longer trusted when this sync ended it. */
  done(outcome: ListingOutcome): Distrust;
  /**
   * After a failed sync: its changes may not be in the mirror (or some of them may be), so the
   * next lists in full, and is no evidence either way.
   */
  failed(): void;
} {
  let trusted = false;
  let broken = false;
  let lastFull = -Infinity;
  /** A sync failed since the last full listing: what the next finds changed may have been half-published. */
  let afterFailure = false;
  let recheck: ReadonlySet<string> = new Set();
  return {
    plan() {
      const full = !trusted || options.clock() - lastFull >= options.fullEveryMs;
      return { full, recheck };
    },
    done({ plan, firstCopy, playerdata, others, pending }) {
      let ended: Distrust = null;
      if (plan.full) {
        lastFull = options.clock();
        if (!firstCopy && !broken && !afterFailure && others.size > 0) {
          const alone = [...others].find((uuid) => !playerdata.has(uuid) && !plan.recheck.has(uuid));
          if (alone === undefined) trusted = true;
          else {
            broken = true;
            trusted = false;
            ended = `the stats or advancements of ${alone} changed without its playerdata file`;
          }
        }
        afterFailure = false;
      }
      recheck = pending === undefined || pending.size === 0 ? playerdata : new Set([...playerdata, ...pending]);
      return ended;
    },
    failed() {
      lastFull = -Infinity;
      afterFailure = true;
      recheck = new Set();
    },
  };
}

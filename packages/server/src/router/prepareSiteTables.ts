import { prepareStatLeaders, type Snapshot } from '@blockstats/core';

/**
 * The `site_tables` step of `prepareShared`: the per-snapshot tables the website's pages read
 * besides the API's answers, built once for a new snapshot so that no first view after a pull
 * builds them: every stat's record holder and tie (the stats page, `statLeader`).
 *
 * @example
 * prepareSiteTables(snapshot); // after a pull's build, before its swap
 */
export function prepareSiteTables(snapshot: Snapshot): void {
  prepareStatLeaders(snapshot);
}

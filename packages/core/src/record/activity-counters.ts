/**
 * Counters every pull records: activity needs play time (online or not) and deaths.
 *
 * @example
 * ```ts
 * ACTIVITY_COUNTERS; // ['play_time', 'deaths']
 * ```
 */
export const ACTIVITY_COUNTERS: readonly string[] = ['play_time', 'deaths'];

/**
 * @blockstats/server/reference: the reference server behind `blockstats serve` (Node): reads the
 * save on a schedule, records activity, persists the last good snapshot and serves the router,
 * with its configuration file's schema, validation and loader.
 */
export * from './reference/index.js';

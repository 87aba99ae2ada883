/**
 * @blockstats/server/live: the live sources the router takes as capabilities, for Node, Bun and
 * Deno: the Java and Bedrock server-list pings, the Modrinth mod list (cached in a data
 * directory), the skin cache and the mods-folder scanner.
 */
export * from './live/index.js';

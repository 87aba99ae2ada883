/**
 * What a server-list ping may serve: a game server (or anything answering on its port) is
 * outside input, and its answer goes to `/v1/status`, the server badge and the activity record's
 * online samples. Values outside these bounds are served as null (unknown), text is cut.
 */

/**
 * Largest believable player count. The most populated Minecraft networks peak near 200,000
 * players on one address; counts above a million are decoration (`2147483647` "unlimited"
 * slots) or hostile (`1e308`), and would poison the record's population history.
 */
export const MAX_PLAYER_COUNT = 1_000_000;
/** Longest MOTD served, in characters (the game shows two lines of about 45). */
export const MAX_MOTD_LENGTH = 1_024;
/** Longest version name served (`Paper 1.21.4`, `Velocity 3.3.0 (1.7.2-1.21.4)`). */
export const MAX_VERSION_LENGTH = 256;
/** Longest sample entry name served: 16 for real players, longer for proxies' decorative lines. */
export const MAX_SAMPLE_NAME_LENGTH = 64;
/**
 * Largest status response accepted, in bytes: the vanilla client refuses a status string over
 * 32,767 characters (at most 98,301 bytes of UTF-8), favicon included; the frame also holds its
 * length prefixes.
 */
export const MAX_STATUS_FRAME_BYTES = 128 * 1024;

/** A player count: a whole number from 0 to {@link MAX_PLAYER_COUNT}, else null. */
export function playerCount(value: unknown): number | null {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= MAX_PLAYER_COUNT ? value : null;
}

/** A protocol number: a 32-bit integer (the protocol's own type), else null. */
export function protocolNumber(value: unknown): number | null {
  return typeof value === 'number' && Number.isInteger(value) && value >= -0x8000_0000 && value <= 0x7fff_ffff ? value : null;
}

/** `text` cut to `max` characters (never inside a surrogate pair), with `…` when cut. */
export function capText(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = max - 1;
  const code = text.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end--;
  return `${text.slice(0, end)}…`;
}

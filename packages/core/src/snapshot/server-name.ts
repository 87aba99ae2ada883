/** Longest server name taken from a MOTD, in characters. */
const MAX_MOTD_NAME = 64;

/** The game's default MOTD: says nothing about the server. */
const DEFAULT_MOTD = 'A Minecraft Server';

/**
 * The name of a server with none configured: the first line of the MOTD from
 * `server.properties` with its formatting codes (`§6`, `§l`, `§x§f§f…`) removed, else the level
 * name. The game's default MOTD and a MOTD of codes only give way to the level name.
 *
 * @example
 * defaultServerName({ motd: '\u00A76Hearthvale SMP \u00A77- survival' }, 'world'); // 'Hearthvale SMP - survival'
 * defaultServerName({}, 'world'); // 'world'
 */
export function defaultServerName(properties: Readonly<Record<string, string>>, levelName: string): string {
  const motd = (properties.motd ?? '')
    .split(/\r?\n|\\n/)[0]!
    .replace(/\u00A7./gsu, '')
    .replace(/[\p{Cc}\p{Cf}]/gu, '')
    .replace(/\s+/g, ' ')
    .trim();
  if (motd === '' || motd === DEFAULT_MOTD) return levelName;
  const chars = [...motd];
  return chars.length > MAX_MOTD_NAME ? `${chars.slice(0, MAX_MOTD_NAME - 1).join('').trimEnd()}…` : motd;
}

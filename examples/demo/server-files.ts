import { compareText } from './compare.js';
import type { PlayerPlan } from './population.js';
import { formatGameTime, javaDateString, plusOneMonth } from './timeline.js';

// The server-root files around the world save: server.properties, the JSON lists the server keeps
// (usercache, whitelist, ops, banned players), Paper's version history, Floodgate's config and the
// mods folder. Formats follow NOTES 3-4: Gson (compact for usercache, 2-space pretty for the lists),
// no trailing newline.

/** Server identity shown in server.properties and DEMO.md. */
export const SERVER_NAME = 'Hearthvale SMP';

/** `server.properties`, keys sorted as the game writes them. */
export function serverProperties(now: number, offsetMinutes: number, seed: number): string {
  const props: Record<string, string> = {
    'accepts-transfers': 'false',
    'allow-flight': 'false',
    'broadcast-console-to-ops': 'true',
    'broadcast-rcon-to-ops': 'true',
    'bug-report-link': '',
    difficulty: 'normal',
    'enable-code-of-conduct': 'false',
    'enable-jmx-monitoring': 'false',
    'enable-query': 'false',
    'enable-rcon': 'false',
    'enable-status': 'true',
    'enforce-secure-profile': 'true',
    'enforce-whitelist': 'true',
    'entity-broadcast-range-percentage': '100',
    'force-gamemode': 'false',
    'function-permission-level': '2',
    gamemode: 'survival',
    'generate-structures': 'true',
    'generator-settings': '{}',
    hardcore: 'false',
    'hide-online-players': 'false',
    'initial-disabled-packs': '',
    'initial-enabled-packs': 'vanilla',
    'level-name': 'world',
    'level-seed': String(seed),
    'level-type': 'minecraft\\:normal',
    'log-ips': 'true',
    'max-chained-neighbor-updates': '1000000',
    'max-players': '40',
    'max-tick-time': '60000',
    'max-world-size': '29999984',
    motd: `\\u00A76${SERVER_NAME} \\u00A77- a blockstats demo server`,
    'network-compression-threshold': '256',
    'online-mode': 'true',
    'op-permission-level': '4',
    'pause-when-empty-seconds': '-1',
    'player-idle-timeout': '0',
    'prevent-proxy-connections': 'false',
    'query.port': '25565',
    'rate-limit': '0',
    'rcon.password': '',
    'rcon.port': '25575',
    'region-file-compression': 'deflate',
    'require-resource-pack': 'false',
    'resource-pack': '',
    'resource-pack-id': '',
    'resource-pack-prompt': '',
    'resource-pack-sha1': '',
    'server-ip': '',
    'server-port': '25565',
    'simulation-distance': '10',
    'spawn-protection': '0',
    'status-heartbeat-interval': '0',
    'sync-chunk-writes': 'true',
    'text-filtering-config': '',
    'text-filtering-version': '0',
    'use-native-transport': 'true',
    'view-distance': '10',
    'white-list': 'true',
  };
  const lines = Object.keys(props).sort().map((k) => `${k}=${props[k]}`);
  return `#Minecraft server properties\n#${javaDateString(now, offsetMinutes)}\n${lines.join('\n')}\n`;
}

/**
 * `usercache.json`: most recently used first. 1.21.11 writes the keys as uuid, name, expiresOn;
 * `expiresOn` is the last login + 1 calendar month in the server's zone.
 */
export function usercache(players: readonly PlayerPlan[], offsetMinutes: number): string {
  const entries = players
    .filter((p) => !p.roles.includes('not_in_usercache'))
    .sort((a, b) => b.lastLogin - a.lastLogin || compareText(a.uuid, b.uuid))
    .map((p) => ({ uuid: p.uuid, name: p.name, expiresOn: formatGameTime(plusOneMonth(p.lastLogin, offsetMinutes), offsetMinutes) }));
  return JSON.stringify(entries);
}

/** `whitelist.json` in the order players were added (first join). */
export function whitelist(players: readonly PlayerPlan[]): string {
  const entries = players
    .filter((p) => !p.roles.includes('banned') && !p.roles.includes('unwhitelisted'))
    .sort((a, b) => a.firstJoin - b.firstJoin || compareText(a.uuid, b.uuid))
    .map((p) => ({ uuid: p.uuid, name: p.name }));
  return JSON.stringify(entries, null, 2);
}

/** `ops.json`: the owner and the moderator. */
export function ops(players: readonly PlayerPlan[]): string {
  const entries = players
    .filter((p) => p.roles.includes('owner') || p.roles.includes('moderator'))
    .map((p) => ({ uuid: p.uuid, name: p.name, level: p.roles.includes('owner') ? 4 : 3, bypassesPlayerLimit: false }));
  return JSON.stringify(entries, null, 2);
}

/** `banned-players.json`: moderation data the service must never publish. */
export function bannedPlayers(players: readonly PlayerPlan[], offsetMinutes: number): string {
  const owner = players.find((p) => p.roles.includes('owner'));
  const entries = players
    .filter((p) => p.roles.includes('banned'))
    .map((p) => ({
      uuid: p.uuid,
      name: p.name,
      created: formatGameTime(p.lastOnline + 600_000, offsetMinutes),
      source: owner?.name ?? 'Server',
      expires: 'forever',
      reason: 'Griefing near spawn',
    }));
  return JSON.stringify(entries, null, 2);
}

/** Paper's `version_history.json`. */
export function versionHistory(): string {
  return JSON.stringify({ oldVersion: '1.21.10-130-8c4a51f (MC: 1.21.10)', currentVersion: '1.21.11-69-94d0c97 (MC: 1.21.11)' });
}

/** Floodgate's `config.yml` (defaults, trimmed): Bedrock names are `.` + gamertag. */
export function floodgateConfig(): string {
  return `# In Floodgate bedrock player data is send encrypted
# The following value should point to the key Floodgate generated.
# The public key should be used for the Geyser(s) and the private key for the Floodgate(s)
key-file-name: key.pem

# Floodgate prepends a prefix to bedrock usernames to avoid conflicts
# However, certain conflicts can cause issues with some plugins so this prefix is configurable using the property below
# It is recommended to use a prefix that does not contain alphanumerical to avoid the possibility of duplicate usernames.
username-prefix: "."

# Should spaces be replaced with '_' in bedrock usernames?
replace-spaces: true

# The default locale for Floodgate. By default, Floodgate uses the system locale
# default-locale: en_US

disconnect:
  # The disconnect message Geyser users should get when connecting
  # to the server with an invalid key
  invalid-key: Please connect through the official Geyser
  # The disconnect message Geyser users should get when connecting
  # to the server with the correct key but not with the correct data format
  invalid-arguments-length: Expected {} arguments, got {}. Is Geyser up-to-date?

# Configuration for player linking
player-link:
  # Whether to enable the linking system. Turning this off will prevent
  # players from using the linking feature even if they are already linked.
  enabled: true

  # Whether to require a linked account in order to be able to join the server.
  require-link: false

  # Set the following option to true when you want to host your own linking database.
  # -> This can work in addition to global linking.
  # Note that you have to install the corresponding database implementation before enabling this option.
  enable-own-linking: false

  # The following two options only apply when 'enable-own-linking' is set to 'true'

  # The amount of time until a link code expires in seconds.
  link-code-timeout: 300

  # The database type you want to use.
  type: sqlite

  # Whether to enable global linking. Global Linking is a central server where people can link their
  # accounts (Java and Bedrock) and join on servers that have Global Linking enabled. The goal of
  # Global Linking is to make linking easier by not having to link your accounts on every server.
  # -> Your server-specific linking database will have priority over global linking.
  # Global Linking should normally only be disabled when you don't have internet access or when
  # you have limited internet access.
  enable-global-linking: true

metrics:
  enabled: false
  uuid: 00000000-0000-0000-0000-000000000000

# Do not change this
config-version: 3
`;
}

/** A mod jar in `mods/`: file name and exact bytes. */
export interface ModFile {
  readonly name: string;
  readonly bytes: Buffer;
}

/**
 * The mods folder. Two jars hold exactly the bytes whose SHA-1/SHA-512 the recorded Modrinth
 * `version_files` sample answers for (upstream-samples/modrinth-version-files-*.json), so a
 * Modrinth test double resolves them; the other two are unknown to Modrinth.
 */
export function modFiles(): ModFile[] {
  // An empty but valid zip archive: just the end-of-central-directory record.
  const emptyZip = Buffer.from([0x50, 0x4b, 0x05, 0x06, ...new Array<number>(18).fill(0)]);
  return [
    { name: 'example-mod-1.0.0.jar', bytes: Buffer.from('example-mod-1.0.0.jar contents\n', 'ascii') },
    { name: 'example-lib-2.3.1.jar', bytes: Buffer.from('example-lib-2.3.1.jar contents\n', 'ascii') },
    { name: 'hearthvale-tweaks-0.4.2.jar', bytes: emptyZip },
    { name: 'spawn-protection-plus-1.2.jar', bytes: Buffer.from('not a real jar: a private plugin build, unknown to Modrinth\n', 'ascii') },
  ];
}

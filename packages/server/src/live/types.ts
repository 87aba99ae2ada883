/**
 * The live capabilities the router takes: the game-server ping, the mod platform and the skin
 * lookups. Each is declared once here as a small interface; `live/*.ts` holds the Node
 * implementations and `live/testing/` holds loopback doubles that speak the real protocols.
 *
 * Field names are snake_case because these objects are served as they are (SPEC: "all
 * identifiers are lowercase snake_case").
 */

/** The client edition a player joins with (same union as `@blockstats/core`'s `Edition`). */
export type LiveEdition = 'java' | 'bedrock';

/** Why a ping failed: coarse on purpose, so no internal address or error text leaks. */
export type PingFailure =
  /** No address is configured for this edition. */
  | 'not_configured'
  /** The server accepted (or ignored) the request but did not answer within the timeout. */
  | 'timeout'
  /** The connection was refused or reset (server down, wrong port). */
  | 'refused'
  /** The host could not be resolved or reached. */
  | 'unreachable'
  /** The server answered with something that is not a valid status response. */
  | 'protocol';

/** One entry of the player sample the Java server publishes (`players.sample`). */
export interface LiveSamplePlayer {
  /** The name as published, with legacy `§` codes stripped. */
  name: string;
  /**
   * Dashed lowercase UUID, or null when the server sent none, an invalid one, or the all-zero
   * UUID proxies use for anonymous/decorative entries.
   */
  uuid: string | null;
}

/** The Bedrock (RakNet unconnected ping) view of the server, e.g. the Geyser proxy's port. */
export interface BedrockLiveStatus {
  online: boolean;
  players_online: number | null;
  players_max: number | null;
  /** Version name from the pong, e.g. `1.21.2`. */
  version: string | null;
  protocol: number | null;
  /** Both MOTD lines joined with `\n`, `§` codes stripped. */
  motd: string | null;
  latency_ms: number | null;
  reason: PingFailure | null;
}

/**
 * `GET /v1/status` data. The top-level fields describe the Java server-list ping; when only a
 * Bedrock address is configured they describe the Bedrock ping instead (`edition` says which).
 * When the ping fails: `online` false, counts, version and motd null, `sample` empty.
 */
export interface LiveStatus {
  online: boolean;
  players_online: number | null;
  players_max: number | null;
  /** `version.name` as the server reports it (free text on proxies: `Paper 1.20.4`). */
  version: string | null;
  /** `version.protocol`, e.g. 769 for 1.21.4. */
  protocol: number | null;
  /** MOTD flattened to plain text (chat components, `translate`, legacy `§` codes), `\n` kept. */
  motd: string | null;
  /** The short player sample the server publishes (empty when it publishes none). */
  sample: LiveSamplePlayer[];
  /** Round-trip time of the ping/pong exchange, in milliseconds. */
  latency_ms: number | null;
  /** Which ping the top-level fields come from; null when no address is configured at all. */
  edition: LiveEdition | null;
  reason: PingFailure | null;
  /** The Bedrock ping, or null when no Bedrock address is configured. */
  bedrock: BedrockLiveStatus | null;
  /** When this result was measured (ISO 8601 UTC). Cached results keep their original time. */
  checked_at: string;
}

/** The game-server ping. Never throws: a failed ping resolves with `online: false`. */
export interface StatusSource {
  status(): Promise<LiveStatus>;
}

/** A jar found in the server's `mods/` folder, with its hashes (lowercase hex). */
export interface ModJar {
  /** File name, e.g. `sodium-fabric-0.5.8.jar`. */
  file: string;
  size: number;
  sha1: string;
  sha512: string;
}

/** One `GET /v1/mods` entry. Unresolved mods keep every metadata field null (SPEC rule 3). */
export interface ModEntry {
  /** Modrinth project id (8 base62 characters); null when unresolved. */
  project_id: string | null;
  slug: string | null;
  name: string | null;
  description: string | null;
  categories: string[];
  /** Game versions the project supports. */
  game_versions: string[];
  loaders: string[];
  downloads: number | null;
  icon_url: string | null;
  /** `https://modrinth.com/<project_type>/<slug>`; null when unresolved. */
  project_url: string | null;
  /** False when Modrinth returned nothing for this jar or slug. */
  resolved: boolean;
  /** Where the entry comes from: a jar in `mods/` or a slug in the configuration. */
  source: 'jar' | 'config';
  /** The jar's file name; null for configured slugs. */
  file: string | null;
  /** The installed version's `version_number` (jars resolved by hash); otherwise null. */
  version: string | null;
}

/** The last good mod list. */
export interface ModList {
  mods: ModEntry[];
  /** When Modrinth last answered successfully (ISO 8601 UTC). */
  fetched_at: string;
}

/** The server's mods. `null` means nothing was ever fetched: the router answers 503. */
export interface ModsSource {
  mods(): Promise<ModList | null>;
}

/** A download file of a modpack version. */
export interface ModpackFile {
  filename: string;
  url: string;
  size: number | null;
  primary: boolean;
  sha1: string | null;
  sha512: string | null;
}

/** One version of the modpack project. */
export interface ModpackVersion {
  id: string;
  name: string | null;
  version_number: string | null;
  /** `release`, `beta` or `alpha`. */
  version_type: string | null;
  published_at: string | null;
  game_versions: string[];
  loaders: string[];
  /** Markdown changelog, or null when the author wrote none. */
  changelog: string | null;
  files: ModpackFile[];
}

/** `GET /v1/modpack` data, read live from Modrinth. */
export interface Modpack {
  project_id: string;
  slug: string | null;
  name: string | null;
  description: string | null;
  icon_url: string | null;
  project_url: string | null;
  downloads: number | null;
  /** Game versions the project supports (all versions). */
  game_versions: string[];
  loaders: string[];
  /** The newest version (Modrinth lists newest first), or null when the project has none. */
  latest: ModpackVersion | null;
  /** When this was read from Modrinth (ISO 8601 UTC). */
  fetched_at: string;
}

/**
 * The configured client modpack. Resolves `null` when no modpack is configured; rejects with
 * {@link UnavailableError} when Modrinth is unreachable and nothing is cached.
 */
export interface ModpackSource {
  modpack(): Promise<Modpack | null>;
}

/** Texture URLs of a player (SPEC Player.textures); `head` works for both editions. */
export interface PlayerTextures {
  skin: string | null;
  head: string | null;
  body: string | null;
}

/**
 * Skin texture hashes, read synchronously from a cache filled in the background (DECISIONS 24):
 * a snapshot never waits for the network. Null when unknown, switched off or unreachable.
 */
export interface SkinSource {
  skinHash(uuid: string): string | null;
}

/** A player whose skin the background refresh should look up. */
export interface SkinSubject {
  uuid: string;
  edition: LiveEdition;
}

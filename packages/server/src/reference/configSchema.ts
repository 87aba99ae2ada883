import * as v from 'valibot';
import { DEFAULT_NODE_LIMITS } from '../node/NodeLimits.js';
import { parseSaveLocation, redactLocation } from '../remote/parseSaveLocation.js';
import { address, boolean, describe, duration, envName, fingerprint, integer, languageList, locale, number, playerList, proxyList, size, slugList, statId, strict, text, timeZone, url } from './configFields.js';

/**
 * The reference server's configuration file (JSON). Every key is optional; an unknown key or a
 * bad value is an error naming it. Durations are strings such as `30s`, `15m`, `6h`.
 * Relative paths are resolved against the configuration file's folder by `loadConfig`.
 */
export const configSchema = strict({
  /** Editors' JSON-schema hint; ignored. */
  $schema: v.optional(v.string()),
  /**
   * Minecraft server directory (server root or world folder), or the server root on an SFTP
   * server as `sftp://user@host:port/path` (a rented server's panel; see `sftp`).
   */
  server_dir: v.optional(v.pipe(text('a directory path or an sftp:// URL'), v.check((value) => parseSaveLocation(value, '/').ok, (issue) => {
    const parsed = parseSaveLocation(String(issue.input), '/');
    return parsed.ok ? '' : `${describe(redactLocation(String(issue.input)))} ${parsed.message}`;
  }))),
  /**
   * A network's servers (issue 38), instead of `server_dir`: each with its snake_case id, display
   * name, save (a directory or `sftp://…`, read with the `sftp` settings) and its own status
   * addresses. The network's own `status`/`addresses` are the proxy's (Velocity, BungeeCord).
   */
  servers: v.optional(v.pipe(
    v.array(strict({
      id: text('a snake_case id'),
      name: v.optional(text()),
      save: v.pipe(text('a directory path or an sftp:// URL'), v.check((value) => parseSaveLocation(value, '/').ok, (issue) => {
        const parsed = parseSaveLocation(String(issue.input), '/');
        return parsed.ok ? '' : `${describe(redactLocation(String(issue.input)))} ${parsed.message}`;
      })),
      java: v.optional(address(25_565)),
      bedrock: v.optional(address(19_132)),
      modpack: v.optional(v.pipe(text('a Modrinth slug or project id'), v.regex(/^[\w.-]{1,64}$/, 'must be a Modrinth slug or project id'))),
    }), (issue) => `must be a list of servers ({ "id", "name", "save" }), got ${describe(issue.input)}`),
    v.minLength(1, 'must list at least one server'),
  )),
  /**
   * How to reach an `sftp://` server_dir: the login (a private key and/or a password, the
   * secrets only ever from a file or an environment variable) and the host key pinned.
   */
  sftp: v.optional(strict({
    /** Private key file (OpenSSH or PEM). */
    private_key: v.optional(text('a file path')),
    /** File holding the key's passphrase. */
    passphrase_file: v.optional(text('a file path')),
    /** Environment variable holding the key's passphrase (default BLOCKSTATS_SFTP_PASSPHRASE). */
    passphrase_env: v.optional(envName()),
    /** File holding the password. */
    password_file: v.optional(text('a file path')),
    /** Environment variable holding the password (default BLOCKSTATS_SFTP_PASSWORD). */
    password_env: v.optional(envName()),
    /** The server's host key fingerprints, `SHA256:…` as `ssh-keygen -lf` prints them. */
    host_key_sha256: v.optional(v.pipe(
      v.union([fingerprint(), v.array(fingerprint())], (issue) => `must be a SHA256:… fingerprint or a list of them, got ${describe(issue.input)}`),
      v.transform((value) => (Array.isArray(value) ? value : [value])),
    )),
    /** An OpenSSH known_hosts file listing the server's key (default ~/.ssh/known_hosts when no fingerprint is given). */
    known_hosts: v.optional(text('a file path')),
    /** Longest wait for the handshake or any one request (default 30s). */
    timeout: v.optional(duration(1_000, '1s')),
    /** Files copied at once (default 8). */
    files_in_flight: v.optional(integer(1, 64)),
  })),
  /** Where the record, caches and the last snapshot are kept. Never inside the save. */
  data_dir: v.optional(text('a directory path')),
  /** Where `blockstats serve` listens. */
  listen: v.optional(strict({
    host: v.optional(text('a host name or IP address')),
    port: v.optional(integer(0, 65_535)),
  })),
  /** Display name (default: the MOTD from server.properties without its formatting codes, else the world's level name). */
  name: v.optional(text()),
  /** Short name for badges (default: `name`). */
  short_name: v.optional(text()),
  /** Published join addresses; also pinged for `/v1/status` unless `status` says otherwise. */
  addresses: v.optional(strict({
    java: v.optional(address(25_565)),
    bedrock: v.optional(address(19_132)),
  })),
  /** IANA time zone for local hours and weeks (DECISIONS 14). */
  time_zone: v.optional(timeZone()),
  /** Ranking rules (DECISIONS 9, 11, 12). */
  ranking: v.optional(strict({
    min_playtime_minutes: v.optional(number(0)),
    inactive_days: v.optional(number(0)),
    crown_weights: v.optional(strict({
      gold: number(0),
      silver: number(0),
      bronze: number(0),
    })),
  })),
  /**
   * Who is left out of everything served (a hidden player is absent, as if never seen): banned
   * players (default on), operators (default off), and a list of players who asked to be.
   */
  players: v.optional(strict({
    exclude_banned: v.optional(boolean()),
    exclude_ops: v.optional(boolean()),
    hide: v.optional(playerList()),
  })),
  /** Newest vanilla unlocks kept for `/v1/feed`. */
  feed_size: v.optional(integer(0, 100_000)),
  /** Weekly events (DECISIONS 16). */
  events: v.optional(strict({
    /** Stat ids one weekly stat is picked from. */
    pool: v.optional(v.pipe(
      v.array(statId(), (issue) => `must be a list of stat ids, got ${describe(issue.input)}`),
      v.minLength(1, 'must list at least one stat id'),
    )),
    /** Week number (1 = the week recording began) → stat id. */
    schedule: v.optional(v.record(
      v.pipe(v.string(), v.regex(/^[1-9]\d{0,4}$/, 'week numbers are whole numbers from 1')),
      statId(),
      (issue) => `must map week numbers to stat ids, got ${describe(issue.input)}`,
    )),
  })),
  /** The live server-list ping (`/v1/status` and the record's online samples). */
  status: v.optional(strict({
    java: v.optional(address(25_565)),
    bedrock: v.optional(address(19_132)),
    timeout: v.optional(duration(100, '100ms')),
    cache: v.optional(duration(0, '0s')),
    srv: v.optional(boolean()),
  })),
  /** Modrinth: the mods list and the client modpack. */
  modrinth: v.optional(strict({
    enabled: v.optional(boolean()),
    modpack: v.optional(v.nullable(v.pipe(text('a Modrinth slug or project id'), v.regex(/^[\w.-]{1,64}$/, 'must be a Modrinth slug or project id')))),
    extra_slugs: v.optional(slugList()),
    refresh: v.optional(duration(60_000, '1m')),
    api_url: v.optional(url()),
    user_agent: v.optional(text()),
  })),
  /** Skin texture lookups (DECISIONS 24). */
  skins: v.optional(strict({
    enabled: v.optional(boolean()),
    rate_per_minute: v.optional(number(0.1, 'a number ≥ 0.1')),
    refresh_days: v.optional(number(0.01, 'a number of days > 0')),
    session_server_url: v.optional(url()),
    geyser_url: v.optional(url()),
    /** Where skin textures are downloaded by hash, for the site's heads (default `https://textures.minecraft.net`). */
    textures_url: v.optional(url()),
  })),
  /** Public base URL for absolute links (DECISIONS 23). */
  base_url: v.optional(v.nullable(url())),
  /** Base of problem `type` URIs (DECISIONS 22). */
  problem_base: v.optional(v.nullable(url())),
  /** Proxies whose X-Forwarded-* headers are believed (DECISIONS 19). */
  trusted_proxies: v.optional(proxyList()),
  /** Per-client rate limit; `requests: 0` switches it off. */
  rate_limit: v.optional(strict({
    requests: v.optional(integer(0, 1_000_000)),
    window: v.optional(duration(1_000, '1s')),
    /**
     * Where the counts live: `memory` (the default: this process) or a Redis URL
     * (`redis://[[user]:password@]host[:port][/db]`, `rediss://` for TLS), so that several
     * instances behind one proxy share each client's limit.
     */
    store: v.optional(v.pipe(
      text('"memory" or a redis:// URL'),
      v.check((value) => value === 'memory' || (/^rediss?:\/\/[^\s/]/i.test(value) && URL.canParse(value)), (issue) => `must be "memory" or a redis:// or rediss:// URL, got ${describe(issue.input)}`),
    )),
  })),
  /**
   * Bounds of the HTTP server (the Node adapter's `NodeLimits`), so that no client can grow its
   * memory or take its file descriptors. Every key has a default (`DEFAULT_NODE_LIMITS`).
   */
  http: v.optional(v.pipe(strict({
    /** Open connections in total (default 10,000, or half the open-file limit when lower). */
    max_connections: v.optional(integer(1, 1_000_000)),
    /** Open connections per client address, IPv6 per /64; trusted proxies are exempt (default 100). */
    max_connections_per_address: v.optional(integer(1, 1_000_000)),
    /** Requests one connection may pipeline before reading answers; more closes it (default 32). */
    max_pipelined_requests: v.optional(integer(1, 10_000)),
    /** After a connection is closed for pipelining too much, its address is refused this long (default 10s). */
    abuse_cooldown: v.optional(duration(0, '0s')),
    /** Unsent answer bytes per connection before its next requests wait (default 262144). */
    max_queued_bytes: v.optional(integer(1_024, 1_073_741_824)),
    /** Request line and headers; more is a 431 (default 16384). */
    max_header_bytes: v.optional(integer(1_024, 1_048_576)),
    /** Request target (path and query); longer is a 414 problem (default 8192). */
    max_url_bytes: v.optional(integer(64, 1_048_576)),
    /** Time to send a request's headers (default 10s). */
    headers_timeout: v.optional(duration(100, '100ms')),
    /** Time to send a whole request (default 30s); at least `headers_timeout`. */
    request_timeout: v.optional(duration(100, '100ms')),
    /** How long an idle keep-alive connection stays open (default 5s). */
    keep_alive_timeout: v.optional(duration(100, '100ms')),
    /** A connection on which nothing moves for this long is closed (default 30s). */
    idle_timeout: v.optional(duration(100, '100ms')),
  }), v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    // Node refuses a headers timeout longer than the request timeout; the defaults count too.
    const headers = dataset.value.headers_timeout ?? DEFAULT_NODE_LIMITS.headersTimeoutMs;
    const request = dataset.value.request_timeout ?? DEFAULT_NODE_LIMITS.requestTimeoutMs;
    if (headers > request) addIssue({ message: `headers_timeout (${headers} ms) must not be longer than request_timeout (${request} ms)` });
  }))),
  /** The pull schedule. */
  schedule: v.optional(strict({
    /** How often the save is re-read (default 15m). */
    refresh: v.optional(duration(1_000, '1s')),
    /**
     * Worker threads that parse player files when a pull finds many changed (the first pull of
     * a large save): default the machine's cores, at most 4; 0 parses on the server's own thread.
     */
    read_threads: v.optional(integer(0, 64)),
    /**
     * Watch the player folders (inotify) so a pull stats only the files that changed, not every
     * file (default true; `false`: every file is stat-ed at every pull). Saves on a network file
     * system are always stat-ed in full.
     */
    watch: v.optional(boolean()),
    /** While watching, every file is still stat-ed at least this often (default 1h). */
    full_scan: v.optional(duration(1_000, '1s')),
    /**
     * snapshot.json is rewritten after a pull when the last write began at least this long ago,
     * and at shutdown (default 1h; `0s`: after every pull).
     */
    persist: v.optional(duration(0, '0s')),
  })),
  /**
   * Bounds on reading the save and the data directory, and on a pull (see the CLI README's
   * "Limits" section). A file over its limit is skipped with a warning (its player keeps their
   * last good data); a pull over its time is abandoned (the last good snapshot keeps serving).
   */
  limits: v.optional(strict({
    /** Largest stats, advancements or playerdata file read (default 16MiB). */
    player_file_size: v.optional(size(1024, '1KiB')),
    /** Largest decompressed size of a playerdata `.dat` (default 64MiB). */
    player_data_inflated_size: v.optional(size(1024, '1KiB')),
    /** Largest root file read: server.properties, usercache.json, whitelist.json, banned-players.json, ops.json, Floodgate's config (default 16MiB). */
    root_file_size: v.optional(size(1024, '1KiB')),
    /** Largest mod jar hashed (default 1GiB). */
    mod_jar_size: v.optional(size(1024, '1KiB')),
    /** Largest file of the data directory read: record months, snapshot.json, last-good files (default 1GiB). */
    data_file_size: v.optional(size(1024, '1KiB')),
    /** Time one file's parse may take on a worker thread before it is skipped (default 30s). */
    file_parse_timeout: v.optional(duration(100, '100ms')),
    /** Time a whole pull may take before it is abandoned (default 10m). */
    pull_timeout: v.optional(duration(1_000, '1s')),
    /**
     * A pull is rejected when at least this share of the players of the last good pull lost a
     * file at once (missing or unreadable) or vanished, and at least `lost_players_min` did
     * (default 0.2).
     */
    lost_players_share: v.optional(v.pipe(number(0, 'a number from 0 to 1'), v.maxValue(1, 'must be a number from 0 to 1'))),
    /** See `lost_players_share` (default 5). */
    lost_players_min: v.optional(integer(1, 1_000_000)),
  })),
  /**
   * The PNG card's renderer (`/v1/card/player/{player}.png`, the website's link previews):
   * worker threads behind a bounded queue, so rendering never runs on the thread that answers
   * requests. Every key has a default (`pngPoolDefaults`).
   */
  png: v.optional(strict({
    /** Worker threads (default the machine's cores less one, from 1 to 4). */
    threads: v.optional(integer(1, 64)),
    /** Renders waiting or running at most; one more answers 503 with Retry-After (default 16 a thread). */
    queue: v.optional(integer(1, 100_000)),
    /** Renders one client address may have waiting or running; one more answers it 503 (default an eighth of `queue`, at least 1). */
    per_client: v.optional(integer(1, 100_000)),
    /** Bound of the cache of rendered cards (default 16MiB; 0: no cache). */
    cache: v.optional(size(0, '0')),
    /** Time one render may wait for a worker, and then take (its worker is replaced), before the request answers 503 (default 5s). */
    timeout: v.optional(duration(100, '100ms')),
  })),
  /** The website (pages outside `/v1`). */
  site: v.optional(strict({
    /** Serve the website (default true); false leaves only the API. */
    enabled: v.optional(boolean()),
    /** The default language of the pages, with its region for numbers and dates (default `en-GB`). */
    locale: v.optional(locale()),
    /** The languages the site and the API offer: tags of the shipped ones (default every one). */
    languages: v.optional(languageList()),
    /** JSON file of messages by language tag (`{ "de": { "nav.home": "Start" } }`) replacing shipped ones. */
    messages_file: v.optional(text('a file path')),
    /** Player heads from their third-party URLs (`textures.head`); default false: drawn by blockstats. */
    external_images: v.optional(boolean()),
  })),
  /** `links.profile` template (placeholders `{base_url}`, `{uuid}`, `{uuid_bare}`, `{name}`). */
  profile_url_template: v.optional(text()),
  /** Advancement icon URL template, or null for no icons. */
  icon_url_template: v.optional(v.nullable(text())),
});

/** The configuration file as written (durations still strings). */
export type ReferenceConfigInput = v.InferInput<typeof configSchema>;
/** The configuration file, validated (durations in milliseconds, URLs without a trailing slash). */
export type ReferenceConfigFile = v.InferOutput<typeof configSchema>;

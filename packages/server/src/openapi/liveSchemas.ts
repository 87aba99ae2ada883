import type { JsonSchema } from '../http/queryParams.js';
import { MAX_MOTD_LENGTH, MAX_PLAYER_COUNT, MAX_SAMPLE_NAME_LENGTH, MAX_VERSION_LENGTH } from '../live/statusBounds.js';
import { s } from './schema.js';

/** A count the game server reported: null when it sent none or an absurd one (statusBounds). */
const count = () => s.nullable(s.integer('Null when the server sent none, or a value that is not a whole number from 0 to 1,000,000.', { minimum: 0, maximum: MAX_PLAYER_COUNT }));

const pingFailure = s.nullable(s.enum(['not_configured', 'timeout', 'refused', 'unreachable', 'protocol'], 'Why the ping failed; null when it succeeded.'));

/** The fields of one ping's answer: the top level of `/v1/status` and each of a network's `servers[]`. */
const liveFields: Record<string, JsonSchema> = {
  online: s.boolean('Whether the game-server ping succeeded.'),
  players_online: count(),
  players_max: count(),
  version: s.nullable(s.string('Running version as the server reports it.', { maxLength: MAX_VERSION_LENGTH })),
  protocol: s.nullable(s.integer()),
  motd: s.nullable(s.string('Message of the day as plain text (`\\n` between lines), cut to 1,024 characters.', { maxLength: MAX_MOTD_LENGTH })),
  sample: s.array(s.object({ name: s.string(undefined, { maxLength: MAX_SAMPLE_NAME_LENGTH }), uuid: s.nullable(s.string(undefined, { format: 'uuid' })) }), 'Short random sample of online players published by the game server.'),
  latency_ms: s.nullable(s.number(undefined, { minimum: 0 })),
  edition: s.nullable(s.enum(['java', 'bedrock'], 'Which ping the top-level fields describe; null when no address is configured.')),
  reason: pingFailure,
  bedrock: s.nullable(s.object({
    online: s.boolean(),
    players_online: count(),
    players_max: count(),
    version: s.nullable(s.string(undefined, { maxLength: MAX_VERSION_LENGTH })),
    protocol: s.nullable(s.integer()),
    motd: s.nullable(s.string(undefined, { maxLength: MAX_MOTD_LENGTH })),
    latency_ms: s.nullable(s.number(undefined, { minimum: 0 })),
    reason: pingFailure,
  }, { description: 'The Bedrock ping; null when no Bedrock address is configured.' })),
  checked_at: s.dateTime('When this result was measured (with reason `not_configured`: when the service started, so the answer and its ETag stay the same).'),
};

/** Schemas of the live resources (status, mods, modpack) and the meta endpoints (health, index). */
export const liveSchemas: Record<string, JsonSchema> = {
  LiveStatus: s.object({
    ...liveFields,
    servers: s.array(s.object({
      id: s.string('The value of the `server` query parameter.'),
      name: s.string(),
      ...liveFields,
    }, { description: 'One backend\'s own ping, with the same fields as the top level (reason `not_configured` when it has no address of its own).' }), 'On a network\'s own answer only (no `server` parameter): every backend, in configuration order, each pinged at the same time as the proxy and cached 10 seconds; one that is down has `online` false and null counts.'),
  }, { description: 'Live server-list ping. A failed ping is still a 200 with online false and null counts. On a network: the proxy\'s ping, and `servers` with each backend\'s.', optional: ['servers'] }),
  ModEntry: s.object({
    project_id: s.nullable(s.string()),
    slug: s.nullable(s.string()),
    name: s.nullable(s.string()),
    description: s.nullable(s.string()),
    categories: s.array(s.string()),
    game_versions: s.array(s.string(), 'Supported game versions.'),
    loaders: s.array(s.string()),
    downloads: s.nullable(s.integer(undefined, { minimum: 0 })),
    icon_url: s.nullable(s.uri()),
    project_url: s.nullable(s.uri()),
    resolved: s.boolean('False (with null metadata) when the hosting platform returned nothing for this mod.'),
    source: s.enum(['jar', 'config'], 'A jar in the server\'s mods folder, or a slug from the configuration.'),
    file: s.nullable(s.string()),
    version: s.nullable(s.string()),
  }),
  ModpackFile: s.object({
    filename: s.string(),
    url: s.uri(),
    size: s.nullable(s.integer(undefined, { minimum: 0 })),
    primary: s.boolean(),
    sha1: s.nullable(s.string()),
    sha512: s.nullable(s.string()),
  }),
  ModpackVersion: s.object({
    id: s.string(),
    name: s.nullable(s.string()),
    version_number: s.nullable(s.string()),
    version_type: s.nullable(s.string('`release`, `beta` or `alpha`.')),
    published_at: s.nullable(s.dateTime()),
    game_versions: s.array(s.string()),
    loaders: s.array(s.string()),
    changelog: s.nullable(s.string('Markdown.')),
    files: s.array(s.ref('ModpackFile'), 'Download files.'),
  }),
  Modpack: s.object({
    project_id: s.string(),
    slug: s.nullable(s.string()),
    name: s.nullable(s.string()),
    description: s.nullable(s.string()),
    icon_url: s.nullable(s.uri()),
    project_url: s.nullable(s.uri()),
    downloads: s.nullable(s.integer(undefined, { minimum: 0 })),
    game_versions: s.array(s.string()),
    loaders: s.array(s.string()),
    latest: s.nullable({ ...s.ref('ModpackVersion'), description: 'The newest version.' }),
    fetched_at: s.dateTime('When this was read from the mod-hosting platform.'),
  }),
  Health: s.object({
    status: s.enum(['ok', 'degraded']),
    data_updated_at: s.nullable(s.dateTime('When the statistics served were made: every answer\'s `meta.data_updated_at`. A regeneration that finds nothing changed keeps them, and this time.')),
    data_age_seconds: s.nullable(s.integer('Seconds since the last successful regeneration, one that found nothing changed included.', { minimum: 0 })),
    data_stale: s.boolean('True when the regeneration job has not run in over six hours.'),
    uptime_seconds: s.integer(undefined, { minimum: 0 }),
    last_error_at: s.nullable(s.dateTime('Last failed regeneration; a failure newer than the last success degrades health.')),
    reasons: s.array(s.ref('HealthReason'), 'Why the status is `degraded`; empty when `ok`.'),
  }),
  HealthReason: s.object({
    code: s.string('Stable code: `no_data`, `stale`, `pull_failed`, `pull_stuck`, `record_unwritable`, `save_partly_unreadable`, `save_unreachable` (a remote save that cannot be reached, with since when), `server_stale` (a network server not read at the last pull: which, since when, and the time of the data served instead; the problems of each server are listed prefixed with its id), `rate_limit_store_down` (the shared rate-limit store skipped after a failure), `history_unwritable` (a pull could not be added to the stat history), `counter_reset` (a statistic went down in the last 7 days: a reset or a restored backup, a new start in period boards) (more may be added).'),
    detail: s.string('What happened, for people.'),
  }),
  Endpoint: s.object({
    method: s.enum(['GET']),
    path: s.string('Path template, e.g. `/v1/stats/{stat_id}`.'),
    url_template: s.string('Absolute URL template on this server.'),
    group: s.string('Section: Meta, Statistics, Players, Community, Server and fun, Embeds.'),
    summary: s.string(),
    parameters: s.array(s.string(), 'Query parameter names.'),
    media_type: s.enum(['application/json', 'image/svg+xml', 'image/png']),
  }),
};

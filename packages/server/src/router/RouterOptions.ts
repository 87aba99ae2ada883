import type { StatHistory, ActivityRecord, Snapshot } from '@blockstats/core';
import type { GetClientAddress } from '../http/clientAddress.js';
import type { ModpackSource, ModsSource, StatusSource } from '../live/types.js';
import type { RateLimitStore } from '../ratelimit/RateLimitStore.js';
import type { PngRenderRequest } from './PngRenderRequest.js';
import type { SiteOptions } from '../site/SiteOptions.js';
import type { NetworkServer } from './NetworkServer.js';

/** Why `/v1/health` says `degraded`: a stable code and a sentence for people. */
export interface HealthReason {
  /**
   * `no_data`, `stale`, `pull_failed` (rejected, failed or abandoned past its time budget),
   * `pull_stuck` (an abandoned pull still reading), `record_unwritable`, `save_partly_unreadable`,
   * `save_unreachable` (an `sftp://` save that cannot be reached, and since when);
   * `server_stale` (a network's server not read at the last pull, and since when);
   * `rate_limit_store_down` (the shared rate-limit store skipped after a failure);
   * hosts may add their own.
   */
  code: string;
  detail: string;
}

/** What the process knows about its own regeneration job, for `/v1/health` and `Retry-After`. */
export interface HealthState {
  /** When the service started (epoch ms). Default: when the router was created. */
  startedAt?: number;
  /** Last successful regeneration (epoch ms). Default: the snapshot's `data_updated_at`. */
  lastSuccessAt?: number | null;
  /** Last failed pull (epoch ms), or null. A failure newer than the last success degrades health. */
  lastErrorAt?: number | null;
  /** Next scheduled pull (epoch ms): becomes `Retry-After` on 503s while no data exists yet. */
  nextPullAt?: number | null;
  /**
   * Problems the host knows of besides the data's age (a record it cannot write, a save it can
   * only partly read, the last failure's message); each degrades health and is listed in
   * `reasons`. A `pull_failed` here replaces the generic one.
   */
  problems?: readonly HealthReason[];
}

/** Weekly events configuration (DECISIONS 16), passed to the core's `weeklyEvents`. */
export interface EventsOptions {
  /**
   * Stat ids the weekly stat is picked from; must be the pool the recorder was given (it records
   * the running week's stat). Default `DEFAULT_EVENT_POOL`, the recorder's default too. Finished
   * weeks keep the stat the record stored for them whatever the pool says now.
   */
  pool?: readonly string[];
  /** Week number (1 = the week recording began in) → stat id, overriding the pick. */
  schedule?: Readonly<Record<number, string>>;
}

/** One recipe unlock of a player, for `include=recipes`. */
export interface RecipeUnlock {
  /** Namespaced recipe id, e.g. `minecraft:recipes/misc/charcoal`. */
  id: string;
  /** When it was unlocked (epoch ms), or null when the file gives no time. */
  at: number | null;
}

/**
 * Everything the router needs from outside, as typed capabilities. Only `snapshot` is required;
 * every other one has a working default.
 */
export interface RouterOptions {
  /** The current snapshot, or null before the first regeneration (data endpoints answer 503). */
  snapshot: () => Snapshot | null | Promise<Snapshot | null>;
  /**
   * The servers of a network (issue 38). `snapshot` (and `record`, `status`…) then answer for the
   * whole network (build it from `mergeSaves`), and every endpoint also answers for one server
   * with `?server=<id>`: the same paths and shapes from that server's snapshot and live sources,
   * every link and `next`/`previous` keeping the parameter. An unknown id is a 400 naming
   * `server`. Default none: one server, and `server` is ignored like any unknown parameter.
   */
  servers?: readonly NetworkServer[];
  /** The activity record, or null when recording is off (activity, history, events answer 503). */
  record?: () => ActivityRecord | null | Promise<ActivityRecord | null>;
  /**
   * The stat history (issue 41) for `period` on boards, totals and series: one `StatHistory`
   * (a server), or one per server of a network (gains add up by uuid). Null or absent: those
   * answer 503; every all-time answer is the same without it.
   */
  statHistory?: () => readonly StatHistory[] | null | Promise<readonly StatHistory[] | null>;
  /** The live server-list ping. Default: `online: false` with reason `not_configured`. */
  status?: StatusSource;
  /** The server's mods. Default: none configured (503). */
  mods?: ModsSource;
  /** The client modpack. Default: none configured (503). */
  modpack?: ModpackSource;
  /** A player's recipe unlocks, for `/v1/players/{player}/advancements?include=recipes`. */
  readRecipes?: (uuid: string) => readonly RecipeUnlock[] | null | Promise<readonly RecipeUnlock[] | null>;
  /** The clock, epoch ms. Default `Date.now`. */
  clock?: () => number;
  /** Randomness in [0, 1) for the random endpoints. Default `Math.random`. */
  random?: () => number;
  /**
   * Per-client rate limit (DECISIONS 19). Default 240 requests per 60 s in memory; `false`
   * switches it off.
   */
  rateLimit?: { limit?: number; windowSeconds?: number; store?: RateLimitStore } | false;
  /** Proxies (IP addresses or CIDR ranges) whose X-Forwarded-* headers are believed. Default none. */
  trustedProxies?: readonly string[];
  /** Public base URL for absolute links (`https://stats.example.net`). Default: the request origin. */
  baseUrl?: string;
  /**
   * The path the router is mounted under, for hosts that hand it the whole request path
   * (a Hono `route`, a Fastify prefix, a Next.js or SvelteKit `[...path]` route, Express through
   * `req.originalUrl`): `'/stats'` serves `/stats/v1/…` and `/stats/openapi.json`, and every
   * absolute link, correction and the OpenAPI `servers` URL include it. Paths outside it are 404.
   * Default `''` (the root). When a proxy strips a prefix before the request arrives, set
   * `baseUrl` to the public URL with that prefix instead.
   */
  basePath?: string;
  /** Base of problem `type` URIs. Default `<base_url>/problems`. */
  problemBase?: string;
  /** Where the client's address comes from. Default: understands Node (this package), Deno, Bun, Workers. */
  getClientAddress?: GetClientAddress;
  /** Weekly events configuration. */
  events?: EventsOptions;
  /** Regeneration job state for `/v1/health`. */
  health?: () => HealthState;
  /**
   * Bound (bytes, approximate) of the memo of rendered answers: snapshot-only routes (data and
   * embeds, not the record or live sources) are rendered and hashed once per generation and URL,
   * then served from memory until the next snapshot. Default 32 MiB; 0 switches it off.
   */
  responseCacheBytes?: number;
  /**
   * The website: server-rendered HTML pages outside `/v1` (`/`, `/stats`, `/players/{player}`…)
   * from the same queries as the API, with the API's HTTP rules. Off by default: an embedder
   * mounting the API keeps every other path. `true` or options switch it on; see
   * `SiteOptions`. With the site on, `links.profile` points at the profile page (unless the
   * snapshot was built with its own `profileUrlTemplate`).
   */
  site?: boolean | SiteOptions;
  /**
   * The languages offered (tags of the shipped ones: `en`, `de`, `fr`, `es`, `pt-BR`, `ru`, `pl`,
   * `zh-CN`, `ja`, `tr`). The API answers English unless a request asks for one of them
   * (`lang` query parameter, else `Accept-Language`): then statistic and advancement titles,
   * descriptions and value `display`s are translated. The website speaks them all, with a
   * switch on every page. Default: every shipped language.
   */
  languages?: readonly string[];
  /**
   * Renders an SVG of `@blockstats/svg` as PNG, for `/v1/card/player/{player}.png` and the
   * website's link previews. A capability, because PNG rendering needs a native module the
   * router must not import. `(svg) => toPng(svg)` of `@blockstats/svg/png` works, but renders
   * on the thread that answers requests: a server open to the internet passes `render` of
   * `createPngPool` (`@blockstats/server/node`, what `blockstats serve` uses), which renders on
   * worker threads behind a bounded queue, with a per-client share and a cache, keyed by
   * `request.key`. An `ApiError` it throws is the answer (the pool's 503 when busy). Without it
   * the PNG card answers 404 and pages carry no preview image.
   */
  renderPng?: (svg: string, request: PngRenderRequest) => Promise<Uint8Array>;
  /** Called with every unexpected error (the client only ever sees a bare 500). Default `console.error`. */
  onError?: (error: unknown, request: Request) => void;
}

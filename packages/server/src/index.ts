/**
 * @blockstats/server: the /v1 API as a fetch-standard router. This entry point imports no Node
 * built-in and no native module, so it runs on Node, Bun, Deno and Cloudflare Workers alike.
 * The Node adapter is `@blockstats/server/node`, the Node live sources (server-list ping, mod
 * and skin caches) `@blockstats/server/live`, the reference server `@blockstats/server/reference`.
 */
export { createRouter, DEFAULT_RATE_LIMIT, type BlockstatsRouter } from './router/createRouter.js';
export type { RouterOptions, HealthState, EventsOptions, RecipeUnlock } from './router/RouterOptions.js';
export type { NetworkServer } from './router/NetworkServer.js';
export type { PngRenderRequest } from './router/PngRenderRequest.js';
export type { RouteDefinition, RouteResult, JsonResult, SvgResult, PngResult, DocumentResult, PathParam } from './router/RouteDefinition.js';
export type { SiteOptions } from './site/SiteOptions.js';
export { DEFAULT_SITE_LOCALE } from './site/SiteOptions.js';
export { en as siteMessagesEn, type Message, type MessageKey, type Messages } from './site/messages.js';
export { sitePaths, playerSegment, advancementPath } from './site/sitePaths.js';
export type { MessageOverrides } from './site/SiteOptions.js';
export { LANGUAGES, findLanguage, type Language } from './i18n/languages.js';
export { negotiateLanguage } from './i18n/negotiateLanguage.js';
export type { CatalogueTranslation } from './i18n/CatalogueTranslation.js';
export { staticFile } from './site/staticFile.js';
export { acceptsHtml, prefersJson } from './site/negotiate.js';
export type { RouteContext } from './router/RouteContext.js';
export { allRoutes } from './router/routes/allRoutes.js';
export { ApiError, type ApiErrorInit } from './http/ApiError.js';
export { problemTypes, type ProblemCode } from './http/problemTypes.js';
export { problemResponse, problemBody, type ProblemBody } from './http/problemResponse.js';
export { queryParams, MAX_LIMIT, type QueryParam, type QuerySchema, type JsonSchema } from './http/queryParams.js';
export { parseQuery, type QueryOf } from './http/parseQuery.js';
export { cachePolicies, type CachePolicy } from './http/cachePolicy.js';
export { defaultGetClientAddress, clientAddress, type GetClientAddress } from './http/clientAddress.js';
// The client's address, per runtime (RouterOptions.getClientAddress; the default reads the first three).
export type { ConnInfo } from './runtime/ConnInfo.js';
export { nodeClientAddress } from './runtime/nodeClientAddress.js';
export { denoClientAddress } from './runtime/denoClientAddress.js';
export { bunClientAddress } from './runtime/bunClientAddress.js';
export { cloudflareClientAddress } from './runtime/cloudflareClientAddress.js';
export { ipMatcher } from './http/ipMatcher.js';
export { MemoryRateLimitStore } from './ratelimit/MemoryRateLimitStore.js';
export type { RateLimitStore, RateLimitState } from './ratelimit/RateLimitStore.js';
export { openapiDocument, API_VERSION, type OpenApiOptions } from './openapi/openapiDocument.js';
export type { RawRequest, RawResponse } from './router/CachedAnswer.js';
// Live-source types and the sources that need nothing but fetch.
export type * from './live/types.js';
export { UnavailableError } from './live/UnavailableError.js';
export { textureUrls } from './live/textureUrls.js';
export { flattenMotd, stripLegacyCodes } from './live/flattenMotd.js';
export { DEFAULT_USER_AGENT, userAgent } from './live/userAgent.js';
export { createModrinthClient, ModrinthError, MODRINTH_MAX_BODY_BYTES, type ModrinthClient, type ModrinthClientOptions, type ModrinthFailure } from './live/createModrinthClient.js';
export { createModrinthModpack, type ModrinthModpackOptions } from './live/createModrinthModpack.js';

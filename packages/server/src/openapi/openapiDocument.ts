import { cachePolicies } from '../http/cachePolicy.js';
import { EXPOSED_HEADERS } from '../http/cors.js';
import { problemTypes, type ProblemCode } from '../http/problemTypes.js';
import type { JsonSchema } from '../http/queryParams.js';
import { speaksLanguage, type RouteDefinition } from '../router/RouteDefinition.js';
import { activitySchemas } from './activitySchemas.js';
import { componentSchemas } from './components.js';
import { liveSchemas } from './liveSchemas.js';
import { s } from './schema.js';

/** Each tag of the document, in order, with what its endpoints serve. */
const TAG_DESCRIPTIONS: Record<string, string> = {
  Meta: 'The endpoint list, live status, health, server info, population history and this description.',
  Statistics: 'The statistic catalogue, leaderboards, server totals and advancements with rarity and holders.',
  Players: 'Player lists, profiles, per-player statistics, advancements, milestones and activity.',
  Community: 'The hall of fame, the recent-unlock feed, server activity and weekly events.',
  'Server and fun': 'Mods, the modpack, comparisons and random picks.',
  Embeds: 'SVG badges and player cards for READMEs and forum posts.',
};

/** The API version the document declares (DECISIONS 18; the release log's 1.3.0). */
export const API_VERSION = '1.3.0';

/** What the document needs to know about the deployment. */
export interface OpenApiOptions {
  /** Public base URL (`servers[0].url`). */
  baseUrl: string;
  /** Base of problem type URIs. */
  problemBase: string;
  /** The rate limit in force, or null when it is off. */
  rateLimit: { limit: number; windowSeconds: number } | null;
  /** The ids of a network's servers (`RouterOptions.servers`): every operation then takes `server`. */
  servers?: readonly string[];
  /** The languages JSON answers are offered in (English first); more than one: JSON operations take `lang`. */
  languages?: readonly string[];
}

/** The `lang` query parameter of every JSON operation (issue 39). */
function langParameter(tags: readonly string[]): JsonSchema {
  return {
    name: 'lang',
    in: 'query',
    description: `The language of the names and values meant for people: the \`title\` and \`description\` of every statistic and vanilla advancement (as the game names them in that language), weekly event titles, and every value's \`display\` (the language's numbers and units). Ids, numbers and every other field are the same in every language. A card (\`/v1/card/…\`) draws its words, those names, values and its dates in the language. Absent, \`Accept-Language\` chooses among the offered languages (answers carry \`Vary: Accept-Language\`), and English answers anything else. One of ${tags.map((t) => `\`${t}\``).join(', ')}, compared case-insensitively; another value, or the parameter given twice, gives 400 \`invalid-request\` naming \`lang\`.`,
    schema: { type: 'string', enum: [...tags] },
  };
}

/** The `server` query parameter of a network (issue 38), on every operation. */
function serverParameter(ids: readonly string[]): JsonSchema {
  return {
    name: 'server',
    in: 'query',
    description: `Answer for one server of the network instead of the whole network: ${ids.map((id) => `\`${id}\``).join(', ')}. Absent, the answer is the network's (each player's values summed over the servers). Every link and \`next\`/\`previous\` in the answer keeps it. Another value, or the parameter given twice, gives 400 \`invalid-request\` naming \`server\`.`,
    schema: { type: 'string', enum: [...ids] },
  };
}

/** The OpenAPI document itself, served without the Envelope. */
const DOCUMENT_SCHEMA: JsonSchema = {
  type: 'object',
  description: 'This OpenAPI 3.1 document.',
  required: ['openapi', 'info', 'paths'],
  properties: { openapi: { const: '3.1.0' }, info: { type: 'object' }, paths: { type: 'object' } },
  additionalProperties: true,
};

/** Response component name of each problem code. */
const problemResponseNames: Record<ProblemCode, string> = {
  'invalid-request': 'InvalidRequest',
  'not-found': 'NotFound',
  'unversioned-path': 'UnversionedPath',
  'method-not-allowed': 'MethodNotAllowed',
  'request-timeout': 'RequestTimeout',
  'content-too-large': 'ContentTooLarge',
  'uri-too-long': 'UriTooLong',
  'headers-too-large': 'HeadersTooLarge',
  'rate-limit-exceeded': 'RateLimitExceeded',
  'internal-error': 'InternalError',
  unavailable: 'Unavailable',
};

const RATE_LIMIT_HEADERS = ['RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset', 'RateLimit-Policy'] as const;

/** Headers of every response, errors included (DECISIONS 19, 20); RateLimit-* only when the limit is on. */
const everyResponseHeaders = (rateLimited: boolean): Record<string, JsonSchema> => ({
  'Access-Control-Allow-Origin': { $ref: '#/components/headers/Access-Control-Allow-Origin' },
  'Access-Control-Expose-Headers': { $ref: '#/components/headers/Access-Control-Expose-Headers' },
  ...(rateLimited ? Object.fromEntries(RATE_LIMIT_HEADERS.map((h) => [h, { $ref: `#/components/headers/${h}` }])) : {}),
});

/** The problem codes this deployment can answer: no 429 without a rate limit. */
function problemCodes(options: OpenApiOptions): ProblemCode[] {
  return (Object.keys(problemTypes) as ProblemCode[]).filter((code) => code !== 'rate-limit-exceeded' || options.rateLimit !== null);
}

function headerComponents(options: OpenApiOptions): Record<string, JsonSchema> {
  const int = { type: 'integer', minimum: 0 };
  const limit = options.rateLimit;
  const headers: Record<string, JsonSchema> = {
    ETag: { description: 'Strong validator keyed to the data generation and the representation. Send it back in If-None-Match to get a 304.', schema: { type: 'string', pattern: '^"[!#-~]*"$' } },
    'Cache-Control': { description: `\`public\` with a max-age per endpoint (data ${cachePolicies.data}; status ${cachePolicies.live}; mods ${cachePolicies.remote}; embeds ${cachePolicies.embed}); health and random: \`${cachePolicies.never}\`.`, schema: { type: 'string' } },
    'Last-Modified': { description: 'Mirrors meta.data_updated_at (IMF-fixdate).', schema: { type: 'string' } },
    'RateLimit-Limit': { description: `Requests allowed per window${limit ? ` (${limit.limit})` : ''}.`, schema: int },
    'RateLimit-Remaining': { description: 'Requests left in the current window. 304 responses and CORS preflights are not counted.', schema: int },
    'RateLimit-Reset': { description: 'Seconds until the window resets.', schema: int },
    'RateLimit-Policy': { description: `\`<requests>;w=<seconds>\`${limit ? `, here \`${limit.limit};w=${limit.windowSeconds}\`` : ''}.`, schema: { type: 'string', pattern: '^\\d+;w=\\d+$' } },
    'Retry-After': { description: 'Seconds to wait (429; 503 when a retry time is known).', schema: { type: 'integer', minimum: 1 } },
    'Access-Control-Allow-Origin': { description: '`*` on every response.', schema: { const: '*' } },
    'Access-Control-Expose-Headers': { description: 'Lets browser scripts read the validators and rate-limit fields.', schema: { const: EXPOSED_HEADERS.join(', ') } },
  };
  // With the rate limit off no response carries them: the document promises none.
  if (!limit) for (const name of RATE_LIMIT_HEADERS) delete headers[name];
  return headers;
}

/**
 * A header every response of this kind carries. OpenAPI 3.1 ignores `required` beside a `$ref`
 * (a Reference Object takes only `summary` and `description`), so the component is inlined.
 */
function requiredHeader(name: 'Retry-After' | 'Allow', options: OpenApiOptions): JsonSchema {
  return { ...(name === 'Allow' ? ALLOW_HEADER : headerComponents(options)[name]), required: true };
}

/** `Allow`, on 405 answers only (always inlined as required, so not a component). */
const ALLOW_HEADER: JsonSchema = { description: '`GET, HEAD`.', schema: { const: 'GET, HEAD' } };

/** A problem schema pinned to one code: the validator checks the type URI and status too. */
function problemSchema(code: ProblemCode): JsonSchema {
  const base = componentSchemas.Problem as { properties: Record<string, JsonSchema> };
  return {
    ...componentSchemas.Problem,
    description: problemTypes[code].description,
    properties: {
      ...base.properties,
      type: { type: 'string', format: 'uri', pattern: `/${code}$`, description: `\`<problem base>/${code}\`` },
      status: { const: problemTypes[code].status },
    },
  };
}

function problemResponses(options: OpenApiOptions): Record<string, JsonSchema> {
  const rateLimited = options.rateLimit !== null;
  return Object.fromEntries(
    problemCodes(options).map((code) => {
      const headers: Record<string, JsonSchema> = { 'Cache-Control': { description: '`no-store`: errors are never cached.', schema: { const: 'no-store' } }, ...everyResponseHeaders(rateLimited) };
      if (code === 'rate-limit-exceeded') headers['Retry-After'] = requiredHeader('Retry-After', options);
      if (code === 'unavailable') headers['Retry-After'] = { $ref: '#/components/headers/Retry-After' };
      if (code === 'method-not-allowed') headers.Allow = requiredHeader('Allow', options);
      return [problemResponseNames[code], {
        description: `${problemTypes[code].title}: ${problemTypes[code].description} type: \`${options.problemBase}/${code}\`.`,
        headers,
        content: { 'application/problem+json': { schema: { $ref: `#/components/schemas/Problem-${code}` } } },
      }];
    }),
  );
}

/** The 200 JSON body of a route: the Envelope around its data. */
export function envelopeSchema(route: RouteDefinition): JsonSchema {
  const meta: Record<string, JsonSchema> = {
    data_updated_at: s.nullable(s.dateTime('When the statistics were last regenerated from the world save.')),
    ...(route.paginated ? { pagination: s.ref('Pagination') } : {}),
    ...route.meta,
  };
  return s.object({ data: route.data ?? {}, meta: s.object(meta, { description: 'Extra keys may appear; ignore unknown keys.', ...(route.metaOptional ? { optional: route.metaOptional } : {}) }) });
}

/** The path parameters of a route: every operation on its path declares them. */
function pathParameters(route: RouteDefinition): JsonSchema[] {
  return Object.entries(route.pathParams ?? {}).map(([name, p]) => ({
    name,
    in: 'path',
    required: true,
    description: p.description,
    schema: { type: 'string', minLength: 1 },
    ...(p.example ? { example: p.example } : {}),
  }));
}

function operation(route: RouteDefinition, options: OpenApiOptions): JsonSchema {
  const rateLimited = options.rateLimit !== null;
  // Images: SVG embeds answer errors as SVG badges; the PNG card answers them as problems.
  const svg = route.kind === 'svg' || route.kind === 'png';
  const svgErrors = route.kind === 'svg';
  const etag = route.noEtag !== true && route.cache !== 'never';
  const takesLang = speaksLanguage(route) && (options.languages?.length ?? 0) > 1;
  const parameters = [
    ...pathParameters(route),
    ...Object.entries(route.query).map(([name, p]) => ({
      name,
      in: 'query',
      ...(p.doc.required ? { required: true } : {}),
      description: p.doc.description,
      schema: p.doc.schema,
    })),
    ...(options.servers?.length ? [serverParameter(options.servers)] : []),
    ...(takesLang ? [langParameter(options.languages!)] : []),
  ];
  const vary: Record<string, JsonSchema> = takesLang ? { Vary: { description: '`Accept-Language`: without `lang`, the answer speaks the language the header negotiates (English by default).', schema: { type: 'string' } } } : {};
  const okHeaders: Record<string, JsonSchema> = {
    'Cache-Control': { $ref: '#/components/headers/Cache-Control' },
    ...(etag ? { ETag: { $ref: '#/components/headers/ETag' } } : {}),
    'Last-Modified': { $ref: '#/components/headers/Last-Modified' },
    ...vary,
    ...everyResponseHeaders(rateLimited),
  };
  const responses: Record<string, JsonSchema> = {
    200: {
      description: svg ? 'The image.' : route.kind === 'document' ? 'The document.' : 'Envelope.',
      headers: okHeaders,
      content: route.kind === 'png'
        ? { 'image/png': { schema: { type: 'string', contentMediaType: 'image/png', contentEncoding: 'binary' } } }
        : svg
        ? { 'image/svg+xml': { schema: { type: 'string' } } }
        : { 'application/json': { schema: route.kind === 'document' ? DOCUMENT_SCHEMA : envelopeSchema(route) } },
    },
  };
  if (etag) {
    responses[304] = {
      description: 'Not modified: If-None-Match matched the current ETag. Empty body; does not count against the rate limit.',
      headers: { ETag: { $ref: '#/components/headers/ETag' }, 'Cache-Control': { $ref: '#/components/headers/Cache-Control' }, 'Last-Modified': { $ref: '#/components/headers/Last-Modified' }, ...everyResponseHeaders(rateLimited) },
    };
  }
  const network: ProblemCode[] = (options.servers?.length || takesLang) && !route.errors.includes('invalid-request') ? ['invalid-request'] : [];
  const codes: ProblemCode[] = [...route.errors, ...network, ...(rateLimited ? ['rate-limit-exceeded' as const] : []), 'internal-error'];
  for (const code of codes) {
    const status = problemTypes[code].status;
    responses[status] = svgErrors
      ? {
          description: `${problemTypes[code].title}, rendered as an SVG error badge carrying the status.`,
          headers: {
            'Cache-Control': { description: '`no-store`: errors are never cached.', schema: { const: 'no-store' } },
            ...everyResponseHeaders(rateLimited),
            ...(code === 'rate-limit-exceeded' ? { 'Retry-After': requiredHeader('Retry-After', options) } : {}),
            ...(code === 'unavailable' ? { 'Retry-After': { $ref: '#/components/headers/Retry-After' } } : {}),
          },
          content: { 'image/svg+xml': { schema: { type: 'string' } } },
        }
      : { $ref: `#/components/responses/${problemResponseNames[code]}` };
  }
  return {
    operationId: route.operationId,
    tags: [route.tag],
    summary: route.summary,
    description: [route.description, `HEAD is answered like GET without a body. Cache-Control: \`${cachePolicies[route.cache]}\`.`].filter(Boolean).join('\n\n'),
    parameters,
    responses,
  };
}

/** The preflight/405 operation every path also answers. */
function optionsOperation(route: RouteDefinition, rateLimited: boolean): JsonSchema {
  const parameters = pathParameters(route);
  return {
    operationId: `${route.operationId}Options`,
    tags: [route.tag],
    summary: 'CORS preflight',
    ...(parameters.length > 0 ? { parameters } : {}),
    description: 'OPTIONS with Access-Control-Request-Method is a CORS preflight (204). Any other OPTIONS, like every method other than GET and HEAD, gets 405.',
    responses: {
      204: {
        description: 'Preflight accepted.',
        headers: {
          'Access-Control-Allow-Origin': { $ref: '#/components/headers/Access-Control-Allow-Origin' },
          'Access-Control-Allow-Methods': { schema: { const: 'GET, HEAD' } },
          'Access-Control-Allow-Headers': { description: 'The requested headers, echoed (when they are a plain list of header names).', schema: { type: 'string' } },
          'Access-Control-Max-Age': { schema: { type: 'integer' } },
          Vary: { description: '`Access-Control-Request-Headers` when the requested headers are echoed: caches keep one answer per list.', schema: { type: 'string' } },
          ...everyResponseHeaders(rateLimited),
        },
      },
      405: { $ref: '#/components/responses/MethodNotAllowed' },
      ...(rateLimited ? { 429: { $ref: '#/components/responses/RateLimitExceeded' } } : {}),
    },
  };
}

/**
 * Builds the OpenAPI 3.1 description of the routes: every path, parameter (with its default),
 * response schema, header and problem type.
 *
 * @example
 * openapiDocument(router.routes, { baseUrl: 'https://stats.example', problemBase: 'https://stats.example/problems', rateLimit: { limit: 240, windowSeconds: 60 } });
 */
export function openapiDocument(routes: readonly RouteDefinition[], options: OpenApiOptions): JsonSchema {
  const rateLimited = options.rateLimit !== null;
  const paths: Record<string, JsonSchema> = {};
  for (const route of routes) {
    paths[route.path] = { get: operation(route, options), options: optionsOperation(route, rateLimited) };
  }
  const problemSchemas = Object.fromEntries(problemCodes(options).map((code) => [`Problem-${code}`, problemSchema(code)]));
  return {
    openapi: '3.1.0',
    info: {
      title: 'blockstats API',
      version: API_VERSION,
      summary: 'Read-only statistics of one Minecraft community server.',
      description: [
        'Every endpoint lives under `/v1` and accepts GET and HEAD only; other methods get 405 `method-not-allowed` with `Allow: GET, HEAD`. A path without the `/v1` prefix gets 404 `unversioned-path` with `corrected_url`.',
        'Successful JSON responses use the Envelope `{ data, meta }`; `meta.data_updated_at` is when the statistics were last regenerated, and collections carry `meta.pagination` with absolute `next`/`previous` links that keep every other query parameter. `limit` is 1 to 500 (larger values are clamped); defaults: 250 for /v1/stats and /v1/totals, 100 for /v1/advancements, 168 for /v1/history, 50 elsewhere. Unknown query parameters are ignored; a malformed known one gives 400 `invalid-request` naming it.',
        `Errors are RFC 9457 problem details (\`application/problem+json\`) whose \`type\` is \`${options.problemBase}/<code>\`: ${problemCodes(options).map((c) => `\`${c}\` (${problemTypes[c].status})`).join(', ')}. Embed endpoints answer errors with an SVG error badge carrying the status instead.`,
        options.rateLimit
          ? `Rate limit: ${options.rateLimit.limit} requests per ${options.rateLimit.windowSeconds} s per client address; every response carries RateLimit-Limit, -Remaining, -Reset and -Policy; 304 responses are free; over the limit the answer is 429 with Retry-After.`
          : 'Rate limit: off on this server (no RateLimit-* headers, no 429).',
        'Caching: strong ETags keyed to the data generation; If-None-Match gives 304. Health and random endpoints are never cached; status is cached 10 seconds.',
        'Privacy: only totals are published; no endpoint serves the start or end time of any play session.',
        ...(options.servers?.length
          ? [`Network: this service serves ${options.servers.length} servers (${options.servers.map((id) => `\`${id}\``).join(', ')}; \`/v1/server\` describes them). Every endpoint answers for the whole network by default (a player is one UUID across servers; values are summed, an advancement counts where it was earned first, the name is the most recently seen, a player hidden on one server is hidden everywhere) and for one server with the \`server\` query parameter: a query parameter rather than a path segment, so every path, shape, link and client works unchanged in both views and a single server's API stays exactly as it was.`]
          : []),
      ].join('\n\n'),
      license: { name: 'MIT', identifier: 'MIT' },
    },
    servers: [{ url: options.baseUrl }],
    // A public, read-only API: no operation needs credentials (declared, so generated clients send none).
    security: [],
    tags: Object.entries(TAG_DESCRIPTIONS).map(([name, description]) => ({ name, description })),
    paths,
    components: {
      schemas: { ...componentSchemas, ...liveSchemas, ...activitySchemas, ...problemSchemas },
      headers: headerComponents(options),
      responses: problemResponses(options),
    },
  };
}

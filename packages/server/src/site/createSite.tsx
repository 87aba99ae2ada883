import { didYouMean, type ActivityRecord, type Snapshot } from '@blockstats/core';
import { ApiError } from '../http/ApiError.js';
import { cachePolicies } from '../http/cachePolicy.js';
import { strongEtag } from '../http/etag.js';
import { problemBody } from '../http/problemResponse.js';
import { answer } from '../router/answer.js';
import type { Rendered } from '../router/Rendered.js';
import { renderHtml } from '../router/render.js';
import type { ResponseMemo } from '../router/responseMemo.js';
import type { JsonResult } from '../router/RouteDefinition.js';
import type { RouterOptions } from '../router/RouterOptions.js';
import { toApiError } from '../router/toApiError.js';
import { siteFormat } from './format.js';
import type { MessageKey } from './messages.js';
import { acceptsHtml, prefersJson } from './negotiate.js';
import type { PageContext } from './PageContext.js';
import { ErrorBody, type Suggestion } from './pages/ErrorPage.js';
import { renderDocument } from './renderDocument.js';
import { rootFile, serveRootFile, type RootFile } from './rootFiles.js';
import { findRedirect } from './findRedirect.js';
import { ASSET_VERSION, IMMUTABLE, siteAssets } from './siteAssets.js';
import { headPng } from './heads/headPng.js';
import { siteApi } from './siteApi.js';
import { siteHeaders } from './siteHeaders.js';
import { siteLinks } from './siteLinks.js';
import type { ResolvedSiteOptions } from './SiteOptions.js';
import { matchPage, type PageMatch } from './sitePages.js';
import { recordMemoKey } from './memoKey.js';
import { advancementPath, sitePaths } from './sitePaths.js';
import type { SiteNetwork, SiteServer } from './SiteNetwork.js';
import { translator, type Translate } from './translator.js';
import { viewTargets, type ViewSnapshot } from './viewTargets.js';
import { requestLanguage, type LanguageChoice } from '../i18n/requestLanguage.js';

/** What the site needs of one request (the router's exchange provides it). */
export interface SiteExchange {
  request: Request;
  /** The public URL of the request (base URL + path + query). */
  url: URL;
  /** Public base URL without a trailing slash. */
  baseUrl: string;
  /** On a network, the server whose view is asked for (`?server=`), else null. */
  server: SiteServer | null;
  /** Whether `baseUrl` is configured or from a trusted proxy, not just the request's `Host`. */
  originTrusted: boolean;
  snapshot(): Promise<Snapshot | null>;
  record(): Promise<ActivityRecord | null>;
}

/** What the router gives the site. */
export interface SiteDependencies {
  site: ResolvedSiteOptions;
  options: RouterOptions;
  memo: ResponseMemo | null;
  /** The 503 of missing data, with Retry-After when the next pull is known. */
  unavailable(detail: string): ApiError;
  /** The same request in one view of the network (a server of `options.servers`, or null for the network). */
  inView(exchange: SiteExchange, server: string | null): SiteExchange;
  /** Calls an API route in-process for this request, its names and values in `language`. */
  invoke(exchange: SiteExchange, operationId: string, params: Readonly<Record<string, string>>, query: URLSearchParams, language: string): Promise<JsonResult>;
}

/** A request the site answers: a page, one of its files, or a browser's unknown path (404). */
export type SiteClaim =
  | { kind: 'page'; match: PageMatch; path: string }
  | { kind: 'asset'; file: string; version: string }
  | { kind: 'head'; hash: string }
  | { kind: 'root'; file: RootFile }
  | { kind: 'find' }
  | { kind: 'missing'; path: string };

/** The website part of the router. */
export interface Site {
  /**
   * Whether the site answers this path (outside `/v1`): a page unless the client asks for JSON,
   * a file under `/assets/`, or an unknown path from a browser. Null leaves the request to the
   * API (the `unversioned-path` problem).
   */
  claim(request: Request, pathname: string): SiteClaim | null;
  /** The answer to a claimed request (errors are thrown, then given to {@link Site.error}). */
  serve(claim: SiteClaim, exchange: SiteExchange): Promise<Response>;
  /** An error of a claimed request as an HTML page with the error's status and headers. */
  error(error: unknown, claim: SiteClaim, exchange: SiteExchange): Promise<Response>;
}

const ASSET_PATH = /^\/assets\/([\w-]{1,32})\/([\w.-]{1,32})$/;
/** A player's head drawn from their skin, by the skin's texture hash: immutable like the files. */
const HEAD_PATH = /^\/assets\/heads\/([0-9a-f]{16,128})\.png$/;

/** Etags of the embedded files, computed on first use. */
const assetEtags = new Map<string, Promise<string>>();

/** The part of the memo key that changes without a new snapshot (record, live status). */
async function memoSuffix(match: PageMatch, exchange: SiteExchange, options: RouterOptions): Promise<string> {
  const parts: string[] = [];
  if (match.page.uses?.record) parts.push(recordMemoKey(await exchange.record()));
  if (match.page.uses?.live) {
    // One server's view shows its own status (the router gives its handlers that server's).
    const own = exchange.server ? options.servers?.find((s) => s.id === exchange.server!.id) : undefined;
    const source = own ? own.status : options.status;
    // The network's view also lists every backend's status: each one's moves the key too.
    const backends = exchange.server ? [] : options.servers ?? [];
    const statuses = await Promise.all([source, ...backends.map((b) => b.status)].map((live) => (live ? live.status() : null)));
    parts.push(statuses.map((status) => (status ? `s${status.checked_at}` : 's-')).join(','));
  }
  return parts.join('|');
}

function decodeParams(raw: Record<string, string>): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [name, value] of Object.entries(raw)) {
    try {
      params[name] = decodeURIComponent(value);
    } catch {
      throw new ApiError('invalid-request', `${name} is not valid percent-encoded UTF-8`, { parameter: name });
    }
  }
  return params;
}

/** What an error page says under its heading. */
function errorDetail(claim: SiteClaim, error: ApiError | null, detail: string, t: Translate): string | null {
  if (!error) return null; // an internal error discloses nothing
  if (error.code !== 'not-found') return detail;
  if (claim.kind !== 'page') return t('notFound.page');
  const notFound = claim.match.page.notFound;
  const raw = notFound ? claim.match.params[notFound.param] : undefined;
  // The API's not-found details name endpoints ("GET /v1/events lists them"): not for players.
  if (!notFound || raw === undefined || error.parameter === undefined) return /\bGET \/|\/v1\b/.test(detail) ? t('notFound.page') : detail;
  let input = raw;
  try {
    input = decodeURIComponent(raw);
  } catch {
    // Shown as sent.
  }
  return t(`notFound.${notFound.kind}`, { input: input.length > 64 ? `${input.slice(0, 64)}…` : input });
}

/**
 * The website over a router: claims its paths, renders pages from the API's own route
 * handlers, and answers them with the API's HTTP rules (strong ETag, 304, Cache-Control,
 * the rendered-answer memo).
 */
export function createSite(deps: SiteDependencies): Site {
  const { site, options, memo } = deps;
  const servers: SiteServer[] = (options.servers ?? []).map((s) => ({ id: s.id, name: s.name }));

  /** Every view of the network with its snapshot (the network first), for the switcher. */
  async function viewSnapshots(): Promise<ViewSnapshot[]> {
    const all = [{ server: null, read: options.snapshot }, ...servers.map((server, i) => ({ server, read: options.servers![i]!.snapshot }))];
    return Promise.all(all.map(async ({ server, read }) => ({ server, snapshot: await Promise.resolve(read()).catch(() => null) })));
  }

  /** The network part of a page's context: null on a single server. */
  async function network(exchange: SiteExchange, match: PageMatch | null, path: string, language: string): Promise<SiteNetwork | null> {
    if (servers.length === 0) return null;
    const snapshots = await viewSnapshots();
    return {
      servers,
      current: exchange.server ? servers.find((s) => s.id === exchange.server!.id) ?? null : null,
      views: match ? viewTargets(match, path, exchange.url.searchParams, snapshots) : snapshots.map(({ server }) => ({ server, path: '/', query: {} })),
      api: (server) => siteApi((operationId, p, query) => deps.invoke(deps.inView(exchange, server), operationId, p, query, language)),
      snapshot: (server) => snapshots.find((view) => (view.server?.id ?? null) === server)?.snapshot ?? null,
    };
  }

  const offered = [...site.languages.keys()];

  /** The page's language: `lang`, else Accept-Language, else the site's default. */
  function languageOf(exchange: SiteExchange): LanguageChoice {
    return requestLanguage(exchange.url.searchParams, exchange.request.headers.get('accept-language'), offered, site.language);
  }

  function context(exchange: SiteExchange, snapshot: Snapshot, path: string, params: Record<string, string>, language: LanguageChoice, networkContext: SiteNetwork | null): PageContext {
    const speaks = site.languages.get(language.tag)!;
    const format = siteFormat(speaks.locale, snapshot.config.time_zone);
    return {
      api: siteApi((operationId, p, query) => deps.invoke(exchange, operationId, p, query, language.tag)),
      snapshot,
      site,
      params,
      query: exchange.url.searchParams,
      path,
      links: siteLinks({ baseUrl: exchange.baseUrl, current: path, staticExport: site.staticExport, server: exchange.server?.id ?? null, lang: language.explicit ? language.tag : undefined, defaultLang: site.language, originTrusted: exchange.originTrusted }),
      t: translator(speaks.messages, speaks.locale, format.any),
      language,
      messages: speaks.messages,
      format,
      assetVersion: ASSET_VERSION,
      png: options.renderPng !== undefined,
      network: networkContext,
    };
  }

  async function servePage(claim: Extract<SiteClaim, { kind: 'page' }>, exchange: SiteExchange): Promise<Response> {
    const snapshot = await exchange.snapshot();
    if (!snapshot) throw deps.unavailable('Statistics have not been generated yet; the first regeneration is still running.');
    const { page } = claim.match;
    const language = languageOf(exchange);
    const extra = await memoSuffix(claim.match, exchange, options);
    // A page that reads only the snapshot is keyed like an API answer, so the fast lane finds it.
    // One server's pages are kept under their own generation beside the network's (as the API's).
    const href = exchange.server ? `${exchange.url.href} ${snapshot.generation}` : exchange.url.href;
    // A page in another language than the default that Accept-Language chose is keyed with it,
    // out of the fast lane's reach (which answers only the default language without `lang`).
    const negotiated = !language.explicit && language.tag !== site.language ? ` lang=${language.tag}` : '';
    const key = `${extra ? `${href}#${extra}` : href}${negotiated}`;
    if (memo) {
      if (!exchange.server) memo.use(snapshot.generation);
      const hit = memo.get(key);
      if (hit) return answer(exchange.request, hit);
    }
    const memoGeneration = memo?.generation ?? null;
    const pageContext = context(exchange, snapshot, claim.path, decodeParams(claim.match.params), language, await network(exchange, claim.match, claim.path, language.tag));
    const view = await page.load(pageContext);
    const html = renderDocument(pageContext, view, view.body);
    const status = view.status ?? 200;
    const headers = siteHeaders(site, snapshot);
    if (status !== 200) {
      // A form's error (compare with an unknown player) describes this request only.
      headers.set('cache-control', 'no-store');
      return new Response(html, { status, headers });
    }
    headers.set('cache-control', cachePolicies[page.uses?.live ? 'live' : 'data']);
    headers.set('last-modified', new Date(snapshot.data_updated_at).toUTCString());
    // The tag hashes the body: the same page after a new status check keeps its tag.
    const representation: Rendered = await renderHtml(html, headers, snapshot.generation, !extra);
    if (memo && memoGeneration !== null && memo.generation === memoGeneration) memo.set(key, representation);
    return answer(exchange.request, representation);
  }

  async function serveAsset(claim: Extract<SiteClaim, { kind: 'asset' }>, exchange: SiteExchange): Promise<Response> {
    const asset = siteAssets[claim.file]!;
    let etag = assetEtags.get(claim.file);
    if (!etag) {
      etag = strongEtag(ASSET_VERSION, asset.body);
      assetEtags.set(claim.file, etag);
    }
    const headers = new Headers({
      'content-type': asset.contentType,
      // An old version's URL (a page cached before an upgrade) gets today's file, briefly.
      'cache-control': claim.version === ASSET_VERSION ? IMMUTABLE : cachePolicies.data,
      'x-content-type-options': 'nosniff',
    });
    const tag = await etag;
    headers.set('etag', tag);
    return answer(exchange.request, { body: asset.body, headers, etag: tag, lastModifiedExact: false });
  }

  async function serveHead(claim: Extract<SiteClaim, { kind: 'head' }>, exchange: SiteExchange): Promise<Response> {
    const pixels = site.heads?.(claim.hash) ?? null;
    const png = pixels ? headPng(pixels) : null;
    if (!png) throw new ApiError('not-found', `No head is known for the skin ${claim.hash}.`);
    const etag = await strongEtag('head', png);
    const headers = new Headers({ 'content-type': 'image/png', 'cache-control': IMMUTABLE, 'x-content-type-options': 'nosniff', etag });
    return answer(exchange.request, { body: png, headers, etag, lastModifiedExact: false });
  }

  /** The did-you-mean links of a 404 on a page that names a player, stat or advancement. */
  function suggestions(claim: SiteClaim, snapshot: Snapshot | null, pageContext: PageContext): Suggestion[] {
    if (!snapshot || claim.kind !== 'page') return [];
    const notFound = claim.match.page.notFound;
    if (!notFound) return [];
    let input: string;
    try {
      input = decodeURIComponent(claim.match.params[notFound.param] ?? '');
    } catch {
      return [];
    }
    return didYouMean(snapshot, notFound.kind, input).map((found) => {
      if (notFound.kind === 'player') return { href: pageContext.links.page(sitePaths.player(found)), label: found };
      if (notFound.kind === 'stat') return { href: pageContext.links.page(sitePaths.stat(found)), label: snapshot.stats.find((s) => s.id === found)?.title ?? found };
      return { href: pageContext.links.page(`/advancements/${advancementPath(found)}`), label: snapshot.advancements.find((a) => a.id === found)?.title ?? found };
    });
  }

  return {
    claim(request, pathname) {
      const head = HEAD_PATH.exec(pathname);
      if (head) return { kind: 'head', hash: head[1]! };
      const root = rootFile(pathname);
      if (root) return { kind: 'root', file: root };
      if (pathname === '/find' && !site.staticExport) return { kind: 'find' };
      const asset = ASSET_PATH.exec(pathname);
      if (asset && Object.hasOwn(siteAssets, asset[2]!)) return { kind: 'asset', version: asset[1]!, file: asset[2]! };
      const accept = request.headers.get('accept');
      const match = matchPage(pathname);
      const path = pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname;
      if (match && !(match.page.serverOnly && site.staticExport) && !prefersJson(accept)) return { kind: 'page', match, path };
      if (acceptsHtml(accept)) return { kind: 'missing', path };
      return null;
    },

    async serve(claim, exchange) {
      if (claim.kind === 'asset') return serveAsset(claim, exchange);
      if (claim.kind === 'head') return serveHead(claim, exchange);
      if (claim.kind === 'find') {
        return findRedirect(exchange.url, await exchange.snapshot(), siteLinks({ baseUrl: exchange.baseUrl, current: '/', staticExport: false, originTrusted: exchange.originTrusted }));
      }
      if (claim.kind === 'root') {
        const links = siteLinks({ baseUrl: exchange.baseUrl, current: '/', staticExport: false, originTrusted: exchange.originTrusted });
        return serveRootFile(claim.file, exchange.request, await exchange.snapshot(), links);
      }
      if (claim.kind === 'page') return servePage(claim, exchange);
      throw new ApiError('not-found', `No page at ${claim.path.length > 100 ? `${claim.path.slice(0, 100)}…` : claim.path}.`);
    },

    async error(error, claim, exchange) {
      const apiError = toApiError(error);
      const body = problemBody(apiError ?? error, '', exchange.url.pathname);
      let snapshot: Snapshot | null = null;
      try {
        snapshot = await exchange.snapshot();
      } catch {
        // The error page still renders without data.
      }
      const path = claim.kind === 'page' || claim.kind === 'missing' ? claim.path : '/';
      // Before the first snapshot there is no server name: the layout and the error body read
      // nothing of the snapshot but these fields.
      const shown = snapshot ?? ({ server: { name: 'blockstats' }, data_updated_at: null, config: { time_zone: 'UTC' } } as unknown as Snapshot);
      let language: LanguageChoice;
      try {
        language = languageOf(exchange);
      } catch {
        // A bad `lang` is the error shown: in the browser's language.
        language = requestLanguage(new URLSearchParams(), exchange.request.headers.get('accept-language'), offered, site.language);
      }
      const pageContext = context(exchange, shown, path, {}, language, await network(exchange, claim.kind === 'page' ? claim.match : null, path, language.tag).catch(() => null));
      const { t } = pageContext;
      const heading = Object.hasOwn(pageContext.messages, `error.${body.status}`) ? t(`error.${body.status}` as MessageKey) : body.title;
      const html = renderDocument(pageContext, { title: heading, description: heading, nav: null }, (
        <ErrorBody status={body.status} heading={heading} detail={errorDetail(claim, apiError, body.detail, t)} suggestions={body.status === 404 ? suggestions(claim, snapshot, pageContext) : []} />
      ));
      const headers = siteHeaders(site, snapshot);
      for (const [name, value] of Object.entries(apiError?.headers ?? {})) headers.set(name, value);
      headers.set('cache-control', 'no-store');
      return new Response(html, { status: body.status, headers });
    },
  };
}

import type { Snapshot } from '@blockstats/core';
import { ApiError } from '../http/ApiError.js';
import { cachePolicies } from '../http/cachePolicy.js';
import { problemBody } from '../http/problemResponse.js';
import { answer } from '../router/answer.js';
import type { Rendered } from '../router/Rendered.js';
import { renderHtml } from '../router/render.js';
import { decodeParams } from '../router/routePaths.js';
import { toApiError } from '../router/toApiError.js';
import { siteFormat } from './format.js';
import type { MessageKey } from './messages.js';
import type { PageContext } from './PageContext.js';
import { ErrorBody } from './pages/ErrorPage.js';
import { renderDocument } from './renderDocument.js';
import { serveRootFile } from './rootFiles.js';
import { findRedirect } from './findRedirect.js';
import { ASSET_VERSION } from './siteAssets.js';
import { siteApi } from './siteApi.js';
import { siteHeaders } from './siteHeaders.js';
import { siteLinks } from './siteLinks.js';
import type { PageMatch } from './sitePages.js';
import type { SiteNetwork, SiteServer } from './SiteNetwork.js';
import { translator } from './translator.js';
import { viewTargets, type ViewSnapshot } from './viewTargets.js';
import { requestLanguage, type LanguageChoice } from '../i18n/requestLanguage.js';
import { claimPath } from './claimPath.js';
import { errorDetail } from './errorDetail.js';
import { memoSuffix } from './memoSuffix.js';
import { serveAsset } from './serveAsset.js';
import { serveHead } from './serveHead.js';
import type { Site } from './Site.js';
import type { SiteClaim } from './SiteClaim.js';
import type { SiteDependencies } from './SiteDependencies.js';
import type { SiteExchange } from './SiteExchange.js';
import { suggestions } from './suggestions.js';

export type { Site } from './Site.js';
export type { SiteClaim } from './SiteClaim.js';
export type { SiteDependencies } from './SiteDependencies.js';
export type { SiteExchange } from './SiteExchange.js';

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

  return {
    claim: (request, pathname) => claimPath(site, request, pathname),

    async serve(claim, exchange) {
      if (claim.kind === 'asset') return serveAsset(claim, exchange);
      if (claim.kind === 'head') return serveHead(site, claim, exchange);
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

import type { Snapshot } from '@blockstats/core';
import { parseQuery } from '../http/parseQuery.js';
import { apiLanguage } from '../i18n/apiLanguage.js';
import type { ResponseMemo } from './responseMemo.js';
import { memoizable } from './responseMemo.js';
import { answer } from './answer.js';
import type { Exchange } from './Exchange.js';
import { renderRoute } from './renderRoute.js';
import type { Rendered } from './Rendered.js';
import { speaksLanguage, type RouteDefinition } from './RouteDefinition.js';
import type { RouterCore } from './RouterCore.js';
import { handlerContext } from './handlerContext.js';
import { decodeParams } from './routePaths.js';

/** Answers one API route: from the response memo when it may, else rendered (a burst shares one rendering). */
export async function runRoute(core: RouterCore, route: RouteDefinition, request: Request & { params: Record<string, string> }, exchange: Exchange): Promise<Response> {
  if (exchange.rateLimitExceeded) throw exchange.rateLimitExceeded;
  const params = decodeParams(request.params);
  // exchange.url carries the request's own path and query (only the origin may differ).
  const query = parseQuery(route.query, exchange.url.searchParams);
  // health() needs the snapshot for its default lastSuccessAt: resolved once, before the handler.
  const snapshotNow = await exchange.snapshot();
  const context = handlerContext(core, request, exchange, params, query, snapshotNow);
  // JSON answers and cards speak English unless the request asks (lang, Accept-Language): issue 39.
  const language = speaksLanguage(route) ? apiLanguage(exchange, core.languages) : null;
  if (language) context.language = language.tag;
  const memo = core.memo;
  // A period answer moves with the stat history, not only with the snapshot (its own memo is the history's).
  if (!memo || !snapshotNow || !memoizable(route) || exchange.url.searchParams.has('period')) return answer(exchange.request, await renderRoute(core, route, context, exchange, snapshotNow, language?.tag));
  // An answer whose language Accept-Language chose is keyed with it (the fast lane then
  // leaves such a request to this path, see fastLane).
  const negotiated = language && !language.explicit && language.tag !== 'en' ? ` lang=${language.tag}` : '';
  return memoized(core, memo, snapshotNow, exchange, negotiated, () => renderRoute(core, route, context, exchange, snapshotNow, language?.tag));
}

/** The memo's answer for the exchange's URL, else `render`'s, remembered while its snapshot is current. */
async function memoized(core: RouterCore, memo: ResponseMemo, snapshotNow: Snapshot, exchange: Exchange, negotiated: string, render: () => Promise<Rendered>): Promise<Response> {
  // The memo follows the network's (the default) snapshot; one server's answers are kept
  // under their own generation beside it, so views asked in turn do not clear each other's.
  if (exchange.server === null) memo.use(snapshotNow.generation);
  const memoGeneration = memo.generation;
  if (memoGeneration === null) return answer(exchange.request, await render());
  const memoKey = `${exchange.server === null ? exchange.url.href : `${exchange.url.href} ${snapshotNow.generation}`}${negotiated}`;
  const hit = memo.get(memoKey);
  if (hit) return answer(exchange.request, hit);
  // Requests for the same URL that arrive while it renders share that rendering: a burst of
  // a thousand clients must not render a 200 KB document a thousand times before the first
  // one is remembered.
  const flight = `${snapshotNow.generation} ${memoKey}`;
  const pending = core.rendering.get(flight);
  if (pending) return answer(exchange.request, await pending);
  const representation = render();
  core.rendering.set(flight, representation);
  try {
    const rendered = await representation;
    // Only a snapshot still current is remembered (a pull may have swapped it meanwhile).
    if (memo.generation === memoGeneration) memo.set(memoKey, rendered);
    return answer(exchange.request, rendered);
  } finally {
    core.rendering.delete(flight);
  }
}

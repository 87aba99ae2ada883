import type { Snapshot } from '@blockstats/core';
import { translateResult } from '../i18n/apiLanguage.js';
import type { Exchange } from './Exchange.js';
import { renderDocument, renderJson, renderPng, renderSvg } from './render.js';
import type { Rendered } from './Rendered.js';
import type { RouteContext } from './RouteContext.js';
import type { RouteDefinition } from './RouteDefinition.js';
import type { RouterCore } from './RouterCore.js';
import { withServerLinks } from './withServerLinks.js';

/** Runs the route's handler and renders its result. */
export async function renderRoute(core: RouterCore, route: RouteDefinition, context: RouteContext<unknown>, exchange: Exchange, snapshotNow: Snapshot | null, language?: string): Promise<Rendered> {
  const answered = await route.handler(context as RouteContext<never>);
  const handled = language !== undefined && 'data' in answered ? translateResult(answered, language) : answered;
  // Links out of one server's view stay in it.
  const result = exchange.server && 'data' in handled ? { ...handled, data: withServerLinks(handled.data, exchange.baseUrl, exchange.server.id) } : handled;
  const representation = await ('svg' in result
    ? renderSvg(route, result, await exchange.snapshot())
    : 'png' in result
      ? renderPng(route, result, await exchange.snapshot())
      : 'document' in result
        ? renderDocument(route, result)
        : renderJson(route, result, exchange.url, snapshotNow));
  // A JSON answer or a card speaks the request's language: it varies by Accept-Language.
  if (language !== undefined && core.languages.length > 1) representation.headers.set('vary', 'Accept-Language');
  return representation;
}

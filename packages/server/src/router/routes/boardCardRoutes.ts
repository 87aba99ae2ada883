import { hallOfFame, leaderboard, periodLeaderboard } from '@blockstats/core';
import { boardCard, resolveColor, type BoardCardRow } from '@blockstats/svg';
import { ApiError } from '../../http/ApiError.js';
import { queryParams as q } from '../../http/queryParams.js';
import type { RouteContext } from '../RouteContext.js';
import { defineRoute, type RouteDefinition } from '../RouteDefinition.js';
import { quote } from '../toApiError.js';
import { recordAsOf } from '../recordAsOf.js';
import { events } from './communityRoutes.js';
import { historiesOf, periodParam } from './periodParams.js';
import { playerHead } from './playerHead.js';
import { pngKey } from '../pngKey.js';
import { cardLanguage } from '../../site/cardLanguage.js';

const colorParam = () =>
  q.color('Accent: a palette name (`blue`, `green`, `amber`, `red`, `purple`, `pink`, `grey`) or a hex value without `#`; default `green`. Anything else falls back to the default and is never echoed into the image; it is never an error.');

/** How many rows a board card draws. */
const ROWS = 5;

const PNG_NOTE = 'The same card as the SVG (same parameters and caching) as a PNG twice its size (1200 × 628, the 1.91:1 of link previews): the website uses it as the page\'s link preview. Errors are problems, not images. Rendering PNG is a capability of the server (`blockstats serve`); a router created without `renderPng` answers 404, naming the .svg card. Renders run on worker threads behind the bounded queue of the player card\'s PNG (503 with Retry-After when full).';

const statNotFound = (id: string) => new ApiError('not-found', `No stat ${quote(id)}; GET /v1/stats lists every stat id.`, { parameter: 'stat', badge: 'stat not found' });

/**
 * A statistic's board card: its first five rows, all time or (`period`) the gains over a period,
 * in the request's language (the statistic's name, the values, the card's words).
 */
async function statCard(context: RouteContext<unknown>, statId: string, period: string | undefined, color: string | undefined): Promise<{ svg: string }> {
  const snap = await context.snapshot();
  const speak = cardLanguage(context.language);
  let rows: BoardCardRow[];
  let title: string;
  let when = speak.board.allTime;
  if (period !== undefined) {
    const found = periodLeaderboard(snap, await historiesOf(context), statId, { period, limit: ROWS, offset: 0 });
    if (!found) throw statNotFound(statId);
    const board = speak.data(found);
    title = board.stat.title;
    when = speak.period(board.period.name, board.period.from, board.period.to);
    rows = board.items.map((e) => ({ rank: e.rank, name: e.player.name ?? e.player.uuid, value: e.display, head: playerHead(context.options, e.player) }));
  } else {
    const found = leaderboard(snap, statId, { limit: ROWS, offset: 0 });
    if (!found) throw statNotFound(statId);
    const board = speak.data(found);
    title = board.stat.title;
    rows = board.items.map((e) => ({ rank: e.rank, name: e.player.name ?? e.player.uuid, value: e.display, head: playerHead(context.options, e.player) }));
  }
  const accent = resolveColor(color, 'green');
  const empty = period === undefined ? speak.board.noStat : speak.board.noGain;
  const svg = boardCard({ title, subtitle: `${snap.server.short_name} \u00B7 ${when}`, rows, empty }, { color: accent });
  return { svg };
}

/** The hall of fame's board card: the five players with the highest crown scores. */
async function hallOfFameCard(context: RouteContext<unknown>, color: string | undefined): Promise<{ svg: string }> {
  const snap = await context.snapshot();
  const speak = cardLanguage(context.language);
  const page = hallOfFame(snap, { limit: ROWS, offset: 0 });
  const rows = page.items.map((e) => ({
    rank: e.rank,
    name: e.player.name ?? e.player.uuid,
    value: speak.count(e.crown_score),
    head: playerHead(context.options, e.player),
  }));
  const accent = resolveColor(color, 'green');
  const title = speak.board.hallOfFame;
  const svg = boardCard({ title, subtitle: `${snap.server.short_name} \u00B7 ${speak.board.crownScore}`, rows, empty: speak.board.noMedals }, { color: accent });
  return { svg };
}

/** A weekly event's board card: its title, its week and its first five standings. */
async function eventCard(context: RouteContext<unknown>, eventId: string, color: string | undefined): Promise<{ svg: string }> {
  const snap = await context.snapshot();
  const rec = await context.record();
  const found = events(snap, rec, recordAsOf(rec, context.now), context.options).find((e) => e.id === eventId);
  if (!found) throw new ApiError('not-found', `No event ${quote(eventId)}; GET /v1/events lists them.`, { parameter: 'event_id', badge: 'event not found' });
  const speak = cardLanguage(context.language);
  const event = speak.data(found);
  const rows = event.standings.slice(0, ROWS).map((e) => ({ rank: e.rank, name: e.player.name ?? e.player.uuid, value: e.display, head: playerHead(context.options, e.player) }));
  const when = `${event.starts_at.slice(0, 10)} \u2013 ${event.ends_at.slice(0, 10)}${event.active ? ` (${speak.board.running})` : ''}`;
  const accent = resolveColor(color, 'green');
  const svg = boardCard({ title: event.title, subtitle: `${snap.server.short_name} \u00B7 ${when}`, rows, empty: speak.board.noEntrant }, { color: accent });
  return { svg };
}

/** The PNG of a board card, or 404 where the router renders no PNG. */
async function png(context: RouteContext<unknown>, card: { svg: string }, svgPath: string): Promise<{ png: Uint8Array }> {
  if (!context.options.renderPng) throw new ApiError('not-found', `This server does not render PNG cards; use ${svgPath}.`);
  // Kept by the SVG's digest: a board that reads the same after a pull is not rendered again.
  return { png: await context.options.renderPng(card.svg, { key: await pngKey(card.svg), client: context.client }) };
}

const statParam = { stat: { description: 'A stat id from the catalogue (GET /v1/stats).', example: 'jump' } };
const statQuery = { period: periodParam('The board'), color: colorParam() };

const eventParam = { event_id: { description: 'Event id, `<stat id>_week<n>`.', example: 'jump_week3' } };

/** Link previews of boards: a statistic's leaderboard, the hall of fame and a weekly event, as SVG and PNG (1.91:1). */
export const boardCardRoutes: RouteDefinition[] = [
  defineRoute({
    path: '/v1/card/stat/{stat}.svg',
    operationId: 'getStatCard',
    tag: 'Embeds',
    summary: "A leaderboard's card",
    description: "A statistic's title and its first five players (rank, head, name, value), all time or over `period`; 600 × 314. 404 (as an SVG error badge) for an unknown stat.",
    pathParams: statParam,
    query: statQuery,
    cache: 'embed',
    speaks: true,
    kind: 'svg',
    errors: ['invalid-request', 'not-found', 'unavailable'],
    handler: async (context) => ({ svg: (await statCard(context, context.params.stat!, context.query.period, context.query.color)).svg }),
  }),
  defineRoute({
    path: '/v1/card/stat/{stat}.png',
    operationId: 'getStatCardPng',
    tag: 'Embeds',
    summary: "A leaderboard's card as PNG",
    description: PNG_NOTE,
    pathParams: statParam,
    query: statQuery,
    cache: 'embed',
    speaks: true,
    kind: 'png',
    errors: ['invalid-request', 'not-found', 'unavailable'],
    handler: async (context) => png(context, await statCard(context, context.params.stat!, context.query.period, context.query.color), '/v1/card/stat/{stat}.svg'),
  }),
  defineRoute({
    path: '/v1/card/hall-of-fame.svg',
    operationId: 'getHallOfFameCard',
    tag: 'Embeds',
    summary: "The hall of fame's card",
    description: 'The five players with the highest crown scores (rank, head, name, score); 600 × 314.',
    query: { color: colorParam() },
    cache: 'embed',
    speaks: true,
    kind: 'svg',
    errors: ['invalid-request', 'unavailable'],
    handler: async (context) => ({ svg: (await hallOfFameCard(context, context.query.color)).svg }),
  }),
  defineRoute({
    path: '/v1/card/hall-of-fame.png',
    operationId: 'getHallOfFameCardPng',
    tag: 'Embeds',
    summary: "The hall of fame's card as PNG",
    description: PNG_NOTE,
    query: { color: colorParam() },
    cache: 'embed',
    speaks: true,
    kind: 'png',
    errors: ['invalid-request', 'not-found', 'unavailable'],
    handler: async (context) => png(context, await hallOfFameCard(context, context.query.color), '/v1/card/hall-of-fame.svg'),
  }),
  defineRoute({
    path: '/v1/card/event/{event_id}.svg',
    operationId: 'getEventCard',
    tag: 'Embeds',
    summary: "A weekly event's card",
    description: "The event's title and week and its first five standings (rank, head, name, gain); 600 × 314. 404 (as an SVG error badge) for an unknown event.",
    pathParams: eventParam,
    query: { color: colorParam() },
    cache: 'embed',
    record: true,
    speaks: true,
    kind: 'svg',
    errors: ['invalid-request', 'not-found', 'unavailable'],
    handler: async (context) => ({ svg: (await eventCard(context, context.params.event_id!, context.query.color)).svg }),
  }),
  defineRoute({
    path: '/v1/card/event/{event_id}.png',
    operationId: 'getEventCardPng',
    tag: 'Embeds',
    summary: "A weekly event's card as PNG",
    description: PNG_NOTE,
    pathParams: eventParam,
    query: { color: colorParam() },
    cache: 'embed',
    record: true,
    speaks: true,
    kind: 'png',
    errors: ['invalid-request', 'not-found', 'unavailable'],
    handler: async (context) => png(context, await eventCard(context, context.params.event_id!, context.query.color), '/v1/card/event/{event_id}.svg'),
  }),
];

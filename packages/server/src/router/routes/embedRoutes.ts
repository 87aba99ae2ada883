import { getPlayerProfile, playerStats, value, type Snapshot } from '@blockstats/core';
import type { RouterOptions } from '../RouterOptions.js';
import { badge, playerCard, resolveColor, type PaletteName } from '@blockstats/svg';
import { ApiError } from '../../http/ApiError.js';
import { queryParams as q } from '../../http/queryParams.js';
import { defineRoute, type RouteDefinition } from '../RouteDefinition.js';
import { playerNotFound } from '../toApiError.js';
import { playerHead } from './playerHead.js';
import { cardLanguage } from '../../site/cardLanguage.js';
import { playerPathParam } from './routeHelpers.js';
import { pngKey } from '../pngKey.js';

const colorParam = () =>
  q.color('Accent: a palette name (`blue`, `green`, `amber`, `red`, `purple`, `pink`, `grey`) or a hex value without `#`. Anything else (including a repeated `color`) falls back to the default and is never echoed into the image; it is never an error.');

/** The special badge subjects besides stat ids (SPEC: `advancements` default, `medals`, `rank`). */
const PLAYER_BADGE_SUBJECTS = ['advancements', 'medals', 'rank'] as const;

/** SPEC "Embeds": SVG badges and the player card; errors are SVG error badges with the real status. */
export const embedRoutes: RouteDefinition[] = [
  defineRoute({
    path: '/v1/badge/server.svg',
    operationId: 'getServerBadge',
    tag: 'Embeds',
    summary: 'Live player count badge',
    description: 'Reads `<online>/<max> online`, or `offline` when the ping fails. Green when online, red when offline, unless `color` is given.',
    query: {
      label: q.text("Left text; default the server's short name."),
      color: colorParam(),
    },
    cache: 'live',
    kind: 'svg',
    errors: ['invalid-request'],
    handler: async ({ options, query, snapshot }) => {
      const status = options.status ? await options.status.status() : null;
      const online = status?.online === true;
      let name = 'server';
      try {
        name = (await snapshot()).server.short_name;
      } catch {
        // No snapshot yet: the live count does not need one.
      }
      const message = online
        ? `${status!.players_online ?? '?'}/${status!.players_max ?? '?'} online`
        : 'offline';
      return { svg: badge({ label: query.label ?? name, message, color: resolveColor(query.color, online ? 'green' : 'red') }) };
    },
  }),
  defineRoute({
    path: '/v1/badge/player/{player}.svg',
    operationId: 'getPlayerBadge',
    tag: 'Embeds',
    summary: 'One stat of a player as a badge',
    description: '`stat`: any stat id (the value and leaderboard rank), or `advancements` (default; earned of available), `medals` (gold, silver, bronze counts) or `rank` (hall-of-fame rank). 400 for an unknown stat, 404 for an unknown player, both as SVG error badges.',
    pathParams: { player: playerPathParam },
    query: {
      stat: q.text('`advancements` (default), `medals`, `rank`, or any stat id.'),
      label: q.text("Left text; default the player's name."),
      color: colorParam(),
    },
    cache: 'embed',
    kind: 'svg',
    errors: ['invalid-request', 'not-found', 'unavailable'],
    handler: async ({ snapshot, params, query }) => {
      const snap = await snapshot();
      const profile = getPlayerProfile(snap, params.player!);
      if (!profile) throw playerNotFound(params.player!);
      const subject = query.stat ?? 'advancements';
      let message: string;
      if (subject === 'advancements') {
        message = `${profile.advancements_earned}/${profile.advancements_available} advancements`;
      } else if (subject === 'medals') {
        const { gold, silver, bronze } = profile.medals;
        message = `${gold} gold \u00B7 ${silver} silver \u00B7 ${bronze} bronze`;
      } else if (subject === 'rank') {
        message = profile.hall_of_fame_rank === null ? 'no medals' : `#${profile.hall_of_fame_rank} hall of fame`;
      } else {
        const stat = snap.stats.find((s) => s.id === subject);
        if (!stat) {
          throw new ApiError('invalid-request', `stat must be ${PLAYER_BADGE_SUBJECTS.join(', ')} or a stat id from GET /v1/stats`, { parameter: 'stat', badge: 'unknown stat' });
        }
        const entry = playerStats(snap, profile.uuid, { ids: [stat.id] })?.stats.find((e) => e.id === stat.id);
        const shown = entry ?? { ...value(0, stat.unit), rank: null };
        message = `${stat.title}: ${shown.display}${shown.rank === null ? '' : ` (#${shown.rank})`}`;
      }
      const label = query.label ?? profile.name ?? profile.uuid;
      return { svg: badge({ label, message, color: resolveColor(query.color, 'blue') }) };
    },
  }),
  defineRoute({
    path: '/v1/card/player/{player}.svg',
    operationId: 'getPlayerCard',
    tag: 'Embeds',
    summary: "A player's card",
    description: 'Play time, advancements, hall-of-fame rank, medals and a member-since line; pure vector, no avatar. 404 (as an SVG error badge) for an unknown player.',
    pathParams: { player: playerPathParam },
    query: { color: colorParam() },
    cache: 'embed',
    speaks: true,
    kind: 'svg',
    errors: ['invalid-request', 'not-found', 'unavailable'],
    handler: async ({ snapshot, params, query, options, language }) => ({ svg: playerCardFor(await snapshot(), params.player!, query.color, options, language).svg }),
  }),
  defineRoute({
    path: '/v1/card/player/{player}.png',
    operationId: 'getPlayerCardPng',
    tag: 'Embeds',
    summary: "A player's card as PNG",
    description: 'The same card as the SVG (same parameters and caching), as a PNG twice its size (1000 × 368) for chat platforms that do not show SVG: the website uses it as the link preview of a profile. Errors are problems (`application/problem+json`), not images: an SVG error badge is no PNG to a chat platform, and drawing an error image would cost a render just when the server may be refusing renders. Rendering PNG needs a native module, so it is a capability of the server: the reference server (`blockstats serve`) has it; a router created without `renderPng` (Workers, Deno, Bun) answers 404 here, naming the .svg card instead. `blockstats serve` renders on worker threads behind a bounded queue: when that queue is full, or this client already has its share of it waiting, or a render runs past its time budget, the answer is 503 `unavailable` with Retry-After (configuration key `png`). Rendered cards are kept by their content, so only a card that reads differently from every card rendered before (a new snapshot that changed it, another colour or language) costs a render.',
    pathParams: { player: playerPathParam },
    query: { color: colorParam() },
    cache: 'embed',
    speaks: true,
    kind: 'png',
    errors: ['invalid-request', 'not-found', 'unavailable'],
    handler: async ({ snapshot, params, query, options, client, language }) => {
      const snap = await snapshot();
      const card = playerCardFor(snap, params.player!, query.color, options, language);
      if (!options.renderPng) {
        throw new ApiError('not-found', 'This server does not render PNG cards; use /v1/card/player/{player}.svg.');
      }
      // The key names the pixels (the SVG's digest): any spelling of the player, any colour that
      // resolves alike, and the same card after a pull that changed nothing on it, are one render.
      return { png: await options.renderPng(card.svg, { key: await pngKey(card.svg), client }) };
    },
  }),
];

/** The player card's SVG in a language, shared by the SVG and PNG routes; 404 for an unknown player. */
function playerCardFor(snap: Snapshot, identifier: string, colorParam: string | undefined, options: RouterOptions, language: string): { svg: string } {
  const found = getPlayerProfile(snap, identifier);
  if (!found) throw playerNotFound(identifier);
  const speak = cardLanguage(language);
  const profile = speak.data(found);
  const fallback: PaletteName = profile.edition === 'bedrock' ? 'pink' : 'blue';
  const color = resolveColor(colorParam, fallback);
  const svg = playerCard(
    {
      name: profile.name ?? profile.uuid,
      edition: profile.edition,
      serverName: snap.server.short_name,
      playTime: profile.play_time.display,
      advancementsEarned: profile.advancements_earned,
      advancementsTotal: profile.advancements_available,
      hallOfFameRank: profile.hall_of_fame_rank,
      medals: profile.medals,
      memberSince: profile.first_seen,
      memberSinceEstimated: profile.first_seen_estimated,
      // The head the site shows: the player's own skin when downloaded, else the default skin.
      head: playerHead(options, profile),
    },
    { color, labels: speak.playerLabels(), ...(speak.locale ? { locale: speak.locale } : {}) },
  );
  return { svg };
}

import { resolvePlayerIndex, value, type Player, type PlayerProfile, type Snapshot, type Value } from '@blockstats/core';
import { translateResult } from '../../i18n/apiLanguage.js';
import { ServerField } from '../components/ServerField.js';
import { LanguageField } from '../components/LanguageField.js';
import { PageHead } from '../components/PageHead.js';
import { Pager } from '../components/Pager.js';
import { PlayerLabel } from '../components/PlayerLabel.js';
import { Scroll } from '../components/Scroll.js';
import { Time } from '../components/Time.js';
import { usePage } from '../PageContext.js';
import type { PageDefinition } from '../PageDefinition.js';
import type { SiteApi } from '../siteApi.js';
import type { LinkQuery } from '../siteLinks.js';
import { sitePaths } from '../sitePaths.js';
import { pageNumber, requireInRange } from './pageNumber.js';

/** Players per page of the list. */
export const PLAYERS_PAGE_SIZE = 100;

/** The list's filters, as the form sends them (and the API takes them). */
interface PlayerFilters {
  q: string | undefined;
  edition: 'java' | 'bedrock' | undefined;
  sort: 'last_online' | 'name' | undefined;
}

function Filters({ filters }: { filters: PlayerFilters }) {
  const { t, links } = usePage();
  return (
    <form class="tools" method="get" action={links.page(sitePaths.players())} role="search" data-live="player-results">
      <label>{t('players.search')}<input type="search" name="q" value={filters.q ?? ''} autocomplete="off" spellcheck={false} /></label>
      <label>{t('players.edition')}
        <select name="edition">
          <option value="" selected={!filters.edition}>{t('players.editionAll')}</option>
          <option value="java" selected={filters.edition === 'java'}>{t('edition.java')}</option>
          <option value="bedrock" selected={filters.edition === 'bedrock'}>{t('edition.bedrock')}</option>
        </select>
      </label>
      <label>{t('players.sort')}
        <select name="sort">
          <option value="" selected={!filters.sort}>{t('players.sortRecent')}</option>
          <option value="name" selected={filters.sort === 'name'}>{t('players.sortName')}</option>
        </select>
      </label>
      <ServerField />
      <LanguageField />
      <button class="btn" type="submit">{t('filter.submit')}</button>
    </form>
  );
}

/** A row of the list: the player, the play time as its profile shows it and the advancements earned. */
interface PlayerRow {
  player: Player;
  playTime: string;
  advancements: number;
}

/**
 * The listed players' rows, read from the snapshot's players as `getPlayer` reads them (its
 * `play_time`, in the page's language as the API answers it, and `advancements_earned`), not
 * from 100 whole profiles (each ranks the player on every board). A player the snapshot does not
 * hold (never: the list is the snapshot's) asks the profile, and its 404.
 */
async function playerRows(api: SiteApi, snapshot: Snapshot, language: string, players: readonly Player[]): Promise<PlayerRow[]> {
  const indexes = players.map((player) => resolvePlayerIndex(snapshot, player.uuid));
  const missing = indexes.indexOf(-1);
  if (missing !== -1) await api.get<PlayerProfile>('getPlayer', { player: players[missing]!.uuid });
  const playTimes = translateResult({ data: indexes.map((index) => value(snapshot.players[index]!.play_time, 'ticks')) }, language).data as Value[];
  return players.map((player, i) => ({ player, playTime: playTimes[i]!.display, advancements: snapshot.players[indexes[i]!]!.advancements_earned }));
}

function PlayerTable({ rows }: { rows: readonly PlayerRow[] }) {
  const { t, format } = usePage();
  return (
    <Scroll label={t('players.table')}>
      <table class="data">
        <thead>
          <tr>
            <th scope="col" class="w">{t('board.player')}</th>
            <th scope="col" class="num">{t('profile.playTime')}</th>
            <th scope="col" class="num opt">{t('profile.advancements')}</th>
            <th scope="col" class="num opt">{t('players.lastOnline')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map(({ player, playTime, advancements }) => (
            <tr>
              <td class="player-cell"><PlayerLabel player={player} tag />{!player.ranked && <span class="sub">{t('players.unranked')}</span>}</td>
              <td class="num">{playTime}</td>
              <td class="num opt">{format.number(advancements)}</td>
              <td class="num opt">{player.last_online ? <Time iso={player.last_online} relative /> : '–'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Scroll>
  );
}

/** `/players` and `/players/page/{n}`: every player, searchable, by edition, by last seen or name. */
export const playersPage: PageDefinition = {
  pattern: '/players',
  async load({ api, params, query, t, links, site, snapshot, language }) {
    const page = pageNumber(params.page);
    // The static export has no server to filter: only the default list is exported.
    const filters: PlayerFilters = site.staticExport
      ? { q: undefined, edition: undefined, sort: undefined }
      : {
          q: query.get('q')?.trim() || undefined,
          edition: (query.get('edition') || undefined) as PlayerFilters['edition'],
          sort: (query.get('sort') || undefined) as PlayerFilters['sort'],
        };
    const list = await api.get<Player[]>('listPlayers', {}, {
      search: filters.q, edition: filters.edition, sort: filters.sort, limit: PLAYERS_PAGE_SIZE, offset: (page - 1) * PLAYERS_PAGE_SIZE,
    });
    const total = list.total ?? 0;
    requireInRange(page, total, PLAYERS_PAGE_SIZE);
    const rows = await playerRows(api, snapshot, language.tag, list.data);
    const keep: LinkQuery = { q: filters.q, edition: filters.edition, sort: filters.sort };
    const title = page > 1 ? t('players.titlePage', { page }) : t('players.title');
    // The lead counts the server's players; a filter's count is said beside the results.
    const everyone = snapshot.players.length;
    const filtered = filters.q !== undefined || filters.edition !== undefined;
    return {
      title,
      description: t('players.description', { count: everyone }),
      nav: 'players',
      json: '/v1/players',
      body: (
        <>
          <PageHead title={title} lead={t('players.lead', { count: everyone })} json="/v1/players" />
          {!site.staticExport && <Filters filters={filters} />}
          <section id="player-results" class="panel" aria-label={t('players.table')}>
            {filtered && rows.length > 0 && <p class="muted small">{t('players.matching', { count: total })}</p>}
            {rows.length === 0 ? <p class="empty">{t('players.noMatch')}</p> : <PlayerTable rows={rows} />}
            <Pager page={page} size={PLAYERS_PAGE_SIZE} total={total} href={(n) => links.page(sitePaths.players(n), keep)} />
          </section>
        </>
      ),
    };
  },
};

/** The later pages of the player list. */
export const playersPagedPage: PageDefinition = { ...playersPage, pattern: '/players/page/:page' };

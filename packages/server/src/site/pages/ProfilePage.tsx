import type { Milestones, PlayerAdvancementEntry, PlayerProfile, PlayerStatEntry, PlayerStats, Snapshot } from '@blockstats/core';
import { StatIcon } from '../components/StatIcon.js';
import type { PlayerActivityData } from '../apiShapes.js';
import { advancementCell } from '../components/AdvancementCell.js';
import { statCell } from '../components/StatCell.js';
import { EditionTag } from '../components/EditionTag.js';
import { HistoryCharts } from '../components/HistoryCharts.js';
import { Medals } from '../components/Medals.js';
import { PlayerHead } from '../components/PlayerHead.js';
import { playerName } from '../components/PlayerLabel.js';
import { Rank } from '../components/Rank.js';
import { ServerBreakdown } from '../components/ServerBreakdown.js';
import { serverBreakdown } from '../serverBreakdown.js';
import { playerHistory } from '../playerHistory.js';
import { TableFilter } from '../components/TableFilter.js';
import { Time } from '../components/Time.js';
import { categoryLabel } from '../categoryLabel.js';
import { usePage } from '../PageContext.js';
import type { PageDefinition } from '../PageDefinition.js';
import { sitePaths } from '../sitePaths.js';
import { cardImage } from '../cardImage.js';

/** Every vanilla advancement and then some: the player's list is asked for in one page. */
const ALL_ADVANCEMENTS = 500;

function Hero({ profile }: { profile: PlayerProfile }) {
  const { t, format } = usePage();
  return (
    <>
    <section class="hero" aria-labelledby="player-name">
      <PlayerHead player={profile} large />
      <div>
        <h1 id="player-name"><bdi>{playerName(profile)}</bdi> <EditionTag edition={profile.edition} /></h1>
        <p>
          {profile.first_seen && (
            <>
              {t(profile.first_seen_estimated ? 'profile.memberSinceEstimated' : 'profile.memberSince')} <Time iso={profile.first_seen} />
              {profile.days_on_server !== null && ` · ${t('profile.days', { count: profile.days_on_server })}`}
            </>
          )}
          {profile.first_seen && profile.last_online && ' · '}
          {profile.last_online && <>{t('profile.lastOnline')} <Time iso={profile.last_online} relative /></>}
          {!profile.ranked && <> · <span class="tag tag--plain">{t('players.unranked')}</span></>}
        </p>
      </div>
    </section>
      <dl class="tiles">
        <div class="tile"><dt>{t('profile.playTime')}</dt><dd>{profile.play_time.display}</dd></div>
        <div class="tile">
          <dt>{t('profile.advancements')}</dt>
          <dd>
            {t('profile.ofTotal', { count: profile.advancements_earned, total: profile.advancements_available })}
            <progress max={Math.max(1, profile.advancements_available)} value={profile.advancements_earned} aria-label={t('profile.advancements')} />
          </dd>
        </div>
        <div class="tile">
          <dt>{t('profile.hallOfFame')}</dt>
          <dd>{profile.hall_of_fame_rank === null ? '–' : `#${format.number(profile.hall_of_fame_rank)}`}<span class="sub">{t('hof.points', { count: profile.crown_score })}</span></dd>
        </div>
        <div class="tile"><dt>{t('profile.medals')}</dt><dd><Medals medals={profile.medals} /></dd></div>
      </dl>
    </>
  );
}

function TopRanks({ profile }: { profile: PlayerProfile }) {
  const { t, links } = usePage();
  if (profile.top_ranks.length === 0) return null;
  return (
    <section class="section" aria-labelledby="top-ranks">
      <h2 id="top-ranks">{t('profile.topRanks')}</h2>
      <ul class="chips">
        {profile.top_ranks.map((rank) => (
          <li>
            <a href={links.page(sitePaths.stat(rank.id))}>
              <Rank rank={rank.rank} /> <StatIcon id={rank.id} /> {rank.title} <span class="muted">{rank.display}</span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Activity({ activity }: { activity: PlayerActivityData }) {
  const { t, format } = usePage();
  const periods = [
    ['profile.last7', activity.last_7_days],
    ['profile.last30', activity.last_30_days],
    ['profile.allTime', activity.all_time],
  ] as const;
  return (
    <section class="section" aria-labelledby="activity">
      <h2 id="activity">{t('profile.activity')} {activity.rank_this_week !== null && <small>{t('profile.rankThisWeek', { rank: activity.rank_this_week })}</small>}</h2>
      <dl class="tiles">
        {periods.map(([label, totals]) => (
          <div class="tile">
            <dt>{t(label)}</dt>
            <dd>
              {t('profile.hours', { count: totals.hours, hours: format.decimal(totals.hours) })}
              <span class="sub">{t('profile.sessions', { count: totals.sessions })} · {t('profile.deaths', { count: totals.deaths })}</span>
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function MilestoneList({ milestones }: { milestones: Milestones }) {
  const { t, links, format } = usePage();
  const reached = milestones.beats.filter((beat) => beat.reached).length;
  return (
    <section class="panel" aria-labelledby="milestones">
      <h2 id="milestones">{t('profile.milestones')} <span class="muted small">{t('profile.ofTotal', { count: reached, total: milestones.beats.length })}</span></h2>
      <ol class="timeline">
        {milestones.beats.map((beat) => (
          <li class={beat.reached ? 'on' : undefined}>
            <a href={links.page(sitePaths.advancement(beat.advancement.id))}>{beat.advancement.title}</a>
            <span class="end">
              {beat.reached
                ? <>{beat.completed_at && <Time iso={beat.completed_at} />}{beat.days_after_first_seen !== null && ` · ${t('profile.dayN', { day: beat.days_after_first_seen })}`}</>
                : t('profile.notYet')}
            </span>
          </li>
        ))}
      </ol>
      {milestones.rarest && (
        <p class="small section">
          {t('profile.rarest')} <a href={links.page(sitePaths.advancement(milestones.rarest.advancement.id))}>{milestones.rarest.advancement.title}</a>{' '}
          <span class="muted">({t('advancements.heldBy', { percent: format.percent(milestones.rarest.advancement.rarity_percent) })})</span>
        </p>
      )}
      {milestones.first_on_server.length > 0 && (
        <p class="small">
          {t('profile.firstOnServer', { count: milestones.first_on_server.length })}{' '}
          {milestones.first_on_server.map((earned, i) => (
            <>{i > 0 && ', '}<a href={links.page(sitePaths.advancement(earned.advancement.id))}>{earned.advancement.title}</a></>
          ))}
        </p>
      )}
    </section>
  );
}

/**
 * Each stat's category, by id: the snapshot's catalogue, as `listStats` answers it (its
 * `category` is the snapshot stat's, in every language), without making the 217 answers.
 */
function statCategories(snapshot: Snapshot): ReadonlyMap<string, string> {
  return new Map(snapshot.stats.map((stat) => [stat.id, stat.category]));
}

function StatsByCategory({ stats, categories }: { stats: PlayerStats; categories: ReadonlyMap<string, string> }) {
  const { t, links } = usePage();
  const groups = new Map<string, PlayerStatEntry[]>();
  for (const entry of stats.stats) {
    const category = categories.get(entry.id) ?? 'general';
    const group = groups.get(category);
    if (group) group.push(entry);
    else groups.set(category, [entry]);
  }
  return (
    <section class="section" aria-labelledby="player-stats">
      <h2 id="player-stats">{t('profile.statistics')} <small>{t('stats.count', { count: stats.stats.length })}</small></h2>
      <TableFilter table="player-stat-list" label={t('stats.search')} />
      <div class="groups" id="player-stat-list">
        {[...groups].map(([category, entries]) => (
          <section class="panel" data-group aria-labelledby={`stat-${category}`}>
            <h3 id={`stat-${category}`}>{categoryLabel(t, category)}</h3>
            <table class="data data--compact" data-sortable>
              <thead>
                <tr><th scope="col" data-type="text">{t('stats.stat')}</th><th scope="col" class="num" data-type="number">{t('profile.value')}</th><th scope="col" class="num" data-type="number" data-first="ascending">{t('board.rank')}</th></tr>
              </thead>
              <tbody>
                {entries.map((entry) => (
                  <tr>
                    <td dangerouslySetInnerHTML={{ __html: statCell({ id: entry.id, href: links.page(sitePaths.stat(entry.id)), title: entry.title, description: null }) }} />
                    {/* A sort key only where the text is not one (the sort reads plain digits, #12 too). */}
                    <td class="num" data-v={entry.display === String(entry.value) ? undefined : entry.value}>{entry.display}</td>
                    <td class="num">{entry.rank === null ? <span class="muted">–</span> : entry.rank <= 3 ? <Rank rank={entry.rank} /> : <span class="muted">#{entry.rank}</span>}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        ))}
      </div>
    </section>
  );
}

function Progress({ entry }: { entry: PlayerAdvancementEntry }) {
  const { t } = usePage();
  if (entry.done) return entry.completed_at ? <Time iso={entry.completed_at} /> : <>{t('profile.done')}</>;
  const progress = entry.progress;
  if (!progress || progress.required === null) return <span class="muted">{t('profile.inProgress')}</span>;
  return (
    <span class="progress">
      <span class="muted small">{t('profile.ofTotal', { count: progress.obtained, total: progress.required })}</span>
      <progress max={Math.max(1, progress.required)} value={progress.obtained} aria-label={entry.advancement.title} />
    </span>
  );
}

function AdvancementsByCategory({ entries }: { entries: readonly PlayerAdvancementEntry[] }) {
  const { t, links, format } = usePage();
  const done = entries.filter((entry) => entry.done).length;
  const groups = new Map<string, PlayerAdvancementEntry[]>();
  for (const entry of entries) {
    const group = groups.get(entry.advancement.category);
    if (group) group.push(entry);
    else groups.set(entry.advancement.category, [entry]);
  }
  return (
    <section class="section" aria-labelledby="player-advancements">
      <h2 id="player-advancements">{t('nav.advancements')} <small>{t('profile.advancementsSummary', { count: done, open: entries.length - done })}</small></h2>
      <TableFilter table="player-adv-list" label={t('advancements.search')} />
      <div class="groups" id="player-adv-list">
        {[...groups].map(([category, list]) => (
          <section class="panel" data-group aria-labelledby={`adv-${category}`}>
            <h3 id={`adv-${category}`}>{categoryLabel(t, category)} <span class="muted small">{t('profile.ofTotal', { count: list.filter((e) => e.done).length, total: list.length })}</span></h3>
            <table class="data data--compact">
              <thead class="sr-only">
                <tr><th scope="col">{t('advancements.advancement')}</th><th scope="col">{t('profile.completed')}</th><th scope="col">{t('advancements.rarity')}</th></tr>
              </thead>
              <tbody>
                {list.map((entry) => (
                  <tr class={entry.done ? undefined : 'open'}>
                    <td dangerouslySetInnerHTML={{ __html: advancementCell({ id: entry.advancement.id, href: links.page(sitePaths.advancement(entry.advancement.id)), title: entry.advancement.title, description: null }) }} />
                    <td class="num small"><Progress entry={entry} /></td>
                    {/* The share of players holding it: its header says so; no title repeating the figure on every row (the page budget). */}
                    <td class="num small muted">{format.percent(entry.advancement.rarity_percent)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        ))}
      </div>
    </section>
  );
}

function Embed({ profile }: { profile: PlayerProfile }) {
  const { t, links } = usePage();
  // Without a vouched-for base URL, the path on this site (the owner sets base_url for a full one).
  const card = links.absolute(`/v1/card/player/${profile.uuid}.svg`) ?? links.file(`/v1/card/player/${profile.uuid}.svg`);
  return (
    <details class="section">
      <summary>{t('profile.embed')}</summary>
      <p class="small muted">{t('profile.embedHelp')}</p>
      <p><code>{`![${profile.name ?? profile.uuid}](${card})`}</code></p>
    </details>
  );
}

/** `/players/{player}`: the card's headline, top ranks, activity, weekly history, milestones, every stat and advancement. */
export const profilePage: PageDefinition = {
  pattern: '/players/:player',
  uses: { record: true },
  notFound: { kind: 'player', param: 'player' },
  async load(context) {
    const { api, params, t, links, snapshot, network } = context;
    const player = { player: params.player! };
    const profile = (await api.get<PlayerProfile>('getPlayer', player)).data;
    const [stats, advancements, milestones, activity, breakdown, history] = await Promise.all([
      api.get<PlayerStats>('getPlayerStats', player),
      api.get<PlayerAdvancementEntry[]>('getPlayerAdvancements', player, { completed: false, limit: ALL_ADVANCEMENTS }),
      api.get<Milestones>('getPlayerMilestones', player),
      api.optional<PlayerActivityData>('getPlayerActivity', player),
      network ? serverBreakdown(network, profile.uuid) : null,
      playerHistory(api, profile),
    ]);
    const name = playerName(profile);
    return {
      title: name,
      description: t('profile.description', {
        name,
        playTime: profile.play_time.display,
        count: profile.advancements_earned,
        total: profile.advancements_available,
        server: snapshot.server.name,
      }),
      nav: 'players',
      // The UUID never changes (a name can): the twin is the one the API export writes.
      json: `/v1/players/${profile.uuid}`,
      type: 'profile',
      image: cardImage(context, `/v1/card/player/${profile.uuid}.png`),
      body: (
        <>
          <div class="page-head page-head--bar">
            <nav class="crumbs" aria-label={t('crumbs.label')}><a href={links.page(sitePaths.players())}>{t('players.title')}</a></nav>
            <a class="json" href={links.api(`/v1/players/${profile.uuid}`)} title={t('json.title')}>{t('json.label')}</a>
          </div>
          <Hero profile={profile} />
          {breakdown && <ServerBreakdown rows={breakdown} />}
          <TopRanks profile={profile} />
          {activity && <Activity activity={activity.data} />}
          <HistoryCharts history={history} />
          <div class="section"><MilestoneList milestones={milestones.data} /></div>
          <StatsByCategory stats={stats.data} categories={statCategories(snapshot)} />
          <AdvancementsByCategory entries={advancements.data} />
          <Embed profile={profile} />
        </>
      ),
    };
  },
};

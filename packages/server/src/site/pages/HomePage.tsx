import type { FeedEntry, HallOfFameEntry, PeriodCrown, ServerActivity, ServerInfo, TotalsEntry } from '@blockstats/core';
import { Icon } from '../components/Icon.js';
import { StatIcon } from '../components/StatIcon.js';
import { cleanText } from '@blockstats/svg';
import type { LiveStatus } from '../../live/types.js';
import type { ServerLiveStatus } from '../../router/serverStatuses.js';
import type { EventData } from '../apiShapes.js';
import { AdvancementIcon } from '../components/AdvancementIcon.js';
import { CrownsPanel } from '../components/CrownsPanel.js';
import { HourChart } from '../charts/HourChart.js';
import { Medals } from '../components/Medals.js';
import { PlayerLabel } from '../components/PlayerLabel.js';
import { Rank } from '../components/Rank.js';
import { Time } from '../components/Time.js';
import { usePage } from '../PageContext.js';
import type { PageDefinition } from '../PageDefinition.js';
import { sitePaths } from '../sitePaths.js';
import type { MessageKey } from '../messages.js';

/** The headline totals, in order, when the server has them. */
const HEADLINES: ReadonlyArray<[id: string, label: MessageKey]> = [
  ['play_time', 'home.totalPlayTime'],
  ['mob_kills', 'home.totalMobKills'],
  ['deaths', 'home.totalDeaths'],
  ['walk_one_cm', 'home.totalWalked'],
];

function StatusLine({ status }: { status: LiveStatus }) {
  const { t, format } = usePage();
  if (!status.online) {
    return <p class="status"><span class="dot" aria-hidden="true" />{t('status.offline')}</p>;
  }
  const count = status.players_online === null ? '' : t('status.players', { count: status.players_online, max: status.players_max === null ? '?' : format.number(status.players_max) });
  return (
    <p class="status">
      <span class="dot dot--on" aria-hidden="true" />
      {t('status.online')}{count && ` · ${count}`}{status.version && <span class="muted"> · {status.version}</span>}
    </p>
  );
}

/**
 * A network's backends under the proxy's status (issue 38): each pinged server with its own
 * status, linking to its view. Those without an address of their own are not listed.
 */
function ServerStatuses({ servers }: { servers: readonly ServerLiveStatus[] }) {
  const { t, links } = usePage();
  const pinged = servers.filter((server) => server.reason !== 'not_configured');
  if (pinged.length === 0) return null;
  return (
    <ul class="server-status" aria-label={t('status.servers')}>
      {pinged.map((server) => (
        <li data-server={server.id}>
          <a href={links.inView(server.id).page('/')}>{cleanText(server.name, 40)}</a>
          <StatusLine status={server} />
        </li>
      ))}
    </ul>
  );
}

function Hero({ server, status }: { server: ServerInfo; status: LiveStatus & { servers?: ServerLiveStatus[] } }) {
  const { t } = usePage();
  const { java, bedrock } = server.addresses;
  return (
    <section class="hero" aria-labelledby="server-name">
      <div>
        <h1 id="server-name">{server.name}</h1>
        {status.reason !== 'not_configured' && <StatusLine status={status} />}
        {status.online && status.motd && <p class="motd">{status.motd}</p>}
        {status.servers && <ServerStatuses servers={status.servers} />}
        {(java || bedrock) && (
          <p class="addr">
            {java && <span>{t('home.javaAddress')} <code>{java}</code></span>}
            {bedrock && <span>{t('home.bedrockAddress')} <code>{bedrock}</code></span>}
          </p>
        )}
      </div>
    </section>
  );
}

function Headlines({ server, totals }: { server: ServerInfo; totals: readonly TotalsEntry[] }) {
  const { t, format } = usePage();
  const byId = new Map(totals.map((entry) => [entry.id, entry]));
  return (
    <dl class="tiles">
      <div class="tile">
        <dt><Icon name="player_head" /> {t('home.players')}</dt>
        <dd>{format.number(server.players.total)}<span class="sub">{t('home.playersSplit', { java: server.players.java, bedrock: server.players.bedrock })}</span></dd>
      </div>
      <div class="tile">
        <dt><Icon name="clock" /> {t('home.active')}</dt>
        <dd>{format.number(server.players.active.total)}<span class="sub">{t('home.ranked', { count: server.players.ranked.total })}</span></dd>
      </div>
      {HEADLINES.map(([id, label]) => {
        const entry = byId.get(id);
        return entry && (
          <div class="tile">
            <dt><StatIcon id={id} /> {t(label)}</dt>
            <dd>{entry.total.display}<span class="sub">{t('home.perPlayer', { value: entry.average.display })}</span></dd>
          </div>
        );
      })}
    </dl>
  );
}

function EventPanel({ event }: { event: EventData }) {
  const { t, links } = usePage();
  return (
    <section class="panel" aria-labelledby="event-title">
      <h2 id="event-title">{t('home.event')} <a href={links.page(sitePaths.event(event.id))}>{t('home.eventStandings')}</a></h2>
      <p><strong><StatIcon id={event.stat.id} /> <a href={links.page(sitePaths.stat(event.stat.id))}>{event.stat.title}</a></strong> · <span class="muted">{t('event.until')} <Time iso={event.ends_at} withTime /></span></p>
      {event.standings.length === 0 ? <p class="empty">{t('event.noneYet')}</p> : (
        <ol class="list">
          {event.standings.slice(0, 5).map((standing) => (
            <li>
              <Rank rank={standing.rank} />
              <span class="grow"><PlayerLabel player={standing.player} /></span>
              <span class="end">{standing.display}</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function HallOfFamePanel({ entries }: { entries: readonly HallOfFameEntry[] }) {
  const { t, links } = usePage();
  return (
    <section class="panel" aria-labelledby="hof-title">
      <h2 id="hof-title">{t('nav.hallOfFame')} <a href={links.page(sitePaths.hallOfFame())}>{t('home.seeAll')}</a></h2>
      {entries.length === 0 ? <p class="empty">{t('hof.empty')}</p> : (
        <ol class="list">
          {entries.map((entry) => (
            <li>
              <Rank rank={entry.rank} />
              <span class="grow"><PlayerLabel player={entry.player} /></span>
              <span class="end"><Medals medals={entry.medals} /><span class="sr-only">, </span> <strong title={t('hof.score')}>{t('hof.pointsShort', { count: entry.crown_score })}</strong></span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function FeedPanel({ entries }: { entries: readonly FeedEntry[] }) {
  const { t, links } = usePage();
  return (
    <section class="panel" aria-labelledby="feed-title">
      <h2 id="feed-title">{t('home.latestUnlocks')}</h2>
      {entries.length === 0 ? <p class="empty">{t('home.noUnlocks')}</p> : (
        <ul class="list">
          {entries.map((entry) => (
            <li>
              <AdvancementIcon id={entry.advancement.id} />
              <span class="grow">
                <a href={links.page(sitePaths.advancement(entry.advancement.id))}>{entry.advancement.title}</a>
                {entry.first_on_server && <> <span class="tag tag--plain">{t('feed.first')}</span></>}
                <span class="sub small muted"><PlayerLabel player={entry.player} /></span>
              </span>
              <span class="end small muted"><Time iso={entry.completed_at} withTime relative /></span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function HoursPanel({ activity }: { activity: ServerActivity }) {
  const { t, links } = usePage();
  return (
    <section class="panel" aria-labelledby="hours-title">
      <h2 id="hours-title">{t('activity.byHour')} <a href={links.page(sitePaths.activity)}>{t('home.moreActivity')}</a></h2>
      <HourChart hours={activity.hour_of_day} />
    </section>
  );
}

/** `/`: live status, headline totals, the running event, the players of the week and month, hall of fame, latest unlocks, activity. */
export const homePage: PageDefinition = {
  pattern: '/',
  uses: { record: true, live: true },
  async load({ api, t }) {
    const [server, status, totals, events, feed, hof, activity, crowns] = await Promise.all([
      api.get<ServerInfo>('getServer'),
      api.get<LiveStatus>('getStatus'),
      api.get<TotalsEntry[]>('listTotals', {}, { limit: 500 }),
      api.optional<EventData[]>('listEvents', {}, { active: true }),
      api.get<FeedEntry[]>('getFeed', {}, { limit: 8 }),
      api.get<HallOfFameEntry[]>('getHallOfFame', {}, { limit: 5 }),
      api.optional<ServerActivity>('getServerActivity'),
      // A 503 before any stat history is recorded: then no crowns.
      api.optional<PeriodCrown[]>('getCrowns'),
    ]);
    const event = events?.data[0] ?? null;
    return {
      title: server.data.name,
      description: t('home.description', { name: server.data.name, count: server.data.players.total }),
      nav: 'home',
      json: '/v1/server',
      body: (
        <>
          <Hero server={server.data} status={status.data} />
          <Headlines server={server.data} totals={totals.data} />
          <div class="cols section">
            <div class="stack">
              {event && <EventPanel event={event} />}
              <FeedPanel entries={feed.data} />
            </div>
            <div class="stack">
              <CrownsPanel crowns={crowns?.data ?? null} />
              <HallOfFamePanel entries={hof.data} />
              {activity && <HoursPanel activity={activity.data} />}
            </div>
          </div>
        </>
      ),
    };
  },
};

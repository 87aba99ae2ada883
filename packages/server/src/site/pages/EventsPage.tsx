import type { EventData, EventStandingData } from '../apiShapes.js';
import { PageHead } from '../components/PageHead.js';
import { PlayerLabel } from '../components/PlayerLabel.js';
import { Rank } from '../components/Rank.js';
import { Scroll } from '../components/Scroll.js';
import { StatIcon } from '../components/StatIcon.js';
import { Time } from '../components/Time.js';
import { usePage } from '../PageContext.js';
import type { PageDefinition } from '../PageDefinition.js';
import { sitePaths } from '../sitePaths.js';

/** Every event there is: the list is asked for in one page. */
const ALL_EVENTS = 500;

/** The standings table of one event (the API's first ten). */
export function Standings({ event }: { event: EventData }) {
  const { t } = usePage();
  if (event.standings.length === 0) return <p class="empty">{t('event.noneYet')}</p>;
  return (
    <Scroll label={t('event.standings', { title: event.title })}>
      <table class="data">
        <thead><tr><th scope="col">{t('board.rank')}</th><th scope="col" class="w">{t('board.player')}</th><th scope="col" class="num">{t('event.gain')}</th></tr></thead>
        <tbody>
          {event.standings.map((standing: EventStandingData) => (
            <tr>
              <td><Rank rank={standing.rank} /></td>
              <td class="player-cell"><PlayerLabel player={standing.player} tag /></td>
              <td class="num">{standing.display}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Scroll>
  );
}

/** When an event runs: `16 Nov 2026, 00:00 – 23 Nov 2026, 00:00`. */
export function EventPeriod({ event }: { event: EventData }) {
  return <><Time iso={event.starts_at} withTime /> – <Time iso={event.ends_at} withTime /></>;
}

function Running({ event }: { event: EventData }) {
  const { t, links } = usePage();
  return (
    <section class="panel" aria-labelledby={`event-${event.id}`}>
      <h2 id={`event-${event.id}`}><span><StatIcon id={event.stat.id} /> <a href={links.page(sitePaths.event(event.id))}>{event.title}</a></span> <span class="tag tag--java">{t('event.running')}</span></h2>
      <p class="small muted"><EventPeriod event={event} /> · {t('event.participants', { count: event.participants })} · <a href={links.page(sitePaths.stat(event.stat.id))}>{t('event.leaderboard', { stat: event.stat.title })}</a></p>
      <Standings event={event} />
    </section>
  );
}

function Finished({ events }: { events: readonly EventData[] }) {
  const { t, links } = usePage();
  return (
    <section class="section" aria-labelledby="finished">
      <h2 id="finished">{t('events.finished')}</h2>
      <div class="panel">
        {events.length === 0 ? <p class="empty">{t('events.noneFinished')}</p> : (
          <Scroll label={t('events.finished')}>
            <table class="data">
              <thead><tr><th scope="col" class="w">{t('events.event')}</th><th scope="col">{t('events.winner')}</th><th scope="col" class="num">{t('event.gain')}</th></tr></thead>
              <tbody>
                {events.map((event) => (
                  <tr>
                    <td><StatIcon id={event.stat.id} /> <a href={links.page(sitePaths.event(event.id))}>{event.title}</a><span class="sub"><EventPeriod event={event} /></span></td>
                    <td class="player-cell">{event.leader ? <PlayerLabel player={event.leader.player} /> : <span class="muted">{t('events.noWinner')}</span>}</td>
                    <td class="num">{event.leader?.display ?? '–'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </Scroll>
        )}
      </div>
    </section>
  );
}

/** `/events`: the running weekly events with their standings, and every finished one. */
export const eventsPage: PageDefinition = {
  pattern: '/events',
  uses: { record: true },
  async load({ api, t }) {
    const list = await api.optional<EventData[]>('listEvents', {}, { limit: ALL_EVENTS });
    const events = list?.data ?? [];
    const running = events.filter((event) => event.active);
    const finished = events.filter((event) => !event.active);
    return {
      title: t('nav.events'),
      description: t('events.description'),
      nav: 'events',
      ...(list ? { json: '/v1/events' } : {}),
      body: (
        <>
          <PageHead title={t('nav.events')} lead={t('events.lead')} json={list ? '/v1/events' : undefined} />
          {list === null ? <p class="notice">{t('events.noRecord')}</p> : (
            <>
              <div class="stack">{running.map((event) => <Running event={event} />)}</div>
              {running.length === 0 && <p class="empty">{t('events.noneRunning')}</p>}
              <Finished events={finished} />
            </>
          )}
        </>
      ),
    };
  },
};

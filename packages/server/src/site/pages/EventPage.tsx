import type { EventData } from '../apiShapes.js';
import { StatIcon } from '../components/StatIcon.js';
import { PageHead } from '../components/PageHead.js';
import { PlayerLabel } from '../components/PlayerLabel.js';
import { usePage } from '../PageContext.js';
import type { PageDefinition } from '../PageDefinition.js';
import { sitePaths } from '../sitePaths.js';
import { EventPeriod, Standings } from './EventsPage.js';
import { cardImage } from '../cardImage.js';

function Summary({ event }: { event: EventData }) {
  const { t, links, format } = usePage();
  return (
    <dl class="tiles">
      <div class="tile"><dt>{t('event.stat')}</dt><dd><StatIcon id={event.stat.id} /> <a href={links.page(sitePaths.stat(event.stat.id))}>{event.stat.title}</a></dd></div>
      <div class="tile"><dt>{event.active ? t('event.leader') : t('events.winner')}</dt><dd>{event.leader ? <><PlayerLabel player={event.leader.player} /><span class="sub">{event.leader.display}</span></> : '–'}</dd></div>
      <div class="tile"><dt>{t('event.participantsLabel')}</dt><dd>{format.number(event.participants)}</dd></div>
    </dl>
  );
}

/** `/events/{id}`: one weekly event, its period and standings. */
export const eventPage: PageDefinition = {
  pattern: '/events/:event',
  uses: { record: true },
  async load(context) {
    const { api, params, t, links } = context;
    const event = (await api.get<EventData>('getEvent', { event_id: params.event! })).data;
    const json = `/v1/events/${encodeURIComponent(event.id)}`;
    return {
      title: event.title,
      description: t('event.description', { title: event.title, stat: event.stat.title }),
      nav: 'events',
      json,
      image: cardImage(context, `/v1/card/event/${encodeURIComponent(event.id)}.png`),
      body: (
        <>
          <PageHead
            title={event.title}
            lead={<><span class={`tag ${event.active ? 'tag--java' : 'tag--plain'}`}>{t(event.active ? 'event.running' : 'event.finished')}</span> <EventPeriod event={event} /></>}
            crumbs={[{ href: links.page(sitePaths.events), label: t('nav.events') }]}
            json={json}
          />
          <Summary event={event} />
          <section class="section" aria-labelledby="standings">
            <h2 id="standings">{t('event.standingsTitle')}</h2>
            <div class="panel"><Standings event={event} /></div>
          </section>
        </>
      ),
    };
  },
};

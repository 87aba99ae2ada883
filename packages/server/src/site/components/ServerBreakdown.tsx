import { cleanText } from '@blockstats/svg';
import { usePage } from '../PageContext.js';
import type { BreakdownRow } from '../serverBreakdown.js';
import { playerSegment, sitePaths } from '../sitePaths.js';
import { Scroll } from './Scroll.js';
import { Time } from './Time.js';

/**
 * A profile's per-server breakdown on a network (issue 38): on each server the player played
 * on, the play time, advancements, hall-of-fame rank and last time online, each linking to the
 * profile in that server's view; the whole network's figures last. The view shown is marked.
 */
export function ServerBreakdown({ rows }: { rows: readonly BreakdownRow[] }) {
  const { t, links, format, network } = usePage();
  if (!network) return null;
  const current = network.current?.id ?? null;
  return (
    <section class="section" aria-labelledby="servers">
      <h2 id="servers">{t('servers.title')}</h2>
      <Scroll label={t('servers.table')}>
        <table class="data" data-breakdown>
          <thead>
            <tr>
              <th scope="col">{t('servers.server')}</th>
              <th scope="col" class="num">{t('profile.playTime')}</th>
              <th scope="col" class="num">{t('profile.advancements')}</th>
              <th scope="col" class="num opt">{t('profile.hallOfFame')}</th>
              <th scope="col" class="num opt">{t('players.lastOnline')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map(({ server, profile }) => {
              const id = server?.id ?? null;
              const snapshot = network.snapshot(id);
              const segment = snapshot ? playerSegment(snapshot, profile) : profile.uuid;
              const label = server ? cleanText(server.name, 40) : t('servers.network');
              return (
                <tr data-server={id ?? '-'} class={[server ? '' : 'total', id === current ? 'me' : ''].join(' ').trim() || undefined}>
                  <th scope="row">
                    <a href={links.inView(id).page(sitePaths.player(segment))} aria-current={id === current ? 'true' : undefined}>{label}</a>
                  </th>
                  <td class="num" data-v={profile.play_time.value}>{profile.play_time.display}</td>
                  <td class="num" data-v={profile.advancements_earned}>{format.number(profile.advancements_earned)}</td>
                  <td class="num opt">{profile.hall_of_fame_rank === null ? '–' : `#${format.number(profile.hall_of_fame_rank)}`}</td>
                  <td class="num opt">{profile.last_online ? <Time iso={profile.last_online} relative /> : '–'}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </Scroll>
    </section>
  );
}

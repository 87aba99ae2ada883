import type { DailyActivity, HistoryBucket, PopulationHistory, ServerActivity } from '@blockstats/core';
import type { ActivePlayerData } from '../apiShapes.js';
import { BarChart } from '../charts/BarChart.js';
import { HourChart } from '../charts/HourChart.js';
import { LineChart } from '../charts/LineChart.js';
import { PageHead } from '../components/PageHead.js';
import { PlayerLabel } from '../components/PlayerLabel.js';
import { Rank } from '../components/Rank.js';
import { Time } from '../components/Time.js';
import type { MessageKey } from '../messages.js';
import { usePage } from '../PageContext.js';
import type { PageDefinition } from '../PageDefinition.js';

/** Most active players shown per period. */
const TOP = 10;

function Daily({ days }: { days: readonly DailyActivity[] }) {
  const { t, format } = usePage();
  const oldestFirst = [...days].reverse();
  const every = Math.max(1, Math.ceil(oldestFirst.length / 6));
  return (
    <figure>
      <BarChart
        label={t('activity.dailyLabel', { count: days.length })}
        bars={oldestFirst.map((day) => ({ value: day.active_players, title: t('activity.dayTitle', { day: format.day(day.date), count: day.active_players }) }))}
        ticks={oldestFirst.flatMap((day, i) => (i % every === 0 ? [{ at: ((i + 0.5) / oldestFirst.length) * 100, label: format.day(day.date) }] : []))}
        formatTick={(n) => format.number(n)}
      />
      <figcaption>{t('activity.dailyCaption')}</figcaption>
      <details>
        <summary>{t('chart.showData')}</summary>
        <table class="data">
          <thead><tr><th scope="col">{t('activity.day')}</th><th scope="col" class="num">{t('activity.activePlayers')}</th><th scope="col" class="num">{t('activity.hoursPlayed')}</th><th scope="col" class="num">{t('profile.deathsLabel')}</th></tr></thead>
          <tbody>
            {days.map((day) => (
              <tr><td>{format.day(day.date)}</td><td class="num">{format.number(day.active_players)}</td><td class="num">{format.decimal(day.hours_played)}</td><td class="num">{format.number(day.deaths)}</td></tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}

function Population({ history }: { history: PopulationHistory }) {
  const { t, format } = usePage();
  const buckets = [...(history.series as HistoryBucket[])].reverse();
  const every = Math.max(1, Math.ceil(buckets.length / 7));
  return (
    <figure>
      <LineChart
        label={t('activity.populationLabel')}
        points={buckets.map((bucket) => bucket.average_online)}
        ticks={buckets.flatMap((bucket, i) => (i % every === 0 && i > 0 ? [{ at: (i / Math.max(1, buckets.length - 1)) * 100, label: format.dayOf(bucket.starts_at) }] : []))}
        formatTick={(n) => format.number(n)}
      />
      <figcaption>
        {t('activity.populationCaption')}
        {history.peak && <> {t('activity.peak', { count: history.peak.online })} <Time iso={history.peak.at} withTime />.</>}
      </figcaption>
    </figure>
  );
}

function MostActive({ label, rows }: { label: MessageKey; rows: readonly ActivePlayerData[] }) {
  const { t, format } = usePage();
  return (
    <section class="panel" aria-label={t(label)}>
      <h3>{t(label)}</h3>
      {rows.length === 0 ? <p class="empty">{t('activity.nobody')}</p> : (
        <ol class="list">
          {rows.map((row) => (
            <li>
              <Rank rank={row.rank} />
              <span class="grow"><PlayerLabel player={row.player} /></span>
              <span class="end">{t('profile.hours', { count: row.hours, hours: format.decimal(row.hours) })}<span class="sub small muted">{t('profile.sessions', { count: row.sessions })}</span></span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** `/activity`: players online by hour, daily activity, population history, the most active. */
export const activityPage: PageDefinition = {
  pattern: '/activity',
  uses: { record: true },
  async load({ api, t }) {
    const [activity, history, week, month, all] = await Promise.all([
      api.optional<ServerActivity>('getServerActivity'),
      api.optional<PopulationHistory>('getHistory', {}, { resolution: 'hourly', limit: 168 }),
      api.optional<ActivePlayerData[]>('listActivePlayers', {}, { period: '7d', limit: TOP }),
      api.optional<ActivePlayerData[]>('listActivePlayers', {}, { period: '30d', limit: TOP }),
      api.optional<ActivePlayerData[]>('listActivePlayers', {}, { period: 'all', limit: TOP }),
    ]);
    const since = (activity?.meta.recording_since as string | null | undefined) ?? null;
    return {
      title: t('nav.activity'),
      description: t('activity.description'),
      nav: 'activity',
      ...(activity ? { json: '/v1/activity' } : {}),
      body: (
        <>
          <PageHead title={t('nav.activity')} lead={since ? <>{t('activity.since')} <Time iso={since} />. {t('activity.privacy')}</> : t('activity.privacy')} json={activity ? '/v1/activity' : undefined} />
          {!activity ? <p class="notice">{t('activity.noRecord')}</p> : (
            <>
              <div class="cols cols--even">
                <section class="panel" aria-labelledby="by-hour"><h2 id="by-hour">{t('activity.byHour')}</h2><HourChart hours={activity.data.hour_of_day} /></section>
                <section class="panel" aria-labelledby="daily"><h2 id="daily">{t('activity.daily')}</h2><Daily days={activity.data.daily} /></section>
              </div>
              {history && history.data.series.length > 1 && (
                <section class="panel section" aria-labelledby="population"><h2 id="population">{t('activity.population')}</h2><Population history={history.data} /></section>
              )}
              <section class="section" aria-labelledby="most-active">
                <h2 id="most-active">{t('activity.mostActive')}</h2>
                <div class="tiles tiles--wide">
                  <MostActive label="profile.last7" rows={week?.data ?? []} />
                  <MostActive label="profile.last30" rows={month?.data ?? []} />
                  <MostActive label="profile.allTime" rows={all?.data ?? []} />
                </div>
              </section>
            </>
          )}
        </>
      ),
    };
  },
};

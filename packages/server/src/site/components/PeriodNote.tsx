import { usePage } from '../PageContext.js';
import type { PeriodMetaData } from '../pagePeriod.js';

/**
 * What a period board covers, under its switch: its days, and since when it counts when the
 * stat history began inside the period (it is not backfilled). Before any history is recorded,
 * says so plainly: the board is empty, not broken.
 */
export function PeriodNote({ period, noHistory }: { period: PeriodMetaData | null; noHistory: boolean }) {
  const { t, format } = usePage();
  if (noHistory) return <p class="notice" data-period-note="none">{t('period.noHistory')}</p>;
  if (!period) return null;
  const since = period.recording_since !== null && period.recording_since > period.from ? period.recording_since : null;
  if (since !== null && since > period.to) return <p class="notice" data-period-note="before">{t('period.before', { date: format.day(since) })}</p>;
  return (
    <p class="muted small" data-period-note={`${period.from}/${period.to}`}>
      {t('period.range', { from: format.day(period.from), to: format.day(period.to) })}
      {since && <> · {t('period.since', { date: format.day(since) })}</>}
    </p>
  );
}

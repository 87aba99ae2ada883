import { usePage } from '../PageContext.js';

/**
 * An entry's rank movement on a period board (`rank_change`): ▲n up, ▼n down, "new" for a
 * newcomer (null), = unchanged. The arrow is drawn, the words are read: a screen reader hears
 * "up 2 places", and colour only repeats what the text says.
 */
export function RankChange({ change }: { change: number | null }) {
  const { t, format } = usePage();
  if (change === null) return <span class="move move--new" data-change="new">{t('period.new')}</span>;
  if (change === 0) {
    return <span class="move" data-change="0" title={t('period.same')}><span aria-hidden="true">=</span><span class="sr-only">{t('period.same')}</span></span>;
  }
  const up = change > 0;
  const count = Math.abs(change);
  const words = t(up ? 'period.up' : 'period.down', { count, places: format.number(count) });
  return (
    <span class={up ? 'move move--up' : 'move move--down'} data-change={change} title={words}>
      <span aria-hidden="true">{up ? '▲' : '▼'}{format.number(count)}</span>
      <span class="sr-only">{words}</span>
    </span>
  );
}

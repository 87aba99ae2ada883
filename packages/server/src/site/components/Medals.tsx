import type { Medals as MedalCounts } from '@blockstats/core';
import { usePage } from '../PageContext.js';

/** Gold, silver and bronze counts with coloured discs (the colour is never the only cue). */
export function Medals({ medals }: { medals: MedalCounts }) {
  const { t, format } = usePage();
  return (
    <span class="medals">
      <span class="medal" title={t('medal.gold')}>{format.number(medals.gold)}<span class="sr-only"> {t('medal.gold')}</span></span>
      <span class="medal medal--silver" title={t('medal.silver')}>{format.number(medals.silver)}<span class="sr-only"> {t('medal.silver')}</span></span>
      <span class="medal medal--bronze" title={t('medal.bronze')}>{format.number(medals.bronze)}<span class="sr-only"> {t('medal.bronze')}</span></span>
    </span>
  );
}

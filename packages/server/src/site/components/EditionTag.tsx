import type { Edition } from '@blockstats/core';
import { usePage } from '../PageContext.js';

/** `Java` or `Bedrock` as a small tag in the edition's colour (the cards' accents). */
export function EditionTag({ edition }: { edition: Edition }) {
  const { t } = usePage();
  return <span class={`tag tag--${edition}`}>{t(edition === 'java' ? 'edition.java' : 'edition.bedrock')}</span>;
}

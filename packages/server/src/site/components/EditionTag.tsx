import type { Edition } from '@blockstats/core';
import { usePage } from '../PageContext.js';
import type { Translate } from '../translator.js';

/** The edition's name in the page's language (`Java`, `Bedrock`). */
export function editionName(t: Translate, edition: Edition): string {
  return t(edition === 'java' ? 'edition.java' : 'edition.bedrock');
}

/** {@link EditionTag} with its name given: no page context (a kept player label renders it). */
export function EditionTagView({ edition, name }: { edition: Edition; name: string }) {
  return <span class={`tag tag--${edition}`}>{name}</span>;
}

/** `Java` or `Bedrock` as a small tag in the edition's colour (the cards' accents). */
export function EditionTag({ edition }: { edition: Edition }) {
  const { t } = usePage();
  return <EditionTagView edition={edition} name={editionName(t, edition)} />;
}

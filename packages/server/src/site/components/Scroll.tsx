import type { ComponentChildren } from 'preact';
import { usePage } from '../PageContext.js';

/**
 * A horizontally scrollable box for a wide table on a narrow screen: a named region that takes
 * focus, so keyboard users can scroll it too. When the table overflows, shadows at its edges
 * (CSS, no script needed) and a note above it (shown by site.js, which can measure) say so.
 * The note is for the eye only: a screen reader reads the whole table anyway.
 */
export function Scroll({ label, children }: { label: string; children: ComponentChildren }) {
  const { t } = usePage();
  return (
    <>
      <p class="scroll-hint" data-scroll-hint hidden aria-hidden="true">{t('table.scrollHint')}</p>
      <div class="scroll" role="region" aria-label={label} tabIndex={0}>
        {children}
      </div>
    </>
  );
}

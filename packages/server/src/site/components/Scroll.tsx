import type { ComponentChildren } from 'preact';

/**
 * A horizontally scrollable box for a wide table on a narrow screen: a named region that takes
 * focus, so keyboard users can scroll it too.
 */
export function Scroll({ label, children }: { label: string; children: ComponentChildren }) {
  return (
    <div class="scroll" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}

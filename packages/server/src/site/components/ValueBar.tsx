/**
 * A thin bar of `value` against `max` under a number: SVG attributes rather than inline
 * style, which the pages' Content-Security-Policy forbids.
 */
export function ValueBar({ value, max }: { value: number; max: number }) {
  const width = max > 0 ? Math.max(0, Math.min(100, (value / max) * 100)) : 0;
  return (
    <svg class="bar" viewBox="0 0 100 4" preserveAspectRatio="none" aria-hidden="true" focusable="false">
      <rect class="bg" width="100" height="4" rx="2" />
      <rect width={width.toFixed(2)} height="4" rx="2" />
    </svg>
  );
}

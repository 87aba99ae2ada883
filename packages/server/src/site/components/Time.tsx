import { usePage } from '../PageContext.js';

/**
 * An instant as a date (or date and time) in the server's time zone. With `relative`, the
 * script also says "3 hours ago" (the date stays in the tooltip).
 */
export function Time({ iso, withTime = false, relative = false }: { iso: string; withTime?: boolean; relative?: boolean }) {
  const { format } = usePage();
  return (
    <time datetime={iso} data-rel={relative ? '' : undefined}>
      {withTime ? format.dateTime(iso) : format.date(iso)}
    </time>
  );
}

import { usePage } from '../PageContext.js';

/** `YYYY-MM-DD` in a time zone, one formatter per zone (en-CA writes dates that way). */
const calendars = new Map<string, Intl.DateTimeFormat>();
function calendarDate(iso: string, timeZone: string): string {
  let calendar = calendars.get(timeZone);
  if (!calendar) {
    calendar = new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone });
    calendars.set(timeZone, calendar);
  }
  return calendar.format(Date.parse(iso));
}

/**
 * An instant as a date (or date and time) in the server's time zone. With `relative`, the
 * script also says "3 hours ago" (the date stays in the tooltip). A bare date's `datetime` is
 * that day in the server's time zone, as shown (a profile lists a hundred of them: the
 * instant's seconds would only weigh on the page budget); with a time or `relative`, the instant.
 */
export function Time({ iso, withTime = false, relative = false }: { iso: string; withTime?: boolean; relative?: boolean }) {
  const { format } = usePage();
  return (
    <time datetime={withTime || relative ? iso : calendarDate(iso, format.timeZone)} data-rel={relative ? '' : undefined}>
      {withTime ? format.dateTime(iso) : format.date(iso)}
    </time>
  );
}

// The demo server's history, relative to "now" so `--now` shifts the whole world consistently:
// when it opened, when it upgraded to each game version (content is never awarded before the
// server ran the version that added it), and when the Incendium datapack went in.

const DAY = 86_400_000;

/**
 * Game versions the demo server ran: version, its DataVersion (NOTES 1) and how many days before
 * "now" the server upgraded to it.
 */
const UPGRADES: readonly (readonly [version: string, dataVersion: number, daysBeforeNow: number])[] = [
  ['1.20.4', 3700, 990], // opening day
  ['1.20.5', 3837, 930],
  ['1.21', 3953, 868],
  ['1.21.4', 4189, 696],
  ['1.21.5', 4325, 580],
  ['1.21.6', 4435, 510],
  ['1.21.9', 4554, 410],
  ['1.21.11', 4671, 331],
];

/** The server's own clock: a fixed UTC offset, as a JVM started with a fixed-offset zone uses. */
export interface ServerClock {
  /** "Now": every file is written as if the server was stopped at this instant. */
  readonly now: number;
  /** Minutes east of UTC used in advancement and usercache timestamps (DECISIONS 4). */
  readonly offsetMinutes: number;
  /** Opening day: the earliest first join. */
  readonly opened: number;
  /** When the Incendium datapack was installed (its bookkeeping advancements start then). */
  readonly datapackInstalled: number;
  /** When the server started running `version` (opening day for anything 1.20.4 or older). */
  availableFrom(version: string | null | undefined): number;
  /**
   * The same for content first present in `dataVersion` (the core catalogue's
   * `addedInDataVersion`; 0 = predates 1.20, so opening day).
   */
  availableFromDataVersion(dataVersion: number): number;
}

/** Builds the clock for a given "now" (epoch ms) and UTC offset. */
export function serverClock(now: number, offsetMinutes = 60): ServerClock {
  const upgrades = UPGRADES.map(([version, dataVersion, days]) => [version, dataVersion, now - days * DAY] as const);
  const opened = upgrades[0]?.[2] ?? now;
  const order = (v: string): number[] => v.split('.').map(Number);
  const atLeast = (a: string, b: string): boolean => {
    const x = order(a);
    const y = order(b);
    for (let i = 0; i < Math.max(x.length, y.length); i++) {
      const d = (x[i] ?? 0) - (y[i] ?? 0);
      if (d !== 0) return d > 0;
    }
    return true;
  };
  return {
    now,
    offsetMinutes,
    opened,
    datapackInstalled: now - 492 * DAY + 17 * 3_600_000,
    availableFrom(version) {
      if (!version) return opened;
      // The first upgrade to a version at least as new as the one that added the content.
      for (const [v, , at] of upgrades) if (atLeast(v, version)) return at;
      return Number.POSITIVE_INFINITY;
    },
    availableFromDataVersion(dataVersion) {
      for (const [, dv, at] of upgrades) if (dv >= dataVersion) return at;
      return Number.POSITIVE_INFINITY;
    },
  };
}

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

/** `+0100` style offset. */
export function formatOffset(offsetMinutes: number): string {
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  return `${sign}${pad(Math.floor(abs / 60))}${pad(abs % 60)}`;
}

/**
 * `yyyy-MM-dd HH:mm:ss Z` in the server's zone: the game's format for advancement criteria and
 * usercache `expiresOn` (NOTES 3).
 */
export function formatGameTime(ms: number, offsetMinutes: number): string {
  const d = new Date(Math.floor(ms / 1000) * 1000 + offsetMinutes * 60_000);
  return (
    `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ` +
    `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())} ${formatOffset(offsetMinutes)}`
  );
}

/**
 * Adds one calendar month in the server's zone, clamping the day like java.util.Calendar does
 * (Jan 31 + 1 month = Feb 28/29). The usercache sets `expiresOn` to the login time + 1 month.
 */
export function plusOneMonth(ms: number, offsetMinutes: number): number {
  const shift = offsetMinutes * 60_000;
  const local = new Date(ms + shift);
  const year = local.getUTCFullYear();
  const month = local.getUTCMonth() + 1;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const day = Math.min(local.getUTCDate(), lastDay);
  const next = Date.UTC(
    year, month, day,
    local.getUTCHours(), local.getUTCMinutes(), local.getUTCSeconds(), local.getUTCMilliseconds(),
  );
  return next - shift;
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** java.util.Date#toString in a fixed-offset zone: `Mon Nov 16 13:00:00 GMT+01:00 2026`. */
export function javaDateString(ms: number, offsetMinutes: number): string {
  const d = new Date(ms + offsetMinutes * 60_000);
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  const zone = offsetMinutes === 0 ? 'UTC' : `GMT${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
  return (
    `${WEEKDAYS[d.getUTCDay()]} ${MONTHS[d.getUTCMonth()]} ${pad(d.getUTCDate())} ` +
    `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())} ${zone} ${d.getUTCFullYear()}`
  );
}

import { historiesSince, PERIOD_NAMES, resolvePeriod, serverDayDate, type StatHistory } from '@blockstats/core';
import * as v from 'valibot';
import { ApiError } from '../../http/ApiError.js';
import type { QueryParam } from '../../http/queryParams.js';
import type { RouteContext } from '../RouteContext.js';

const PERIOD_TEXT = `${PERIOD_NAMES.map((n) => `\`${n}\``).join(', ')}, an ISO week (\`2026-W47\`) or a month (\`2026-11\`)`;

const isPeriod = (value: string): boolean => {
  try {
    resolvePeriod(value, 0);
    return true;
  } catch {
    return false;
  }
};

/**
 * The `period` query parameter (issue 41): absent is all time (every answer as before), else a
 * period of server days in the server's time zone, ending at the last pull's day.
 */
export function periodParam(what: string): QueryParam<string | undefined> {
  return {
    schema: v.optional(v.pipe(v.string(), v.maxLength(16, `must be ${PERIOD_TEXT}`), v.check(isPeriod, `must be ${PERIOD_TEXT}`))) as never,
    doc: {
      description: `${what} over a period instead of all time (the default): ${PERIOD_TEXT}. \`week\`, \`month\` and \`year\` are the current calendar period (weeks start on Monday) and \`7d\`, \`30d\` the last 7 or 30 days, all in the server's time zone, up to the day of the last pull. Values are gains over the period, from the stat history; it is not backfilled, so a period starts no earlier than recording began (\`meta.period.recording_since\`), and a player first seen in it counts from their first reading.`,
      schema: { type: 'string', maxLength: 16, examples: ['week', '2026-W47', '2026-11'] },
    },
  };
}

/** `min_hours`: a number of hours of 0 or more. */
export const minHoursParam: QueryParam<number | undefined> = {
  schema: v.optional(v.pipe(v.string(), v.regex(/^\d{1,5}(\.\d{1,3})?$/, 'must be a number of hours of 0 or more (e.g. 2 or 0.5)'), v.transform(Number))) as never,
  doc: {
    description: 'With `per=hour`: hours played in the period a player needs to qualify. Default 1.',
    schema: { type: 'number', minimum: 0, default: 1 },
  },
};

/**
 * The stat histories a period answer reads: the server's, or every network server's. A 503
 * while there is none (recording off, or no pull recorded yet).
 */
export async function historiesOf(context: RouteContext<unknown>): Promise<readonly StatHistory[]> {
  const histories = await context.options.statHistory?.();
  if (!histories || histories.length === 0) throw new ApiError('unavailable', 'No stat history has been recorded on this server yet: periods need `blockstats serve` (or `blockstats record`) to have pulled at least once.');
  return histories;
}

/** `meta.period`: the period's name and days, and since when the history runs. */
export function periodMeta(period: { name: string; from: string; to: string }, since: string | null): Record<string, unknown> {
  return { ...period, recording_since: since };
}

/** `recording_since` of a period answer: the first server day the stat histories hold (null: none yet). */
export function historyStartDate(histories: readonly StatHistory[]): string | null {
  const since = historiesSince(histories);
  return since === null ? null : serverDayDate(since);
}

import { serverDayDate } from '@blockstats/core';
import type { HealthReason } from '../router/RouterOptions.js';
import type { PullState } from './PullState.js';

/** Days a counter reset stays in `/v1/health` after the day it was seen closed. */
const RESET_SHOWN_DAYS = 7;

/**
 * The stat history's part of `/v1/health` (issue 41): `history_unwritable` while pulls cannot be
 * added to it, and `counter_reset` for a week after a counter went down (a reset or a restored
 * backup: it counts as a new start, never as a negative gain, and the operator should know).
 */
export function historyProblems(state: PullState): HealthReason[] {
  const problems: HealthReason[] = [];
  if (state.historyError !== null) {
    problems.push({ code: 'history_unwritable', detail: `The last pull could not be added to the stat history: ${state.historyError}` });
  }
  const history = state.historyLog?.history;
  const today = history?.lastDay ?? null;
  if (history && today !== null) {
    const recent = history.resets.latest.filter((r) => r.day > today - RESET_SHOWN_DAYS);
    const last = recent.at(-1);
    if (last) {
      problems.push({
        code: 'counter_reset',
        detail: `${recent.length} statistic counter(s) went down in the last ${RESET_SHOWN_DAYS} days (e.g. ${last.stat} of ${last.uuid} from ${last.from} to ${last.to} on ${serverDayDate(last.day)}): a reset or a restored backup, counted as a new start in period boards.`,
      });
    }
  }
  return problems;
}

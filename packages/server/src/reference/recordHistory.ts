import type { SaveData } from '@blockstats/core';
import { recordStatHistory } from '@blockstats/core/node';
import type { Logger } from './logger.js';
import type { PullState } from './PullState.js';

/**
 * Adds a pull to the stat history beside the activity record (issue 41): every player's values,
 * the day before appended whole on a new server day. A failure (ENOSPC…) is logged and said in
 * `/v1/health`; the day stays open and is written at a later pull.
 */
export function recordHistory(state: PullState, save: SaveData, at: number, log: Logger): void {
  if (!state.historyLog) return;
  try {
    const recorded = recordStatHistory(state.historyLog, at, save.players);
    if (recorded.closed !== null) log.log('info', 'history_day_closed', { day: recorded.closed, players: state.historyLog.history.uuids.length });
    state.historyError = null;
  } catch (error) {
    state.historyError = error instanceof Error ? error.message : String(error);
    log.log('warn', 'history_failed', { error: state.historyError });
  }
}

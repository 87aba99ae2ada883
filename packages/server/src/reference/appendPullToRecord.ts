import { eventCounters, pullCounterMap, type SaveData } from '@blockstats/core';
import { recordPull } from '@blockstats/core/node';
import { errorMessage } from './errorMessage.js';
import type { PullContext } from './PullContext.js';
import type { PullState } from './PullState.js';
import { recordHistory } from './recordHistory.js';

/** Appends the pull to the activity record; false when recording is off or failed (logged). */
export async function appendPullToRecord(state: PullState, context: PullContext, save: SaveData, at: number, online: number | null): Promise<boolean> {
  if (!state.recordLog || context.options.readOnly) return false;
  try {
    const { statIds, event } = eventCounters(state.recordLog.record, { ...context.eventConfig, at });
    const players = state.recordedReadings.toRecord(save.players, statIds);
    const { reread } = await recordPull(state.recordLog, { at, online, counters: pullCounterMap(players, statIds), event });
    // Another writer changed the record: what it holds is not known, the next pull gives everyone.
    if (reread) state.recordedReadings.forget();
    else state.recordedReadings.recorded(save.players, players, statIds);
    state.recordError = null;
    // The stat history is read in the background after a start: the first pull waits for it.
    if (state.historyLoading !== null) await state.historyLoading;
    await recordHistory(state, save, at, context.log);
    return true;
  } catch (error) {
    // ENOSPC, EROFS, a lock never released…: the pull is served, not recorded; health says so.
    state.recordedReadings.forget();
    state.recordError = errorMessage(error);
    context.log.log('warn', 'record_failed', { error: state.recordError });
    return false;
  }
}

import type { SaveData } from '@blockstats/core';
import { recordStatHistory } from '@blockstats/core/node';
import type { Logger } from './logger.js';
import type { PullState } from './PullState.js';

/**
 * Adds a pull to the stat history beside the activity record (issue 41): every player's values,
 * the day before appended whole on a new server day. The pull's frame is written and flushed
 * without blocking the thread (requests are answered meanwhile); resolves once it is, after the
 * last pull's. A failure (ENOSPC…) is logged and said in `/v1/health`; the day stays open and is
 * written at a later pull.
 */
export async function recordHistory(state: PullState, save: SaveData, at: number, log: Logger): Promise<void> {
  if (!state.historyLog) return;
  if (state.historyWriting !== null) await state.historyWriting;
  const writing = (async () => {
    try {
      const recorded = recordStatHistory(state.historyLog!, at, save.players, { background: true });
      if (recorded.closed !== null) log.log('info', 'history_day_closed', { day: recorded.closed, players: state.historyLog!.history.uuids.length });
      await recorded.written;
      state.historyError = null;
    } catch (error) {
      state.historyError = error instanceof Error ? error.message : String(error);
      log.log('warn', 'history_failed', { error: state.historyError });
    }
  })();
  state.historyWriting = writing;
  await writing;
  if (state.historyWriting === writing) state.historyWriting = null;
}

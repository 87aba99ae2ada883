import { PEER, TARGETS } from './benchTargets.js';
import { type Row, verdict } from './lib/Row.js';
import { int, seconds, sizeLabel } from './lib/units.js';
import type { MemoryResult } from './memory.js';

/** The memory part's row at one size: `blockstats serve`'s peak RSS against its baseline (and the target at 10k). */
export function memoryRow(result: MemoryResult, players: number, size: string): Row {
  const atTarget = players === 10_000;
  return {
    part: `memory: blockstats serve peak RSS (${result.runtimeLabel})`,
    size,
    result: `${int(result.peakMb)} MB peak, ${int(result.rssMb)} MB after ${int(result.requests)} requests (first pull ${result.firstPullMs === null ? '?' : seconds(result.firstPullMs)}, second ${result.secondPullMs === null ? '?' : seconds(result.secondPullMs)})`,
    against: `${result.baselineLabel} ${int(result.baselineMb)} MB${players === PEER.players ? `; peer ~${PEER.rssMb} MB` : ''}`,
    ratio: `${((result.peakMb - result.baselineMb) / players * 1024).toFixed(1)} KB a player`,
    target: atTarget ? `< ${TARGETS.rssAt10kMb} MB` : '',
    status: atTarget ? verdict(result.peakMb < TARGETS.rssAt10kMb, `${int(result.peakMb - TARGETS.rssAt10kMb)} MB over`) : '',
  };
}

/** How the peak RSS grew from size to size (at least two sizes measured). */
export function memoryGrowthRow(memory: readonly MemoryResult[]): Row {
  const [first, last] = [memory[0]!, memory[memory.length - 1]!];
  const slope = (a: MemoryResult, b: MemoryResult): number => (b.peakMb - a.peakMb) / (b.players - a.players) * 1024;
  const slopes = memory.slice(1).map((m, i) => `${sizeLabel(memory[i]!.players)}→${sizeLabel(m.players)} ${slope(memory[i]!, m).toFixed(1)} KB/player`);
  return {
    part: 'memory: growth',
    size: `${sizeLabel(first.players)}→${sizeLabel(last.players)}`,
    result: slopes.join(', '),
    against: `${(last.peakMb / first.peakMb).toFixed(1)}× the RSS for ${(last.players / first.players).toFixed(0)}× the players`,
    ratio: '',
    target: 'roughly linear',
    status: '',
  };
}

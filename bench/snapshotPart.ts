import type { FloorResult } from './children/floor.js';
import type { BuildTiming, SnapshotResult } from './children/snapshot.js';
import type { BenchSave } from './generate/generate-save.js';
import { PEER, TARGETS } from './benchTargets.js';
import { runChild } from './lib/child.js';
import { medianBy } from './lib/medianBy.js';
import { type Row, verdict } from './lib/Row.js';
import { int, pct, seconds } from './lib/units.js';

/**
 * The snapshot part: `runs` full builds against the read-and-parse floor (alternated), a 1 %
 * rebuild after the last, and the peer's figure at its size. `raw` is the runs' results.
 */
export async function snapshotPart(save: BenchSave, players: number, size: string, runs: number, log: (line: string) => void): Promise<{ rows: Row[]; raw: { floors: FloorResult[]; builds: SnapshotResult[] } }> {
  const rows: Row[] = [];
  const floors: FloorResult[] = [];
  const builds: SnapshotResult[] = [];
  for (let run = 0; run < runs; run++) {
    // Alternate floor and build: other load on the machine then shifts both alike.
    log(`  snapshot ${size}: floor ${run + 1}/${runs} …`);
    floors.push(await runChild<FloorResult>('floor', [save.world]));
    log(`  snapshot ${size}: full build ${run + 1}/${runs}${run === runs - 1 ? ' + 1 % rebuild' : ''} …`);
    builds.push(await runChild<SnapshotResult>('snapshot', [JSON.stringify(save), ...(run === runs - 1 ? ['--rebuild'] : [])]));
  }
  const floor = medianBy(floors, (f) => f.floorMs);
  const build = medianBy(builds, (b) => b.full.totalMs);
  const full: BuildTiming = build.full;
  const rebuild = builds.find((b) => b.rebuild !== null)?.rebuild ?? null;
  const ratio = full.totalMs / floor.floorMs;
  rows.push({
    part: 'snapshot: full build',
    size,
    result: `${seconds(full.totalMs)} (read ${seconds(full.readMs)} + build ${seconds(full.buildMs)}; CPU ${seconds(full.cpuMs)}; peak RSS ${int(build.peakRssMb)} MB)`,
    against: `floor ${seconds(floor.floorMs)} (JSON ${seconds(floor.jsonMs)} + gunzip ${seconds(floor.datMs)}; CPU ${seconds(floor.cpuMs)}); NBT parse would add ${seconds(floor.nbtMs)}`,
    ratio: `${ratio.toFixed(2)}× floor`,
    target: `≤ ${TARGETS.fullVsFloor}× floor`,
    status: verdict(ratio <= TARGETS.fullVsFloor, `${pct(ratio / TARGETS.fullVsFloor - 1)} over`),
  });
  if (rebuild) {
    const share = rebuild.totalMs / full.totalMs;
    rows.push({
      part: 'snapshot: rebuild after 1 % changed',
      size,
      result: `${seconds(rebuild.totalMs)}, median of ${rebuild.all.length} successive pulls (read ${seconds(rebuild.readMs)} + build ${seconds(rebuild.buildMs)}; ${int(rebuild.changedPlayers)} players, ${int(rebuild.parsed)} files parsed, ${int(rebuild.reused)} reused); first ${seconds(rebuild.first.totalMs)}, all ${rebuild.all.map((ms) => int(ms)).join(', ')} ms`,
      against: `full build ${seconds(full.totalMs)}`,
      ratio: pct(share),
      target: `≤ ${pct(TARGETS.rebuildVsFull)} of full`,
      status: verdict(share <= TARGETS.rebuildVsFull, `${(share * 100 - TARGETS.rebuildVsFull * 100).toFixed(0)} points over`),
    });
  }
  if (players === PEER.players) {
    rows.push({
      part: 'peer: MinecraftStats Java CLI',
      size,
      result: `${PEER.seconds}, ~${PEER.rssMb} MB (re-reads everything every run; figure from the issue, same machine)`,
      against: `blockstats full ${seconds(full.totalMs)}, 1 % rebuild ${rebuild ? seconds(rebuild.totalMs) : 'n/a'}`,
      ratio: '',
      target: 'reference',
      status: '',
    });
  }
  return { rows, raw: { floors, builds } };
}

/** Targets from the issues, on a 2-core machine (full build: issue 17; the API's: bench/apiRows.ts). */
export const TARGETS = {
  fullVsFloor: 1.0,
  rebuildVsFull: 0.1,
  rssAt10kMb: 400,
};

/** MinecraftStats' Java CLI on a realistic 10k-player world on this machine (issue 9). */
export const PEER = { players: 10_000, seconds: '7 to 9 s', rssMb: 690 };

// The network part of the pull bench alone, on a network of any shape: a smaller one first
// (5 × 2,000 takes minutes where 5 × 10,000 takes a quarter of an hour on a loaded machine).
// Usage: node --conditions=source --import tsx bench/networkAlone.ts [servers=5] [slots=10000] [pulls=3] [node|tsx] [seed] [work=bench/.work]
// Prints the pull bench's figures as JSON (first pull, its peak RSS, each 1 %-changed pull).
import { fileURLToPath } from 'node:url';
import { ensureNetwork } from './generate/generate-network.js';
import { DEFAULT_SEED } from './generate/generate-save.js';
import { startLoopbackSftp } from './lib/loopbackSftp.js';
import { networkTarget } from './networkPull.js';
import { pullBench } from './pull.js';

async function main(): Promise<void> {
  const arg = (i: number, fallback: number): number => Number(process.argv[i] ?? fallback);
  const [servers, slots, pulls] = [arg(2, 5), arg(3, 10_000), arg(4, 3)];
  const runtime = process.argv[5] === 'tsx' ? 'tsx' : 'node';
  if (![servers, slots, pulls].every((n) => Number.isInteger(n) && n > 0)) throw new Error('usage: networkAlone.ts [servers] [slots] [pulls] [node|tsx] [seed] [work]');
  const work = process.argv[7] ?? fileURLToPath(new URL('./.work', import.meta.url));
  const log = (line: string): void => void process.stderr.write(`${line}\n`);
  const network = await ensureNetwork(work, { servers, slotsPerServer: slots, shared: 0.6 }, { seed: arg(6, DEFAULT_SEED), log });
  // The last server over SFTP on loopback, as in `npm run bench -- --only network`.
  const ssh = await startLoopbackSftp();
  const result = await pullBench(networkTarget(network, work, ssh), work, runtime, pulls, log).finally(() => ssh.close());
  const { first, firstPeakMb, median, peakMb, discarded } = result;
  process.stdout.write(`${JSON.stringify({ people: network.people, first, firstPeakMb, median, pulls: result.pulls.map((p) => p.durationMs), peakMb, discarded }, null, 1)}\n`);
}

void main();

import type { LoadOptions } from './api.js';
import { BENCH_NETWORK, ensureNetwork, type NetworkShape } from './generate/generate-network.js';
import { ensureSave } from './generate/generate-save.js';
import type { SshServer } from '../packages/server/test/sshServer.js';
import { startLoopbackSftp } from './lib/loopbackSftp.js';
import type { Row } from './lib/Row.js';
import type { Runtime } from './lib/runtime.js';
import { networkApiBench } from './networkApi.js';
import { networkApiRows } from './networkApiRows.js';
import { networkTarget } from './networkPull.js';
import { networkPullRows } from './networkPullRows.js';
import { pullBench, type PullBenchResult } from './pull.js';

// The network parts of `npm run bench` (issue 38), after the lone sizes: `network` (pulls of
// the whole network as `blockstats serve` runs them, its last server over SFTP on loopback) and `network-api` (the API on the network
// against the lone 10k server, same run). Both on one generated network: five servers of
// `slotsPerServer` player slots (10,000 by default), 60 % of the people on two or more.

export interface NetworkPartsOptions {
  parts: ReadonlySet<string>;
  slotsPerServer: number;
  seed: number;
  work: string;
  runtime: Runtime;
  pulls: number;
  load: LoadOptions;
  /** The lone servers' pull results of this run, by size label (`10k`, `50k`), to judge against. */
  lonePulls: (size: string) => PullBenchResult | undefined;
  log: (line: string) => void;
}

export async function networkParts(options: NetworkPartsOptions): Promise<{ rows: Row[]; raw: Record<string, unknown> }> {
  const { parts, seed, work, log } = options;
  const shape: NetworkShape = { ...BENCH_NETWORK, slotsPerServer: options.slotsPerServer };
  const size = `${shape.servers} × ${options.slotsPerServer.toLocaleString('en-US')}`;
  const rows: Row[] = [];
  const raw: Record<string, unknown> = {};
  const failed = (part: string, error: unknown): void => {
    const message = error instanceof Error ? error.message : String(error);
    log(`  ${part} failed: ${message}`);
    rows.push({ part, size, result: `failed: ${message.split('\n')[0]}`, against: '', ratio: '', target: '', status: 'not measured' });
  };
  let network;
  try {
    network = await ensureNetwork(work, shape, { seed, log });
  } catch (error) {
    failed('network', error);
    return { rows, raw };
  }
  if (parts.has('network')) {
    let ssh: SshServer | null = null;
    try {
      // One of the five over SFTP on loopback, through a real sshd (the SFTP tests' harness).
      ssh = await startLoopbackSftp();
      const result = await pullBench(networkTarget(network, work, ssh), work, options.runtime, options.pulls, log);
      raw.network = result;
      rows.push(...networkPullRows(result, network.people, options.lonePulls('10k'), options.lonePulls('50k'), network.servers.at(-1)!.id));
    } catch (error) {
      failed('network', error);
    } finally {
      await ssh?.close();
    }
  }
  if (parts.has('network-api')) {
    try {
      // The lone server the target names: 10,000 players (generated once, reused from --work).
      const single = await ensureSave(work, 10_000, { seed, log });
      const result = await networkApiBench(network, single, options.load, work, log);
      raw['network-api'] = result;
      rows.push(...networkApiRows(result));
    } catch (error) {
      failed('network-api', error);
    }
  }
  return { rows, raw };
}

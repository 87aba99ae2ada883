import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_SEED, changedPlayers, ensureServerDir, type BenchSave } from './generate-save.js';
import { randomFor } from './random.js';

/** Purpose number of the membership draw in `randomFor` (distinct from the generator's own). */
const MEMBERSHIP = 97;

/** A generated network: several servers sharing one pool of players. */
export interface BenchNetwork {
  dir: string;
  /** Players in the pool (people, counted once). */
  people: number;
  servers: NetworkServerSave[];
}

/** One backend of a generated network. */
export interface NetworkServerSave extends BenchSave {
  id: string;
  /** The pool indices of its players, in file order. */
  indices: number[];
}

/** The shape of the network: how many servers, how many player slots each, how many share. */
export interface NetworkShape {
  servers: number;
  /** Player slots per server (its player files). */
  slotsPerServer: number;
  /** Share of the people on two or more servers. */
  shared: number;
}

/** The benchmark's network: five servers of 10,000 player slots, 60 % of the people on two or more. */
export const BENCH_NETWORK: NetworkShape = { servers: 5, slotsPerServer: 10_000, shared: 0.6 };

/**
 * Which servers each person plays on. A shared person is on two or three servers (equally likely),
 * a single one on one; the pool is sized so the servers hold `slotsPerServer` players on average.
 */
export function networkMembership(shape: NetworkShape, seed: number): number[][] {
  const slotsPerPerson = (1 - shape.shared) + shape.shared * 2.5;
  const people = Math.round((shape.servers * shape.slotsPerServer) / slotsPerPerson);
  const members: number[][] = Array.from({ length: shape.servers }, () => []);
  for (let person = 0; person < people; person++) {
    const rng = randomFor(seed, person, MEMBERSHIP);
    const count = rng.chance(shape.shared) ? rng.int(2, 3) : 1;
    const order = Array.from({ length: shape.servers }, (_, i) => i);
    for (let i = 0; i < count; i++) {
      const j = rng.int(i, shape.servers - 1);
      [order[i], order[j]] = [order[j]!, order[i]!];
      members[order[i]!]!.push(person);
    }
  }
  return members;
}

/**
 * Returns the generated network under `workDir` (`network-<servers>x<slots>-<seed>/s1 … sN`),
 * generating each server only when it is missing or stale. Every server has its own play (its
 * own seed) for the same people (the network's seed names them), as on a real network.
 */
export async function ensureNetwork(workDir: string, shape: NetworkShape = BENCH_NETWORK, options: { seed?: number; log?: (line: string) => void } = {}): Promise<BenchNetwork> {
  const seed = options.seed ?? DEFAULT_SEED;
  const dir = join(workDir, `network-${shape.servers}x${shape.slotsPerServer}-${seed}`);
  mkdirSync(dir, { recursive: true });
  const members = networkMembership(shape, seed);
  const servers: NetworkServerSave[] = [];
  for (const [i, indices] of members.entries()) {
    const id = `s${i + 1}`;
    const save = await ensureServerDir(join(dir, id), { seed: seed + i + 1, indices, identitySeed: seed, motd: `Bench network server ${id}`, log: options.log });
    servers.push({ ...save, id, indices });
  }
  const people = new Set(members.flat()).size;
  return { dir, people, servers };
}

/** The pool indices of the "1 % changed" players of one server (as changedPlayers for a lone one). */
export function changedNetworkPlayers(server: NetworkServerSave, fraction = 0.01): number[] {
  return changedPlayers(server.indices.length, fraction).map((position) => server.indices[position]!);
}

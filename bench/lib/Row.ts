/** One row of the benchmark table (BENCHMARKS.md), as every part reports it. */
export interface Row {
  part: string;
  size: string;
  result: string;
  /** The API part's Fastify yardstick on the same endpoint (other parts leave it out). */
  fastify?: string;
  against: string;
  ratio: string;
  target: string;
  status: string;
}

/** A target check: met, or missed by how much. */
export function verdict(met: boolean, miss: string): string {
  return met ? 'met' : `missed: ${miss}`;
}

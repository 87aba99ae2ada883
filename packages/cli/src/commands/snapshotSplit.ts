import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { shardKey, splitSnapshot, SPLIT_POINTER_KEY, type Snapshot } from '@blockstats/core';
import { CliError } from '../errors.js';

/** Seconds a generation's shards live in KV after their upload (a week): old generations expire. */
export const SHARD_TTL_SECONDS = 7 * 24 * 3600;
/** Base64 characters a bulk file holds at most: Cloudflare takes 100 MB a bulk request. */
const BULK_FILE_CHARS = 64_000_000;

const gzipAsync = promisify(gzip);

/** What `writeSplit` wrote. */
export interface SplitSummary {
  shards: number;
  /** Compressed bytes of all shards, and of the largest (a KV value holds 25 MiB). */
  bytes: number;
  largest: { key: string; bytes: number };
  /** The bulk files of the shards, then the pointer's (upload in this order). */
  files: string[];
}

/** Why a folder cannot be made or written, by error code; other failures are unexpected. */
const FOLDER_ERRORS: Record<string, string> = {
  EEXIST: 'it is a file, not a folder',
  ENOTDIR: 'a part of its path is a file, not a folder',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EROFS: 'the file system is read-only',
};

/**
 * Makes `dir` (and its parents) for {@link writeSplit}, before the save is read, so that a path
 * that cannot be a folder fails at once with a usage error naming it.
 */
export async function prepareSplitDir(dir: string): Promise<void> {
  try {
    await mkdir(dir, { recursive: true });
  } catch (error) {
    const reason = FOLDER_ERRORS[(error as NodeJS.ErrnoException).code ?? ''];
    if (reason) throw new CliError(`--split ${dir}: ${reason}.`);
    throw error;
  }
}

/**
 * Writes the split snapshot (`splitSnapshot`) into `dir` as files for `wrangler kv bulk put`:
 * `shards-1.json`, `shards-2.json`, … (each shard gzip-compressed, as base64 text: wrangler 4's
 * local `bulk put` stores a `base64` value as UTF-8 text, which breaks binary; the Worker decodes it), under
 * `<generation>/<key>`, expiring after {@link SHARD_TTL_SECONDS}) and `pointer.json` (the key
 * `split` naming the generation, no expiry), to upload last so that no reader meets a generation
 * half uploaded. The directory's earlier bulk files are replaced.
 */
export async function writeSplit(dir: string, snapshot: Snapshot): Promise<SplitSummary> {
  await prepareSplitDir(dir);
  for (const name of await readdir(dir)) if (/^shards-\d+\.json$|^pointer\.json$/.test(name)) await rm(join(dir, name));
  const files: string[] = [];
  let batch: string[] = [];
  let chars = 0;
  const flush = async (): Promise<void> => {
    if (batch.length === 0) return;
    const file = join(dir, `shards-${files.length + 1}.json`);
    await writeFile(file, `[\n${batch.join(',\n')}\n]\n`);
    files.push(file);
    batch = [];
    chars = 0;
  };
  let bytes = 0;
  let largest = { key: '', bytes: 0 };
  const shards = splitSnapshot(snapshot);
  for (const shard of shards) {
    const gz = await gzipAsync(shard.bytes, { level: 9 });
    const key = shardKey(snapshot.generation, shard.key);
    bytes += gz.length;
    if (gz.length > largest.bytes) largest = { key, bytes: gz.length };
    const value = gz.toString('base64');
    if (chars + value.length > BULK_FILE_CHARS) await flush();
    batch.push(JSON.stringify({ key, value, expiration_ttl: SHARD_TTL_SECONDS }));
    chars += value.length;
  }
  await flush();
  const pointer = join(dir, 'pointer.json');
  await writeFile(pointer, `${JSON.stringify([{ key: SPLIT_POINTER_KEY, value: JSON.stringify({ generation: snapshot.generation }) }])}\n`);
  files.push(pointer);
  return { shards: shards.length, bytes, largest, files };
}

import { relative, resolve } from 'node:path';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { warningSummary, type Snapshot } from '@blockstats/core';
import type { Command } from 'commander';
import type { CliIo } from '../io.js';
import { openLocal, type SaveOptions } from '../local.js';
import { examples, saveOptions } from '../options.js';
import { CliError } from '../errors.js';
import { checkOutFile, writeOutFile } from '../outFile.js';
import { note } from '../output.js';
import { prepareSplitDir, writeSplit } from './snapshotSplit.js';

/** `blockstats snapshot`: the snapshot JSON the API serves from, written to a file. */
export function snapshotCommand(program: Command, io: CliIo): void {
  const command = program
    .command('snapshot')
    .description('Read the save and write the snapshot (everything the API serves, as compact JSON), with a summary of skipped files on stderr.')
    .option('-o, --out <file>', 'output file (default: stdout); a name ending in .gz is written gzip-compressed')
    .option('--split <dir>', 'write the snapshot split into shards, as files for `wrangler kv bulk put` (the Cloudflare Worker example)');
  saveOptions(command, false, true, true);
  examples(command, [
    'blockstats snapshot --server /srv/minecraft --out snapshot.json',
    'blockstats snapshot --server /srv/minecraft --out snapshot.json.gz',
    'blockstats snapshot --server /srv/minecraft --split split',
    'blockstats snapshot | jq \'.players | length\'',
  ]);
  command.action(async (options: SaveOptions & { out?: string; split?: string }) => {
    if (options.split !== undefined && options.out !== undefined) throw new CliError('give --out or --split, not both');
    if (options.split !== undefined) await prepareSplitDir(resolve(io.cwd, options.split));
    if (options.out && options.out !== '-') await checkOutFile(resolve(io.cwd, options.out));
    const api = await openLocal(options, io, { network: true });
    if (options.split !== undefined) {
      const split = await writeSplit(resolve(io.cwd, options.split), api.snapshot);
      note(io, `Wrote ${split.shards} shards (${formatMegabytes(split.bytes)}, the largest ${split.largest.key} ${formatMegabytes(split.largest.bytes)}): ${api.snapshot.players.length} players, generation ${api.snapshot.generation}.`);
      note(io, `Upload with \`wrangler kv bulk put\` of each file, in this order: ${split.files.map((file) => relative(io.cwd, file)).join(', ')}.`);
      warnings(io, api.snapshot.warnings);
      return;
    }
    const json = `${JSON.stringify(api.snapshot)}\n`;
    if (options.out && options.out !== '-') {
      const file = resolve(io.cwd, options.out);
      const bytes = file.endsWith('.gz') ? await gzipAsync(json) : json;
      await writeOutFile(file, bytes);
      note(io, `Wrote ${file} (${formatMegabytes(Buffer.byteLength(bytes))}): ${api.snapshot.players.length} players, ${api.snapshot.stats.length} stats, generation ${api.snapshot.generation}.`);
    } else {
      io.stdout.write(json);
    }
    warnings(io, api.snapshot.warnings);
  });
}

/** The summary of skipped files on stderr. */
function warnings(io: CliIo, list: Snapshot['warnings']): void {
  const lines = warningSummary(list);
  if (lines.length > 0) {
    io.stderr.write(`${list.length} warning${list.length === 1 ? '' : 's'} (files skipped or partly read):\n`);
    for (const line of lines) io.stderr.write(`  ${line}\n`);
  }
}

const gzipAsync = promisify(gzip);

/** `12.3 MB` (decimal megabytes, as upload limits are stated). */
function formatMegabytes(bytes: number): string {
  return `${(bytes / 1e6).toFixed(1)} MB`;
}

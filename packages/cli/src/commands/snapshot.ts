import { writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { warningSummary } from '@blockstats/core';
import type { Command } from 'commander';
import type { CliIo } from '../io.js';
import { openLocal, type SaveOptions } from '../local.js';
import { examples, saveOptions } from '../options.js';
import { note } from '../output.js';

/** `blockstats snapshot`: the snapshot JSON the API serves from, written to a file. */
export function snapshotCommand(program: Command, io: CliIo): void {
  const command = program
    .command('snapshot')
    .description('Read the save and write the snapshot (everything the API serves, as compact JSON), with a summary of skipped files on stderr.')
    .option('-o, --out <file>', 'output file (default: stdout); a name ending in .gz is written gzip-compressed');
  saveOptions(command, false, true, true);
  examples(command, [
    'blockstats snapshot --server /srv/minecraft --out snapshot.json',
    'blockstats snapshot --server /srv/minecraft --out snapshot.json.gz',
    'blockstats snapshot | jq \'.players | length\'',
  ]);
  command.action(async (options: SaveOptions & { out?: string }) => {
    const api = await openLocal(options, io, { network: true });
    const json = `${JSON.stringify(api.snapshot)}\n`;
    if (options.out && options.out !== '-') {
      const file = resolve(io.cwd, options.out);
      const bytes = file.endsWith('.gz') ? await gzipAsync(json) : json;
      await writeFile(file, bytes);
      note(io, `Wrote ${file} (${formatMegabytes(Buffer.byteLength(bytes))}): ${api.snapshot.players.length} players, ${api.snapshot.stats.length} stats, generation ${api.snapshot.generation}.`);
    } else {
      io.stdout.write(json);
    }
    const lines = warningSummary(api.snapshot.warnings);
    if (lines.length > 0) {
      io.stderr.write(`${api.snapshot.warnings.length} warning${api.snapshot.warnings.length === 1 ? '' : 's'} (files skipped or partly read):\n`);
      for (const line of lines) io.stderr.write(`  ${line}\n`);
    }
  });
}

const gzipAsync = promisify(gzip);

/** `12.3 MB` (decimal megabytes, as upload limits are stated). */
function formatMegabytes(bytes: number): string {
  return `${(bytes / 1e6).toFixed(1)} MB`;
}

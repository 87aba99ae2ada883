import { resolve } from 'node:path';
import { toPng } from '@blockstats/svg/png';
import type { Command } from 'commander';
import { pathWith } from '../api.js';
import { CliError, EXIT } from '../errors.js';
import type { CliIo } from '../io.js';
import { openLocal, type LocalApi, type SaveOptions } from '../local.js';
import { examples, saveOptions } from '../options.js';
import { checkOutFile, writeOutFile } from '../outFile.js';
import { note } from '../output.js';
import { unknownPlayer, unknownStat } from './notFound.js';

interface EmbedOptions extends SaveOptions {
  out?: string;
  png?: boolean;
  scale?: number;
  color?: string;
  label?: string;
  stat?: string;
}

function scaleOption(value: string): number {
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0.1 || n > 8) throw new CliError('--scale must be a number from 0.1 to 8.', EXIT.usage);
  return n;
}

/** Refuses an `--out` file that cannot be written before the save is read. */
async function checkOut(io: CliIo, options: EmbedOptions): Promise<void> {
  if (options.out && options.out !== '-') await checkOutFile(resolve(io.cwd, options.out));
}

/** Fetches an embed through the router and writes it as SVG or PNG to --out or stdout. */
async function writeEmbed(io: CliIo, api: LocalApi, path: string, options: EmbedOptions, explain: (status: number) => string): Promise<void> {
  const response = await api.request(path);
  if (!response.ok) throw new CliError(explain(response.status), response.status === 400 || response.status === 404 ? EXIT.usage : EXIT.failure);
  const svg = await response.text();
  const body: string | Buffer = options.png ? await toPng(svg, options.scale === undefined ? {} : { scale: options.scale }) : svg;
  if (options.out && options.out !== '-') {
    const file = resolve(io.cwd, options.out);
    await writeOutFile(file, body);
    note(io, `Wrote ${file}`);
    return;
  }
  if (options.png && io.stdout.isTTY) throw new CliError('Not writing a PNG to the terminal: give --out FILE (or pipe the output).', EXIT.usage);
  io.stdout.write(typeof body === 'string' ? `${body}\n` : body);
}

function embedOptions(command: Command): Command {
  saveOptions(command, false, true, true);
  return command
    .option('-o, --out <file>', 'write to this file (default: stdout)')
    .option('--png', 'render a PNG instead of SVG')
    .option('--scale <n>', 'PNG pixels per SVG unit, 0.1 to 8 (default 2)', scaleOption)
    .option('--color <color>', 'palette name (blue, green, amber, red, purple, pink, grey) or hex without #');
}

/** `blockstats badge [player]`: the API's SVG badges. */
export function badgeCommand(program: Command, io: CliIo): void {
  const command = program
    .command('badge')
    .argument('[player]', 'player name or UUID (omit for the server badge with the live player count)')
    .description('Render a badge as the API serves it: one stat of a player, or the server\'s live player count.')
    .option('--stat <id>', 'stat id, or advancements (default), medals, rank')
    .option('--label <text>', 'left-hand label (default: the player name)');
  embedOptions(command);
  examples(command, [
    'blockstats badge Steve > steve.svg',
    'blockstats badge Steve --stat jump --color green --out jump.svg',
    'blockstats badge Steve --png --out steve.png',
    'blockstats badge --label players',
  ]);
  command.action(async (player: string | undefined, options: EmbedOptions) => {
    await checkOut(io, options);
    const api = await openLocal(options, io, { network: true });
    const query = { stat: options.stat, label: options.label, color: options.color };
    if (player === undefined) {
      if (options.stat) throw new CliError('--stat needs a player: the server badge shows the live player count.', EXIT.usage);
      await writeEmbed(io, api, pathWith('/v1/badge/server.svg', { label: options.label, color: options.color }), options, (status) => `The server badge failed (HTTP ${status}).`);
      return;
    }
    await writeEmbed(io, api, pathWith(`/v1/badge/player/${encodeURIComponent(player)}.svg`, query), options, (status) =>
      status === 404 ? unknownPlayer(api.snapshot, player)('') : status === 400 && options.stat ? unknownStat(api.snapshot, options.stat)('') : `The badge failed (HTTP ${status}).`,
    );
  });
}

/** `blockstats card <player>`: the API's SVG player card. */
export function cardCommand(program: Command, io: CliIo): void {
  const command = program
    .command('card')
    .argument('<player>', 'player name or UUID')
    .description('Render a player card as the API serves it: play time, advancements, hall-of-fame rank, medals.');
  embedOptions(command);
  examples(command, [
    'blockstats card Steve --out steve-card.svg',
    'blockstats card Steve --png --scale 3 --out steve-card.png',
  ]);
  command.action(async (player: string, options: EmbedOptions) => {
    await checkOut(io, options);
    const api = await openLocal(options, io, { network: true });
    await writeEmbed(io, api, pathWith(`/v1/card/player/${encodeURIComponent(player)}.svg`, { color: options.color }), options, (status) =>
      status === 404 ? unknownPlayer(api.snapshot, player)('') : `The card failed (HTTP ${status}).`,
    );
  });
}

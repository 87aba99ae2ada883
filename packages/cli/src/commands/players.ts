import { value, type Player } from '@blockstats/core';
import type { Command } from 'commander';
import type { CliIo } from '../io.js';
import { openLocal } from '../local.js';
import { examples, jsonOption, oneOf, pagingOptions, saveOptions, type ListOptions } from '../options.js';
import { playerName, shortTime } from '../output.js';
import { list } from './list.js';

interface PlayersOptions extends ListOptions {
  search?: string;
  edition?: 'java' | 'bedrock';
  ranked?: boolean;
  sort?: 'last_online' | 'name';
}

/** `blockstats players`: the players found in the save (issue 2's first command). */
export function playersCommand(program: Command, io: CliIo): void {
  const command = program
    .command('players')
    .description('List the players found in the save: name, UUID, edition, last online, play time.')
    .option('--search <text>', 'only names containing this text (case-insensitive)')
    .option('--edition <edition>', 'java or bedrock', oneOf(['java', 'bedrock'] as const))
    .option('--ranked', 'only players who met the minimum play time')
    .option('--sort <order>', 'last_online (default, most recent first) or name', oneOf(['last_online', 'name'] as const));
  saveOptions(command, false, true, true);
  pagingOptions(command);
  jsonOption(command);
  examples(command, [
    'blockstats players --server /srv/minecraft',
    'blockstats players --sort name --all',
    'blockstats players --edition bedrock --json | jq -r \'.[].name\'',
  ]);
  command.action(async (options: PlayersOptions) => {
    const api = await openLocal(options, io, { network: true });
    // Play time is not a Player field; the table takes it from the same snapshot.
    const playTime = new Map(api.snapshot.players.map((p) => [p.uuid, p.play_time]));
    await list<Player>(io, api, options, {
      path: '/v1/players',
      params: { search: options.search, edition: options.edition, ranked: options.ranked ? 'true' : undefined, sort: options.sort },
    }, [
      { header: 'Name', value: (p) => playerName(p), style: 'bold' },
      { header: 'UUID', value: (p) => p.uuid, style: 'dim', truncate: false },
      { header: 'Edition', value: (p) => p.edition },
      { header: 'Last online', value: (p) => shortTime(p.last_online) },
      { header: 'Play time', value: (p) => value(playTime.get(p.uuid) ?? 0, 'ticks').display, align: 'right' },
      { header: 'Ranked', value: (p) => (p.ranked ? 'yes' : 'no') },
    ], 'No players match.');
  });
}

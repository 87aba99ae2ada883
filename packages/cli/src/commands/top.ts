import type { LeaderboardEntry } from '@blockstats/core';
import type { Command } from 'commander';
import type { CliIo } from '../io.js';
import { openLocal } from '../local.js';
import { examples, jsonOption, pagingOptions, saveOptions, type ListOptions } from '../options.js';
import { colors, playerName } from '../output.js';
import { list } from './list.js';
import { unknownStat } from './notFound.js';

/** `blockstats top <stat>`: a stat's leaderboard. */
export function topCommand(program: Command, io: CliIo): void {
  const command = program
    .command('top')
    .argument('<stat>', 'stat id, e.g. jump, play_time, mined_diamond_ore (see `blockstats stats`)')
    .description('Show a stat\'s leaderboard: ranked players, best first (ties share a rank).');
  saveOptions(command, false, true, true);
  pagingOptions(command);
  jsonOption(command);
  examples(command, [
    'blockstats top jump',
    'blockstats top play_time --limit 10',
    'blockstats top deaths --all --json',
    'blockstats top jump --server survival=/srv/network/survival --server creative=/srv/network/creative --view creative',
  ]);
  command.action(async (stat: string, options: ListOptions) => {
    const api = await openLocal(options, io, { network: true });
    const title = api.snapshot.stats.find((s) => s.id === stat)?.title;
    if (!options.json && title) io.stderr.write(`${colors(io).err.paint('bold', title)}\n`);
    await list<LeaderboardEntry>(io, api, options, {
      path: `/v1/stats/${encodeURIComponent(stat)}`,
      onNotFound: unknownStat(api.snapshot, stat),
    }, [
      { header: 'Rank', value: (e) => `#${e.rank}`, align: 'right' },
      { header: 'Player', value: (e) => playerName(e.player), style: 'bold' },
      { header: 'Value', value: (e) => e.display, align: 'right' },
      { header: 'Edition', value: (e) => e.player.edition, style: 'dim' },
    ], 'Nobody has ranked on this stat yet.');
  });
}

import type { LeaderboardEntry, PeriodLeaderboardEntry } from '@blockstats/core';
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
    .description('Show a stat\'s leaderboard: ranked players, best first (ties share a rank).')
    .option('--period <period>', 'gains over a period instead of all time, from the stat history `blockstats serve` or `blockstats record` keeps in the data directory: week, month, year, last_week, last_month, 7d, 30d, an ISO week (2026-W47) or a month (2026-11); with the rank change since the day before');
  saveOptions(command, true, true, true); // --data: the stat history for --period
  pagingOptions(command);
  jsonOption(command);
  examples(command, [
    'blockstats top jump',
    'blockstats top play_time --limit 10',
    'blockstats top deaths --all --json',
    'blockstats top jump --period week --data /var/lib/blockstats',
    'blockstats top jump --server survival=/srv/network/survival --server creative=/srv/network/creative --view creative',
  ]);
  command.action(async (stat: string, options: ListOptions & { period?: string }) => {
    const api = await openLocal(options, io, { network: true, record: options.period !== undefined });
    const title = api.snapshot.stats.find((s) => s.id === stat)?.title;
    if (!options.json && title) io.stderr.write(`${colors(io).err.paint('bold', title)}\n`);
    await list<LeaderboardEntry & Partial<PeriodLeaderboardEntry>>(io, api, options, {
      path: `/v1/stats/${encodeURIComponent(stat)}`,
      params: { period: options.period },
      onNotFound: unknownStat(api.snapshot, stat),
    }, [
      { header: 'Rank', value: (e) => `#${e.rank}`, align: 'right' },
      { header: 'Player', value: (e) => playerName(e.player), style: 'bold' },
      { header: options.period === undefined ? 'Value' : 'Gain', value: (e) => e.display, align: 'right' },
      ...(options.period === undefined ? [] : [{ header: 'Change', value: (e: LeaderboardEntry & Partial<PeriodLeaderboardEntry>) => (e.rank_change == null ? 'new' : e.rank_change > 0 ? `+${e.rank_change}` : e.rank_change === 0 ? '=' : String(e.rank_change)), align: 'right' as const }]),
      { header: 'Edition', value: (e) => e.player.edition, style: 'dim' },
    ], 'Nobody has ranked on this stat yet.');
  });
}

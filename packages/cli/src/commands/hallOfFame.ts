import type { HallOfFameEntry } from '@blockstats/core';
import type { Command } from 'commander';
import type { CliIo } from '../io.js';
import { openLocal } from '../local.js';
import { examples, jsonOption, pagingOptions, saveOptions, type ListOptions } from '../options.js';
import { note, playerName } from '../output.js';
import { list } from './list.js';

/** `blockstats hall-of-fame`: players by crown score. */
export function hallOfFameCommand(program: Command, io: CliIo): void {
  const command = program
    .command('hall-of-fame')
    .description('Show the hall of fame: players by crown score from 1st, 2nd and 3rd places.')
    .option('--period <period>', 'medals from the boards of gains over a period instead of all time, from the stat history `blockstats serve` or `blockstats record` keeps in the data directory: week, month, year, last_week, last_month, 7d, 30d, an ISO week (2026-W47) or a month (2026-11)');
  saveOptions(command, true, true, true); // --data: the stat history for --period
  pagingOptions(command);
  jsonOption(command);
  examples(command, ['blockstats hall-of-fame', 'blockstats hall-of-fame --limit 10 --json', 'blockstats hall-of-fame --period month --data /var/lib/blockstats']);
  command.action(async (options: ListOptions & { period?: string }) => {
    const api = await openLocal(options, io, { network: true, record: options.period !== undefined });
    const envelope = await list<HallOfFameEntry>(io, api, options, { path: '/v1/hall-of-fame', params: { period: options.period } }, [
      { header: 'Rank', value: (e) => `#${e.rank}`, align: 'right' },
      { header: 'Player', value: (e) => playerName(e.player), style: 'bold' },
      { header: 'Score', value: (e) => String(e.crown_score), align: 'right' },
      { header: 'Gold', value: (e) => String(e.medals.gold), align: 'right', style: 'yellow' },
      { header: 'Silver', value: (e) => String(e.medals.silver), align: 'right' },
      { header: 'Bronze', value: (e) => String(e.medals.bronze), align: 'right' },
    ], 'Nobody holds a medal yet.');
    const weights = envelope.meta.crown_weights as { gold: number; silver: number; bronze: number } | undefined;
    if (!options.json && weights) note(io, `Crown score = gold × ${weights.gold} + silver × ${weights.silver} + bronze × ${weights.bronze}.`);
  });
}

import type { PlayerProfile } from '@blockstats/core';
import type { Command } from 'commander';
import { getJson } from '../api.js';
import type { CliIo } from '../io.js';
import { openLocal, type SaveOptions } from '../local.js';
import { examples, jsonOption, saveOptions } from '../options.js';
import { colors, printJson, printTable, shortDate, shortTime } from '../output.js';
import { sanitize } from '../format/table.js';
import { unknownPlayer } from './notFound.js';

/** `blockstats player <name|uuid>`: one player's profile. */
export function playerCommand(program: Command, io: CliIo): void {
  const command = program
    .command('player')
    .argument('<player>', 'in-game name (case-insensitive) or UUID (dashed or bare)')
    .description('Show a player\'s profile: play time, medals, hall-of-fame rank, best ranks, first seen.');
  saveOptions(command, false, true, true);
  jsonOption(command);
  examples(command, [
    'blockstats player Steve',
    'blockstats player 069a79f4-44e9-4726-a5be-fca90e38aaf5 --json',
  ]);
  command.action(async (player: string, options: SaveOptions & { json?: boolean }) => {
    const api = await openLocal(options, io, { network: true });
    const { data } = await getJson<PlayerProfile>(api, `/v1/players/${encodeURIComponent(player)}`, unknownPlayer(api.snapshot, player));
    if (options.json) return printJson(io, data);
    const { out } = colors(io);
    const medals = `${data.medals.gold} gold, ${data.medals.silver} silver, ${data.medals.bronze} bronze`;
    const fields: Array<[string, string]> = [
      ['UUID', data.uuid],
      ['Edition', data.edition],
      ['Ranked', data.ranked ? 'yes' : 'no (below the minimum play time)'],
      ['Play time', data.play_time.display],
      ['Last online', shortTime(data.last_online)],
      ['First seen', `${shortDate(data.first_seen)}${data.first_seen_estimated ? ' (or earlier)' : ''}`],
      ['Days on server', data.days_on_server === null ? '—' : String(data.days_on_server)],
      ['Advancements', `${data.advancements_earned} of ${data.advancements_available}`],
      ['Medals', medals],
      ['Crown score', String(data.crown_score)],
      ['Hall of fame', data.hall_of_fame_rank === null ? '—' : `#${data.hall_of_fame_rank}`],
    ];
    const width = Math.max(...fields.map(([k]) => k.length));
    io.stdout.write(`${out.paint('bold', sanitize(data.name ?? data.uuid))}\n`);
    for (const [key, value] of fields) io.stdout.write(`  ${out.paint('dim', key.padEnd(width))}  ${value}\n`);
    if (data.top_ranks.length > 0) {
      io.stdout.write(`\n${out.paint('bold', 'Best ranks')}\n`);
      printTable(io, data.top_ranks, [
        { header: 'Rank', value: (r) => `#${r.rank}`, align: 'right' },
        { header: 'Stat', value: (r) => r.title },
        { header: 'Value', value: (r) => r.display, align: 'right' },
        { header: 'ID', value: (r) => r.id, style: 'dim', truncate: false },
      ]);
    }
  });
}

import { findPlayer, type Comparison } from '@blockstats/core';
import type { Command } from 'commander';
import { getJson, pathWith } from '../api.js';
import type { CliIo } from '../io.js';
import { openLocal, type SaveOptions } from '../local.js';
import { examples, jsonOption, saveOptions } from '../options.js';
import { note, playerName, printJson, printTable } from '../output.js';
import { unknownPlayer } from './notFound.js';

/** `blockstats compare <a> <b>`: two players side by side. */
export function compareCommand(program: Command, io: CliIo): void {
  const command = program
    .command('compare')
    .argument('<a>', 'first player (name or UUID)')
    .argument('<b>', 'second player (name or UUID)')
    .description('Compare two players on every stat either has, with a winner per stat and a tally.')
    .option('--ids <ids>', 'only these stat ids (comma-separated)')
    .option('--period <period>', 'compare the gains over a period instead of all time, from the stat history `blockstats serve` or `blockstats record` keeps in the data directory: week, month, year, last_week, last_month, 7d, 30d, an ISO week (2026-W47) or a month (2026-11)');
  saveOptions(command, true, true, true); // --data: the stat history for --period
  jsonOption(command);
  examples(command, [
    'blockstats compare Steve Alex',
    'blockstats compare Steve Alex --ids jump,deaths,play_time',
    'blockstats compare Steve Alex --period week --data /var/lib/blockstats',
  ]);
  command.action(async (a: string, b: string, options: SaveOptions & { json?: boolean; ids?: string; period?: string }) => {
    const api = await openLocal(options, io, { network: true, record: options.period !== undefined });
    const missing = [a, b].find((p) => findPlayer(api.snapshot, p) === null) ?? a;
    const { data } = await getJson<Comparison>(api, pathWith('/v1/compare', { players: `${a},${b}`, ids: options.ids, period: options.period }), unknownPlayer(api.snapshot, missing));
    if (options.json) return printJson(io, data);
    const [first, second] = data.players;
    printTable(io, data.stats, [
      { header: 'Stat', value: (s) => s.title },
      { header: playerName(first), value: (s) => s.players[first.uuid]?.display ?? '0', align: 'right' },
      { header: '', value: (s) => (s.winner === null ? '=' : s.winner === first.uuid ? '<' : '>') },
      { header: playerName(second), value: (s) => s.players[second.uuid]?.display ?? '0', align: 'right' },
    ], 'Neither player has any of these stats.');
    const wins = data.tally.wins;
    const winner = data.tally.winner === null ? 'a draw' : `${playerName(data.tally.winner === first.uuid ? first : second)} wins`;
    note(io, `${playerName(first)} ${wins[first.uuid] ?? 0} – ${wins[second.uuid] ?? 0} ${playerName(second)}, ${data.tally.ties} tied: ${winner}.`);
  });
}

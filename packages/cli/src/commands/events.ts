import type { Command } from 'commander';
import { getJson, pathWith } from '../api.js';
import { CliError, EXIT } from '../errors.js';
import type { CliIo } from '../io.js';
import { openLocal, type SaveOptions } from '../local.js';
import { examples, jsonOption, saveOptions } from '../options.js';
import { playerName, printJson, printTable, shortTime } from '../output.js';

/** An event as the API lists it (the fields the table shows). */
interface EventEntry {
  id: string;
  title: string;
  state: string;
  starts_at: string;
  ends_at: string;
  participants: number;
  leader: { player: { name: string | null; uuid: string }; display: string } | null;
}

/** `blockstats events`: the weekly community events from the activity record. */
export function eventsCommand(program: Command, io: CliIo): void {
  const command = program
    .command('events')
    .description('List the weekly community events (newest first) with their leaders. Needs the activity record that `blockstats serve` or `blockstats record` keeps.')
    .option('--active', 'only the running event')
    .option('--finished', 'only finished events');
  saveOptions(command, true, true, true);
  jsonOption(command);
  examples(command, [
    'blockstats events',
    'blockstats events --active --json',
    'blockstats events --data /var/lib/blockstats',
  ]);
  command.action(async (options: SaveOptions & { json?: boolean; active?: boolean; finished?: boolean }) => {
    if (options.active && options.finished) throw new CliError('--active and --finished exclude each other.', EXIT.usage);
    const api = await openLocal(options, io, { record: true, network: true });
    if (api.network) {
      // Each server keeps its own record; merging records is `blockstats serve`'s to do for a network.
      throw new CliError('Events come from a server\'s activity record, which is not read for a network: run `blockstats events --server DIR` on one server.', EXIT.usage);
    }
    if (api.record()?.recordingSince == null) {
      throw new CliError(
        `No activity has been recorded for this server yet (looked in ${api.target.dataDir}).\n` +
          'Events come from the record that `blockstats serve` keeps, or `blockstats record` run from cron; point --data at it if it lives elsewhere.',
        EXIT.failure,
      );
    }
    const active = options.active ? 'true' : options.finished ? 'false' : undefined;
    const { data } = await getJson<EventEntry[]>(api, pathWith('/v1/events', { active }));
    if (options.json) return printJson(io, data);
    printTable(io, data, [
      { header: 'Event', value: (e) => e.title, style: 'bold' },
      { header: 'State', value: (e) => e.state },
      { header: 'Starts', value: (e) => shortTime(e.starts_at) },
      { header: 'Ends', value: (e) => shortTime(e.ends_at) },
      { header: 'Leader', value: (e) => (e.leader ? playerName(e.leader.player) : '—') },
      { header: 'Gain', value: (e) => e.leader?.display ?? '—', align: 'right' },
      { header: 'ID', value: (e) => e.id, style: 'dim', truncate: false },
    ], 'No events.');
  });
}

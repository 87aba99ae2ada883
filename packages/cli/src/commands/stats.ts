import type { Stat } from '@blockstats/core';
import type { Command } from 'commander';
import type { CliIo } from '../io.js';
import { openLocal } from '../local.js';
import { examples, jsonOption, pagingOptions, saveOptions, type ListOptions } from '../options.js';
import { list } from './list.js';

/** `blockstats stats [search]`: the stat catalogue with each stat's record. */
export function statsCommand(program: Command, io: CliIo): void {
  const command = program
    .command('stats')
    .argument('[search]', 'only stats whose id, title or description contains this text')
    .description('List the tracked statistics with the current record of each.');
  saveOptions(command, false, true, true);
  pagingOptions(command);
  jsonOption(command);
  examples(command, [
    'blockstats stats',
    'blockstats stats diamond',
    'blockstats stats --all --json | jq -r \'.[].id\'',
  ]);
  command.action(async (search: string | undefined, options: ListOptions) => {
    const api = await openLocal(options, io, { network: true });
    await list<Stat>(io, api, options, { path: '/v1/stats', params: { search } }, [
      { header: 'ID', value: (s) => s.id, style: 'bold', truncate: false },
      { header: 'Title', value: (s) => s.title },
      { header: 'Unit', value: (s) => s.unit, style: 'dim' },
      { header: 'Record', value: (s) => s.record?.display ?? '—', align: 'right' },
    ], search ? `No stat matches "${search}".` : 'No stats.');
  });
}

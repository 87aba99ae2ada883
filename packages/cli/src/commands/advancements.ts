import type { Advancement } from '@blockstats/core';
import type { Command } from 'commander';
import type { CliIo } from '../io.js';
import { openLocal } from '../local.js';
import { examples, jsonOption, oneOf, pagingOptions, saveOptions, type ListOptions } from '../options.js';
import { list } from './list.js';

interface AdvancementsOptions extends ListOptions {
  search?: string;
  category?: string;
  sort?: string;
  include?: string;
}

/** `blockstats advancements`: the advancement catalogue with rarity. */
export function advancementsCommand(program: Command, io: CliIo): void {
  const command = program
    .command('advancements')
    .description('List advancements with how many players hold each (rarest first).')
    .option('--search <text>', 'only ids or titles containing this text')
    .option('--category <tab>', 'story, nether, end, adventure, husbandry (or a datapack namespace)')
    .option('--sort <order>', 'rarity (default), title, category or first', oneOf(['rarity', 'title', 'category', 'first'] as const))
    .option('--include <what>', 'datapack or all: add datapack advancements', oneOf(['datapack', 'all'] as const));
  saveOptions(command, false, true, true);
  pagingOptions(command);
  jsonOption(command);
  examples(command, [
    'blockstats advancements',
    'blockstats advancements --category nether --sort title',
    'blockstats advancements --search dragon --json',
  ]);
  command.action(async (options: AdvancementsOptions) => {
    const api = await openLocal(options, io, { network: true });
    await list<Advancement>(io, api, options, {
      path: '/v1/advancements',
      params: { search: options.search, category: options.category, sort: options.sort, include: options.include },
    }, [
      { header: 'Title', value: (a) => a.title, style: 'bold' },
      { header: 'Category', value: (a) => a.category },
      { header: 'Holders', value: (a) => String(a.completed_by), align: 'right' },
      { header: 'Rarity', value: (a) => `${a.rarity_percent.toFixed(1)}%`, align: 'right' },
      { header: 'ID', value: (a) => a.id, style: 'dim', truncate: false },
    ], 'No advancement matches.');
  });
}

import { InvalidArgumentError, type Command } from 'commander';

/** A whole-number option parser with bounds, for commander. */
export function wholeNumber(min: number, max: number) {
  return (value: string): number => {
    if (!/^\d+$/.test(value.trim())) throw new InvalidArgumentError(`must be a whole number from ${min} to ${max}.`);
    const n = Number(value);
    if (n < min || n > max) throw new InvalidArgumentError(`must be a whole number from ${min} to ${max}.`);
    return n;
  };
}

/** A choice option parser naming the allowed values. */
export function oneOf<T extends string>(values: readonly T[]) {
  return (value: string): T => {
    if (!(values as readonly string[]).includes(value)) throw new InvalidArgumentError(`must be one of ${values.join(', ')}.`);
    return value as T;
  };
}

/** `--server`, `--config`, `--data`: where the save, the configuration and the record are. */
export function saveOptions(command: Command, record = false): Command {
  command
    .option('-s, --server <dir>', 'Minecraft server directory (default: $BLOCKSTATS_SERVER, else the current directory)')
    .option('-c, --config <file>', 'configuration file (JSON; default: $BLOCKSTATS_CONFIG)');
  if (record) command.option('-d, --data <dir>', 'data directory holding the activity record (default: the one `blockstats serve` uses for this server)');
  return command;
}

/** `--json`: the API's `data` for scripts instead of a table. */
export function jsonOption(command: Command): Command {
  return command.option('--json', 'print the API\'s JSON `data` instead of a table');
}

/** `--limit`, `--offset`, `--all`: paging like the API's. */
export function pagingOptions(command: Command): Command {
  return command
    .option('--limit <n>', 'entries per page, 1 to 500 (default: the API\'s)', wholeNumber(1, 500))
    .option('--offset <n>', 'entries to skip', wholeNumber(0, Number.MAX_SAFE_INTEGER))
    .option('--all', 'every page (ignores --limit and --offset)');
}

/** Options every paged, table-printing command gets. */
export interface ListOptions {
  server?: string;
  config?: string;
  data?: string;
  json?: boolean;
  limit?: number;
  offset?: number;
  all?: boolean;
}

/** Examples block for `--help`. */
export function examples(command: Command, lines: readonly string[]): Command {
  return command.addHelpText('after', `\nExamples:\n${lines.map((l) => `  $ ${l}`).join('\n')}\n`);
}

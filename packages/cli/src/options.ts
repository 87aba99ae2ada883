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

/**
 * `--server`, `--config`, `--data`: where the save, the configuration and the record are; and,
 * unless `hiding` is false (`record` keeps every player), who to leave out (see {@link hidingOptions});
 * with `network` (the query commands), a network of servers (see {@link networkOptions}), or
 * `'servers'` (serve, record) a repeatable `--server` for the servers themselves; with
 * `server` false, the command declares `--server` itself (export: a network without `--view`).
 */
export function saveOptions(command: Command, record = false, hiding = true, network: boolean | 'servers' = false, server = true): Command {
  if (network === true) networkOptions(command);
  else if (network === 'servers') command.option('-s, --server <dir|url|id=dir|id=url>', 'Minecraft server directory, or sftp://user@host:port/path (default: the configuration\'s server_dir, else $BLOCKSTATS_SERVER, else the current directory); repeat as --server id=DIR (or id=sftp://…) for a network of servers (ids snake_case), as the configuration\'s servers list', repeated);
  else if (server) command.option('-s, --server <dir|url>', 'Minecraft server directory, or sftp://user@host:port/path (default: the configuration\'s server_dir, else $BLOCKSTATS_SERVER, else the current directory)');
  command.option('-c, --config <file>', 'configuration file (JSON; default: $BLOCKSTATS_CONFIG)');
  if (record) command.option('-d, --data <dir>', 'data directory holding the activity record (default: the one `blockstats serve` uses for this server)');
  return hiding ? hidingOptions(command) : command;
}

/** A repeatable option's values, in order (commander's default keeps the last one only). */
function repeated(value: string, previous: string[] = []): string[] {
  return [...previous, value];
}

/**
 * `--server id=DIR` (repeatable) and `--view <id>`: the query commands answer for a network of
 * servers, or for one of its servers (the router's `?server=<id>`).
 */
export function networkOptions(command: Command, view = true): Command {
  command.option('-s, --server <dir|url|id=dir>', 'Minecraft server directory or sftp://user@host:port/path (default: the configuration\'s server_dir, else $BLOCKSTATS_SERVER, else the current directory); repeat as --server id=DIR for a network of servers (ids snake_case)', repeated);
  return view ? command.option('--view <id>', 'on a network, answer for this server alone (default: the whole network)') : command;
}

/** A `--hide` value: a UUID or a name as the configuration's `players.hide` takes them. */
function playerToHide(value: string, previous: string[] = []): string[] {
  const entry = value.trim();
  // The configuration's rule: 1 to 64 characters, no control characters.
  if (entry === '' || entry.length > 64 || /[\u0000-\u001f\u007f]/.test(entry)) {
    throw new InvalidArgumentError('must be a player UUID (dashed or bare) or name.');
  }
  return [...previous, entry];
}

/**
 * `--hide`, `--[no-]exclude-banned`, `--[no-]exclude-ops`: who is left out of every answer, as
 * if never seen, over the configuration's `players` section (same rules as `serve`).
 */
export function hidingOptions(command: Command): Command {
  return command
    .option('--hide <player>', 'leave this player out as if never seen: UUID or name; repeatable, adds to the configuration\'s players.hide', playerToHide)
    .option('--exclude-banned', 'leave out players banned in the server\'s banned-players.json (the default)')
    .option('--no-exclude-banned', 'show banned players too')
    .option('--exclude-ops', 'leave out the server\'s operators (ops.json)')
    .option('--no-exclude-ops', 'show operators (the default)');
}

/** The options {@link hidingOptions} adds. */
export interface HidingOptions {
  hide?: string[];
  excludeBanned?: boolean;
  excludeOps?: boolean;
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
export interface ListOptions extends HidingOptions {
  server?: string | string[];
  view?: string;
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

import { createRequire } from 'node:module';
import { Command, CommanderError } from 'commander';
import { advancementsCommand } from './commands/advancements.js';
import { apiCommand } from './commands/api.js';
import { compareCommand } from './commands/compare.js';
import { badgeCommand, cardCommand } from './commands/embed.js';
import { eventsCommand } from './commands/events.js';
import { exportCommand } from './commands/export.js';
import { hallOfFameCommand } from './commands/hallOfFame.js';
import { playerCommand } from './commands/player.js';
import { playersCommand } from './commands/players.js';
import { recordCommand } from './commands/record.js';
import { serveCommand } from './commands/serve.js';
import { snapshotCommand } from './commands/snapshot.js';
import { statsCommand } from './commands/stats.js';
import { topCommand } from './commands/top.js';
import { CliError, EXIT } from './errors.js';
import type { CliIo } from './io.js';
import { colors } from './output.js';

// src/run.ts and dist/bin.js both sit one folder below the package root.
const { version } = createRequire(import.meta.url)('../package.json') as { version: string };

/**
 * Runs the CLI with `argv` (without `node` and the script) against `io`, and resolves the exit
 * code. Never calls `process.exit`: tests run it in-process.
 *
 * @example
 * process.exitCode = await run(process.argv.slice(2), processIo());
 */
export async function run(argv: readonly string[], io: CliIo): Promise<number> {
  const { err } = colors(io);
  let exitCode: number = EXIT.ok;
  const program = new Command('blockstats')
    .description('Minecraft server statistics: query a world save offline, export the API as static files, or serve the /v1 API.')
    .version(version, '-V, --version')
    .option('--debug', 'print stack traces of unexpected errors')
    .exitOverride()
    .showSuggestionAfterError(true)
    .configureOutput({
      writeOut: (text) => void io.stdout.write(text),
      writeErr: (text) => void io.stderr.write(text),
      outputError: (text, write) => write(err.paint('red', text)),
      getOutHelpWidth: () => io.stdout.columns ?? 80,
      getErrHelpWidth: () => io.stderr.columns ?? 80,
      getOutHasColors: () => colors(io).out.enabled,
      getErrHasColors: () => err.enabled,
    })
    .addHelpText('after', `
Every query command reads the save given with --server (default: the configuration's server_dir,
else $BLOCKSTATS_SERVER, else the current directory), or a network's saves given as
--server id=DIR each (--view ID answers for one of them), and answers through the same router
as the HTTP API; --json prints the API's \`data\` for scripts. Exit codes: 0 ok, 1 failure,
2 bad usage or input (bad flag, missing server directory, unknown player or stat).

Examples:
  $ blockstats players --server /srv/minecraft
  $ blockstats top jump --limit 10 --server /srv/minecraft
  $ blockstats player Steve --json --server /srv/minecraft
  $ blockstats api '/v1/stats?search=diamond' --server /srv/minecraft
  $ blockstats top jump --server survival=/srv/network/survival --server creative=/srv/network/creative --view creative
  $ blockstats serve --server /srv/minecraft --port 8080
  $ blockstats export --server /srv/minecraft --out public --base-url https://stats.example.net
`);
  program.commandsGroup('Queries:');
  playersCommand(program, io);
  playerCommand(program, io);
  topCommand(program, io);
  statsCommand(program, io);
  advancementsCommand(program, io);
  compareCommand(program, io);
  eventsCommand(program, io);
  hallOfFameCommand(program, io);
  program.commandsGroup('Embeds:');
  badgeCommand(program, io);
  cardCommand(program, io);
  program.commandsGroup('API and data:');
  apiCommand(program, io, (code) => {
    exitCode = code;
  });
  snapshotCommand(program, io);
  exportCommand(program, io);
  recordCommand(program, io);
  serveCommand(program, io);
  for (const command of program.commands) command.exitOverride().showSuggestionAfterError(true).configureOutput(program.configureOutput());

  try {
    await program.parseAsync([...argv], { from: 'user' });
    return exitCode;
  } catch (error) {
    if (error instanceof CommanderError) {
      // Help and version are successes; every other commander error is a usage error.
      if (error.code === 'commander.helpDisplayed' || error.code === 'commander.version' || error.code === 'commander.help') return EXIT.ok;
      return EXIT.usage;
    }
    if (error instanceof CliError) {
      io.stderr.write(`${err.paint('red', 'error:')} ${error.message}\n`);
      return error.exitCode;
    }
    const debug = argv.includes('--debug');
    const message = error instanceof Error ? error.message : String(error);
    io.stderr.write(`${err.paint('red', 'error:')} unexpected failure: ${message}\n`);
    if (debug && error instanceof Error && error.stack) io.stderr.write(`${error.stack}\n`);
    else io.stderr.write('Run again with --debug for the stack trace.\n');
    return EXIT.failure;
  }
}

import { STATUS_CODES } from 'node:http';
import type { Command } from 'commander';
import { EXIT } from '../errors.js';
import type { CliIo } from '../io.js';
import { openLocal, type SaveOptions } from '../local.js';
import { examples, saveOptions } from '../options.js';

/** `/v1/stats?x=1` from what a person types: a path with or without its slash, or a whole URL. */
export function apiPath(input: string): string {
  if (/^https?:\/\//i.test(input)) {
    const url = new URL(input);
    return `${url.pathname}${url.search}`;
  }
  return input.startsWith('/') ? input : `/${input}`;
}

/** `blockstats api <path>`: the API's answer for one path, through the router in-process. */
export function apiCommand(program: Command, io: CliIo, setExit: (code: number) => void): void {
  const command = program
    .command('api')
    .argument('<path>', 'API path with its query, e.g. /v1/stats/jump?limit=5 (quote it in the shell)')
    .description('Print exactly what the API would answer for a path and query: the router runs in-process, no port is opened. Exit code 0 for a success, 2 for a 4xx answer, 1 for a 5xx.')
    .option('-i, --include', 'print the status line and headers before the body')
    .option('--base-url <url>', 'public base URL for absolute links (default: the configuration\'s, else http://localhost:8080)');
  saveOptions(command, true, true, true);
  examples(command, [
    'blockstats api /v1/players/Steve',
    'blockstats api \'/v1/stats/jump?limit=3\' | jq .data',
    'blockstats api /v1/badge/player/Steve.svg > steve.svg',
    'blockstats api -i /v1/health',
  ]);
  command.action(async (path: string, options: SaveOptions & { include?: boolean; baseUrl?: string }) => {
    const api = await openLocal(options, io, { record: true, network: true });
    const response = await api.request(apiPath(path));
    if (options.include) {
      io.stdout.write(`HTTP/1.1 ${response.status} ${STATUS_CODES[response.status] ?? ''}\n`);
      response.headers.forEach((value, name) => io.stdout.write(`${name}: ${value}\n`));
      io.stdout.write('\n');
    }
    const body = await response.text();
    io.stdout.write(body);
    if (io.stdout.isTTY && body !== '' && !body.endsWith('\n')) io.stdout.write('\n');
    setExit(response.status >= 500 ? EXIT.failure : response.status >= 400 ? EXIT.usage : EXIT.ok);
  });
}

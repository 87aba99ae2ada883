// The command line of the demo generators (generate-demo-record.ts, generate-demo-stat-history.ts):
// the options they share, checked the same way, with the same messages.
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';

/** A demo generator's options as given, checked. */
export interface DemoGeneratorArgs {
  /** The demo server (absolute). */
  server: string;
  /** The data directory (absolute; default `<server>/.blockstats`). */
  data: string;
  days: number | undefined;
  /** `--history-days`, where the generator takes it. */
  historyDays: number | undefined;
  /** Epoch milliseconds of `--end`. */
  end: number | undefined;
  seed: string | undefined;
  timeZone: string | undefined;
  ifMissing: boolean;
}

/** What the generator is, for its messages and defaults. */
export interface DemoGenerator {
  /** Its name in messages, e.g. `generate-demo-record`. */
  name: string;
  usage: string;
  defaultServer: string;
  /** Takes `--history-days`. */
  historyDays?: boolean;
}

/** A whole number option, or an error naming it. */
function wholeNumber(option: string, value: string | undefined): number | undefined | Error {
  if (value === undefined) return undefined;
  return /^\d+$/.test(value) ? Number(value) : new Error(`--${option} must be a whole number, got "${value}"`);
}

/**
 * Reads a demo generator's command line. Returns the exit code when it is done already: 0 after
 * `--help` (the usage on stdout), 2 after a bad option (the reason and the usage on stderr).
 */
export function demoGeneratorArgs(argv: readonly string[], generator: DemoGenerator): DemoGeneratorArgs | number {
  const fail = (message: string): number => {
    console.error(`${generator.name}: ${message}\n\n${generator.usage}`);
    return 2;
  };
  let values;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: {
        server: { type: 'string' },
        data: { type: 'string' },
        days: { type: 'string' },
        ...(generator.historyDays ? { 'history-days': { type: 'string' as const } } : {}),
        end: { type: 'string' },
        seed: { type: 'string' },
        'time-zone': { type: 'string' },
        'if-missing': { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    return fail((error as Error).message);
  }
  if (values.help) {
    console.log(generator.usage);
    return 0;
  }
  const server = resolve(values.server ?? generator.defaultServer);
  const days = wholeNumber('days', values.days);
  if (days instanceof Error) return fail(days.message);
  const end = values.end === undefined ? undefined : Date.parse(values.end);
  if (end !== undefined && !(Number.isFinite(end) && /^\d{4}-\d{2}-\d{2}T/.test(values.end!))) {
    return fail(`--end must be an ISO 8601 date-time such as 2026-11-16T12:00:00Z, got "${values.end}"`);
  }
  const historyDays = wholeNumber('history-days', values['history-days'] as string | undefined);
  if (historyDays instanceof Error) return fail(historyDays.message);
  return {
    server,
    data: resolve(values.data ?? join(server, '.blockstats')),
    days,
    historyDays,
    end,
    seed: values.seed,
    timeZone: values['time-zone'],
    ifMissing: values['if-missing'] === true,
  };
}

import type { Pagination } from './api.js';
import { colorsFor, type Colors } from './format/color.js';
import { table, type Column } from './format/table.js';
import type { CliIo } from './io.js';

/** Prints a value as indented JSON (what `--json` gives scripts). */
export function printJson(io: CliIo, value: unknown): void {
  io.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
}

/** Colours for stdout (tables) and stderr (notes). */
export function colors(io: CliIo): { out: Colors; err: Colors } {
  return { out: colorsFor(io.stdout, io.env), err: colorsFor(io.stderr, io.env) };
}

/** Prints rows as an aligned table on stdout, or a note when there are none. */
export function printTable<Row>(io: CliIo, rows: readonly Row[], columns: readonly Column<Row>[], empty = 'Nothing to show.'): void {
  if (rows.length === 0) {
    note(io, empty);
    return;
  }
  // Long cells are cut on a terminal only; a pipe gets every character.
  const maxCell = io.stdout.isTTY ? Math.max(16, Math.min(48, Math.floor(((io.stdout.columns ?? 100) - 40) / Math.max(1, columns.length - 1)))) : Number.MAX_SAFE_INTEGER;
  io.stdout.write(table(rows, columns, colors(io).out, maxCell));
}

/** A line for people on stderr: never mixed into output a script may parse. */
export function note(io: CliIo, text: string): void {
  io.stderr.write(`${colors(io).err.paint('dim', text)}\n`);
}

/** "Showing 1–50 of 240" and how to see more, when a page is not the whole collection. */
export function pageNote(io: CliIo, pagination: Pagination | undefined): void {
  if (!pagination || pagination.total === 0) return;
  const from = pagination.offset + 1;
  const to = pagination.offset + pagination.count;
  if (pagination.count >= pagination.total) return;
  const more = pagination.next ? ` Next page: --offset ${pagination.offset + pagination.limit}; everything: --all.` : '';
  note(io, `Showing ${from}–${to} of ${pagination.total}.${more}`);
}

/** `2026-11-16 12:03 UTC` from an ISO time; `—` for null. */
export function shortTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '—';
  return `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/** `2026-11-16` from an ISO time; `—` for null. */
export function shortDate(iso: string | null | undefined): string {
  return iso ? iso.slice(0, 10) : '—';
}

/** A player's display name: the name, or the UUID when the save knows none. */
export function playerName(player: { name: string | null; uuid: string } | null | undefined): string {
  if (!player) return '—';
  return player.name ?? player.uuid;
}

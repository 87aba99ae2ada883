import { pathWith, getAllPages, getJson, type Envelope } from '../api.js';
import type { CliIo } from '../io.js';
import type { LocalApi } from '../local.js';
import type { ListOptions } from '../options.js';
import { pageNote, printJson, printTable } from '../output.js';
import type { Column } from '../format/table.js';

/**
 * The shape of every listing command: one collection request (or every page with `--all`),
 * then `--json` prints the `data` array, or a table for people with a paging note.
 */
export async function list<Row>(
  io: CliIo,
  api: LocalApi,
  options: ListOptions,
  request: { path: string; params?: Record<string, string | number | boolean | undefined>; onNotFound?: (detail: string) => string },
  columns: readonly Column<Row>[],
  empty?: string,
): Promise<Envelope<Row[]>> {
  const params = { ...request.params, ...(options.all ? {} : { limit: options.limit, offset: options.offset }) };
  const path = pathWith(request.path, params);
  const envelope = options.all ? await getAllPages<Row>(api, path, request.onNotFound) : await getJson<Row[]>(api, path, request.onNotFound);
  if (options.json) {
    printJson(io, envelope.data);
  } else {
    printTable(io, envelope.data, columns, empty);
    pageNote(io, envelope.meta.pagination);
  }
  return envelope;
}

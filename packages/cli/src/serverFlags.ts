import type { NetworkServerInput } from '@blockstats/server/reference';
import { CliError, EXIT } from './errors.js';

/** What the `--server` flags ask for: one server directory (or none given), or a network. */
export type ServerFlags = { network: false; dir: string | undefined } | { network: true; servers: NetworkServerInput[]; given: string[] };

/** `id=path`: an id (no slash, so a directory path with `=` in it is still a path when written `./a=b`) and a path. */
const ID_EQUALS = /^([^=/\\]*)=(.*)$/s;

/**
 * Reads the repeatable `--server`: one `--server DIR` is a single server, exactly as before;
 * `--server id=DIR` (one or more) is a network, each server's id before the `=`. Mixing the two
 * forms, or giving a plain directory twice, is a usage error; ids and directories are checked by
 * `resolveNetworkServers` (the same check the configuration's servers will get).
 *
 * @example
 * serverFlags(['survival=/srv/survival', 'creative=/srv/creative']); // a network of two
 */
export function serverFlags(values: readonly string[] | string | undefined): ServerFlags {
  const given = values === undefined ? [] : typeof values === 'string' ? [values] : [...values];
  const pairs = given.map((value) => ID_EQUALS.exec(value));
  if (pairs.every((pair) => pair === null)) {
    if (given.length > 1) {
      throw new CliError(`--server DIR names one server; for a network give each as --server id=DIR (got ${given.length} directories).`, EXIT.usage);
    }
    return { network: false, dir: given[0] };
  }
  const plain = given.find((_, i) => pairs[i] === null);
  if (plain !== undefined) {
    throw new CliError(`--server ${plain} is a plain directory among id=DIR servers: on a network give every server as --server id=DIR.`, EXIT.usage);
  }
  return { network: true, given, servers: pairs.map((pair) => ({ id: pair![1]!, save: pair![2]! })) };
}

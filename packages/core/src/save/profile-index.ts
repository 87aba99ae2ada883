import type { ProfileEntry, ProfileList } from './parse-profile-list.js';

/** Characters of a dashed UUID. */
const UUID_CHARS = 36;

/**
 * A profile list indexed by uuid in a form that crosses threads cheaply: two strings and two
 * typed arrays instead of an object per entry. A 15.7 MB `usercache.json` parsed on a worker
 * thread came back as ~150,000 entry objects, which the reading thread took over (structured
 * clone, synchronous on the receiving side) and indexed into a Map: up to 1.44 s during which
 * no request was answered. A UUID named more than once keeps the entry with the newest
 * `expiresOn` (a usercache salvaged from several versions).
 */
export interface ProfileIndex {
  /** The entries' dashed UUIDs, sorted, one after the other. */
  uuids: string;
  /** The entries' names, one after the other, ending at `nameEnds`. */
  names: string;
  nameEnds: Uint32Array;
  /** `expiresOn` by entry, NaN for none. */
  expires: Float64Array;
  /** Why the file was only partly usable, or null when it was fine. */
  problem: string | null;
}

/** What the save reader asks of a profile list: its size and an entry by dashed UUID. */
export interface ProfileLookup {
  readonly size: number;
  get(uuid: string): ProfileEntry | undefined;
}

/** Indexes a parsed list (see {@link ProfileIndex}). */
export function indexProfiles(list: ProfileList): ProfileIndex {
  const newest = new Map<string, ProfileEntry>();
  for (const entry of list.entries) {
    const known = newest.get(entry.uuid);
    if (known === undefined || (entry.expiresOn ?? -Infinity) > (known.expiresOn ?? -Infinity)) newest.set(entry.uuid, entry);
  }
  const entries = [...newest.values()].sort((a, b) => (a.uuid < b.uuid ? -1 : a.uuid > b.uuid ? 1 : 0));
  const nameEnds = new Uint32Array(entries.length);
  const expires = new Float64Array(entries.length);
  let end = 0;
  entries.forEach((entry, i) => {
    end += entry.name.length;
    nameEnds[i] = end;
    expires[i] = entry.expiresOn ?? Number.NaN;
  });
  return {
    uuids: entries.map((e) => e.uuid).join(''),
    names: entries.map((e) => e.name).join(''),
    nameEnds,
    expires,
    problem: list.problem,
  };
}

/**
 * Looks entries up in an index by binary search: nothing is built when the index arrives, and
 * each entry is made only when asked for (one per player of the save).
 *
 * @example
 * profileLookup(indexProfiles(parseProfileList(text))).get('069a79f4-44e9-4726-a5be-fca90e38aaf5')?.name; // 'Notch'
 */
export function profileLookup(index: ProfileIndex): ProfileLookup {
  const size = index.nameEnds.length;
  return {
    size,
    get(uuid) {
      let low = 0;
      let high = size - 1;
      while (low <= high) {
        const mid = (low + high) >>> 1;
        const at = index.uuids.slice(mid * UUID_CHARS, (mid + 1) * UUID_CHARS);
        if (at < uuid) low = mid + 1;
        else if (at > uuid) high = mid - 1;
        else {
          const expiresOn = index.expires[mid]!;
          return { uuid: at, name: index.names.slice(mid === 0 ? 0 : index.nameEnds[mid - 1], index.nameEnds[mid]), expiresOn: Number.isNaN(expiresOn) ? null : expiresOn };
        }
      }
      return undefined;
    },
  };
}

import { bedrockGamertag, floodgateName, javaName } from '../demo/names.js';
import type { Random } from '../demo/random.js';

// Who plays on the demo network: one pool of people, each on some of its servers. A few have a
// fixed trait the tests rely on (see NetworkPerson.trait).

/** The servers of the demo network, in configuration order, with the game version each runs. */
export const NETWORK_SERVERS = [
  // Today's game: ids as the reader reports them.
  { id: 'survival', name: 'Survival', dataVersion: 4671, release: '1.21.11', offsetMinutes: 60, port: 25566 },
  // 1.20.1: before `grass` became `short_grass` (3697), so nothing is renamed here that we write.
  { id: 'creative', name: 'Creative', dataVersion: 3465, release: '1.20.1', offsetMinutes: 0, port: 25567 },
  // 1.15.2: `play_one_minute` and `zombie_pigman`, which the reader renames before the merge.
  { id: 'skyblock', name: 'Skyblock', dataVersion: 2230, release: '1.15.2', offsetMinutes: -300, port: 25568 },
] as const;

export type ServerId = (typeof NETWORK_SERVERS)[number]['id'];

/** A trait the network tests name players by. */
export type Trait =
  | 'everywhere' // on all three servers, known by an older name on survival
  | 'banned_on_creative' // banned on creative only, plays on survival too: hidden everywhere
  | 'bedrock_everywhere' // a Floodgate player on all three servers
  | 'skyblock_only'; // on one server only

/** One person of the network. */
export interface NetworkPerson {
  readonly uuid: string;
  readonly edition: 'java' | 'bedrock';
  /** The current name (Floodgate's `.` included for Bedrock). */
  readonly name: string;
  readonly trait: Trait | null;
  /** The servers this person played on. */
  readonly servers: readonly ServerId[];
}

const TRAITS: ReadonlyArray<{ trait: Trait; edition: 'java' | 'bedrock'; servers: readonly ServerId[] }> = [
  { trait: 'everywhere', edition: 'java', servers: ['survival', 'creative', 'skyblock'] },
  { trait: 'banned_on_creative', edition: 'java', servers: ['survival', 'creative'] },
  { trait: 'bedrock_everywhere', edition: 'bedrock', servers: ['survival', 'creative', 'skyblock'] },
  { trait: 'skyblock_only', edition: 'java', servers: ['skyblock'] },
];

function hex(rng: Random, digits: number): string {
  let out = '';
  while (out.length < digits) out += rng.uint32().toString(16).padStart(8, '0');
  return out.slice(0, digits);
}

/** A version-4 UUID (Java) or a Floodgate one (Bedrock: the first 16 hex digits zero). */
function personUuid(rng: Random, edition: 'java' | 'bedrock'): string {
  if (edition === 'bedrock') return `00000000-0000-0000-0009-${hex(rng, 12)}`;
  const h = hex(rng, 32);
  const variant = '89ab'[Number.parseInt(h[16]!, 16) % 4];
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** `count` people (the traits first), a fifth of them Bedrock; each on at least one server. */
export function planPeople(rng: Random, count: number): NetworkPerson[] {
  const people: NetworkPerson[] = [];
  const names = new Set<string>();
  for (let i = 0; i < count; i++) {
    const own = rng.fork(`person/${i}`);
    const fixed = TRAITS[i];
    const edition = fixed?.edition ?? (own.chance(0.2) ? 'bedrock' : 'java');
    let name: string;
    do name = edition === 'bedrock' ? floodgateName(bedrockGamertag(own)) : javaName(own);
    while (names.has(name.toLowerCase()));
    names.add(name.toLowerCase());
    const servers = fixed?.servers ?? randomServers(own);
    people.push({ uuid: personUuid(own, edition), edition, name, trait: fixed?.trait ?? null, servers });
  }
  return people;
}

function randomServers(rng: Random): ServerId[] {
  const chosen = NETWORK_SERVERS.filter((_server, i) => rng.chance([0.85, 0.5, 0.45][i]!)).map((s) => s.id);
  return chosen.length > 0 ? chosen : ['survival'];
}

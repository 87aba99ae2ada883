import { compareText } from './compare.js';
import { bedrockGamertag, floodgateName, javaName } from './names.js';
import type { Random } from './random.js';
import { buildSessions, totalPlay, type Session } from './sessions.js';
import type { ServerClock } from './timeline.js';

// Who plays on the demo server and when. A heavy-tailed mix from one-visit guests to
// thousand-hour veterans, about 15% Bedrock (Floodgate), plus a fixed cast of players with a
// special trait that other tests can rely on by name (see SPECIALS).

const HOUR = 3_600_000;
const DAY = 86_400_000;

export type Archetype = 'visitor' | 'casual' | 'regular' | 'dedicated' | 'veteran';

/** A trait that changes what gets written for a player. */
export type Role =
  | 'top_veteran' // most play time on the server
  | 'owner' // op, was given every recipe with /recipe
  | 'moderator' // op, was given every recipe with /recipe
  | 'reused_name_old' // first holder of a name another account uses now
  | 'reused_name_new' // current holder of that name
  | 'cross_edition_java' // one person, a Java account...
  | 'cross_edition_bedrock' // ...and a Bedrock account with the same gamertag
  | 'bedrock_notable'
  | 'predating' // joined long before its advancement file begins (DECISIONS 8)
  | 'unranked_visitor' // under 60 minutes played
  | 'stats_only' // stats and advancements but no playerdata .dat
  | 'no_advancements' // no advancements file at all
  | 'not_in_usercache' // name only in playerdata `bukkit.lastKnownName`
  | 'banned' // in banned-players.json, off the whitelist
  | 'unwhitelisted'; // removed from the whitelist after one visit

/** Everything about one player that the file writers need. */
export interface PlayerPlan {
  readonly uuid: string;
  readonly name: string;
  readonly edition: 'java' | 'bedrock';
  /** Xbox user id (Bedrock only). */
  readonly xuid: number | null;
  readonly archetype: Archetype;
  readonly roles: readonly Role[];
  readonly sessions: readonly Session[];
  readonly firstJoin: number;
  readonly lastOnline: number;
  /** Start of the last session: Paper's `LastLogin`. */
  readonly lastLogin: number;
  /** Total play, ms (the sum of the sessions). */
  readonly playMs: number;
  /** Progression 0..~1: how far into the game this player got (drives advancements and stats). */
  readonly level: number;
  /** Predating players: the moment their advancement file starts over. */
  readonly advancementsSince: number | null;
  /** Ops: when they ran `/recipe give @s *`. */
  readonly recipesGivenAt: number | null;
}

interface Special {
  readonly name: string;
  readonly roles: readonly Role[];
  readonly archetype: Archetype;
  readonly hours: number;
  readonly edition?: 'bedrock';
  /** Days before now of the last logout; omitted = recently active. */
  readonly lastOnlineDaysAgo?: number;
  /** Days after opening day of the first join; omitted = derived from play time. */
  readonly firstJoinDay?: number;
}

/** The fixed cast: same names (and, for the default seed, the same UUIDs) on every run. */
const SPECIALS: readonly Special[] = [
  { name: 'Stonebeard', roles: ['top_veteran'], archetype: 'veteran', hours: 2750, firstJoinDay: 0.2 },
  { name: 'Marrowind', roles: ['owner'], archetype: 'veteran', hours: 1900, firstJoinDay: 0 },
  { name: 'Juniper_Ash', roles: ['moderator'], archetype: 'dedicated', hours: 720, firstJoinDay: 2 },
  { name: 'Kestrel', roles: ['reused_name_old'], archetype: 'regular', hours: 120, lastOnlineDaysAgo: 280, firstJoinDay: 330 },
  { name: 'Kestrel', roles: ['reused_name_new'], archetype: 'casual', hours: 18, firstJoinDay: 930 },
  { name: 'PixelPanda', roles: ['cross_edition_java'], archetype: 'regular', hours: 90 },
  { name: 'PixelPanda', roles: ['cross_edition_bedrock'], archetype: 'casual', hours: 12, edition: 'bedrock' },
  { name: 'Maple Leaf 77', roles: ['bedrock_notable'], archetype: 'regular', hours: 65, edition: 'bedrock' },
  { name: 'JustPassingBy', roles: ['unranked_visitor'], archetype: 'visitor', hours: 0.35, lastOnlineDaysAgo: 40 },
  { name: 'Wanderlust_Kai', roles: ['stats_only'], archetype: 'casual', hours: 7, lastOnlineDaysAgo: 100 },
  { name: 'Quietfox', roles: ['no_advancements'], archetype: 'casual', hours: 4, lastOnlineDaysAgo: 150 },
  { name: 'Lumen_Drift', roles: ['no_advancements'], archetype: 'regular', hours: 45 },
];

/** Names for predating players (3% of the population); random names once these run out. */
const PREDATING_NAMES = [
  'Thornbury', 'Elderwick', 'Mossgrave', 'Fernhollow', 'Ashcombe', 'Briarwood', 'Coldharbour',
  'Hollins', 'Stowecroft', 'Wychwood',
];

const ARCHETYPES: readonly (readonly [Archetype, number])[] = [
  ['visitor', 0.12],
  ['casual', 0.32],
  ['regular', 0.3],
  ['dedicated', 0.2],
  ['veteran', 0.06],
];

const HOURS: Record<Archetype, readonly [number, number]> = {
  visitor: [0.05, 2],
  casual: [1.5, 30],
  regular: [30, 200],
  dedicated: [200, 800],
  veteran: [800, 2400],
};

/** Chance a player of each kind is still active (online in the last few weeks). */
const ACTIVE: Record<Archetype, number> = {
  visitor: 0.15,
  casual: 0.3,
  regular: 0.45,
  dedicated: 0.6,
  veteran: 0.8,
};

/** The smallest population that still holds every special case. */
export const MIN_PLAYERS = 20;

interface Draft {
  name: string;
  gamertag: string | null;
  edition: 'java' | 'bedrock';
  archetype: Archetype;
  roles: Role[];
  hours: number;
  lastOnlineDaysAgo?: number;
  firstJoinDay?: number;
}

/** A v4 (random) UUID, as Mojang gives online-mode Java accounts. */
function uuidV4(rng: Random): string {
  const b = rng.bytes(16);
  b[6] = ((b[6] ?? 0) & 0x0f) | 0x40;
  b[8] = ((b[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Floodgate's UUID for an XUID: most significant 64 bits zero, least significant = XUID. */
export function floodgateUuid(xuid: number): string {
  const hex = xuid.toString(16).padStart(16, '0');
  return `00000000-0000-0000-${hex.slice(0, 4)}-${hex.slice(4)}`;
}

const roundSecond = (ms: number): number => Math.round(ms / 1000) * 1000;

/**
 * Plans `count` players (count >= MIN_PLAYERS). Deterministic for a given random stream and clock.
 */
export function planPopulation(rng: Random, clock: ServerClock, count: number): PlayerPlan[] {
  if (!Number.isInteger(count) || count < MIN_PLAYERS) {
    throw new Error(`planPopulation: need at least ${MIN_PLAYERS} players, got ${count}`);
  }
  const drafts: Draft[] = SPECIALS.map((s) => ({
    name: s.edition === 'bedrock' ? floodgateName(s.name) : s.name,
    gamertag: s.edition === 'bedrock' ? s.name : null,
    edition: s.edition ?? 'java',
    archetype: s.archetype,
    roles: [...s.roles],
    hours: s.hours,
    ...(s.lastOnlineDaysAgo === undefined ? {} : { lastOnlineDaysAgo: s.lastOnlineDaysAgo }),
    ...(s.firstJoinDay === undefined ? {} : { firstJoinDay: s.firstJoinDay }),
  }));
  const taken = new Set(drafts.map((d) => d.name.toLowerCase()));
  const unique = (make: () => string): string => {
    for (;;) {
      const name = make();
      if (name.length >= 3 && !taken.has(name.toLowerCase())) {
        taken.add(name.toLowerCase());
        return name;
      }
    }
  };

  // Pre-dating players: long-time players whose advancement history restarted recently.
  const predating = Math.max(1, Math.round(count * 0.03));
  for (let i = 0; i < predating; i++) {
    const fixed = PREDATING_NAMES[i];
    const name = fixed && !taken.has(fixed.toLowerCase()) ? (taken.add(fixed.toLowerCase()), fixed) : unique(() => javaName(rng));
    drafts.push({
      name,
      gamertag: null,
      edition: 'java',
      archetype: rng.chance(0.3) ? 'veteran' : 'dedicated',
      roles: ['predating'],
      hours: rng.logBetween(350, 1400),
      firstJoinDay: rng.between(1, 150),
    });
  }

  // Everyone else: random names and kinds; Bedrock until the edition share reaches ~15%.
  const bedrockTarget = Math.round(count * 0.15);
  let bedrock = drafts.filter((d) => d.edition === 'bedrock').length;
  const randomCount = count - drafts.length;
  const bedrockSlots = new Set(rng.shuffle(Array.from({ length: randomCount }, (_, i) => i)).slice(0, Math.max(0, bedrockTarget - bedrock)));
  for (let i = 0; i < randomCount; i++) {
    const archetype = rng.weighted(ARCHETYPES);
    const [lo, hi] = HOURS[archetype];
    const isBedrock = bedrockSlots.has(i);
    let gamertag: string | null = null;
    let name: string;
    if (isBedrock) {
      bedrock++;
      name = unique(() => {
        gamertag = bedrockGamertag(rng);
        return floodgateName(gamertag);
      });
    } else {
      name = unique(() => javaName(rng));
    }
    drafts.push({ name, gamertag, edition: isBedrock ? 'bedrock' : 'java', archetype, roles: [], hours: rng.logBetween(lo, hi) });
  }

  const plans = drafts.map((draft, i) => planPlayer(rng.fork(`player-${i}`), clock, draft));

  // Bookkeeping roles for a few random, long-gone players (never the fixed cast).
  const gone = plans.filter((p) => p.roles.length === 0 && clock.now - p.lastOnline > 45 * DAY);
  const byAge = [...gone].sort((a, b) => a.lastOnline - b.lastOnline || compareText(a.uuid, b.uuid));
  const assign = (role: Role, candidates: PlayerPlan[], n: number): void => {
    for (const p of candidates.filter((c) => c.roles.length === 0).slice(0, n)) (p.roles as Role[]).push(role);
  };
  assign('not_in_usercache', byAge.filter((p) => p.archetype === 'casual' || p.archetype === 'regular'), 2);
  assign('banned', byAge.filter((p) => p.archetype === 'casual'), 1);
  assign('unwhitelisted', byAge.filter((p) => p.archetype === 'visitor'), 2);
  return plans;
}

function planPlayer(rng: Random, clock: ServerClock, draft: Draft): PlayerPlan {
  const { now, opened } = clock;
  const playTarget = draft.hours * HOUR;
  const singleVisit = draft.archetype === 'visitor' && (draft.hours < 1 || rng.chance(0.5));
  const meanSession = Math.min(5, Math.max(0.7, 1.8 * rng.jitter(0.4))) * HOUR;
  const sessionCount = singleVisit ? 1 : Math.max(2, Math.round(playTarget / meanSession));
  const hoursPerDay = draft.archetype === 'visitor' ? 1 : rng.between(1.5, 6);
  const minSpan = singleVisit ? playTarget : Math.max(2 * DAY, (draft.hours / hoursPerDay) * DAY);

  const active = draft.lastOnlineDaysAgo === undefined && (draft.roles.length > 0 || rng.chance(ACTIVE[draft.archetype]));
  let lastOnline: number;
  let firstJoin: number;
  if (draft.firstJoinDay !== undefined) {
    firstJoin = opened + draft.firstJoinDay * DAY + rng.between(0, 6 * HOUR);
    lastOnline = draft.lastOnlineDaysAgo !== undefined
      ? now - draft.lastOnlineDaysAgo * DAY - rng.between(0, 12 * HOUR)
      : now - Math.max(20 * 60_000, rng.exponential(2 * DAY));
    if (lastOnline - firstJoin < minSpan) firstJoin = lastOnline - minSpan;
  } else {
    if (draft.lastOnlineDaysAgo !== undefined) lastOnline = now - draft.lastOnlineDaysAgo * DAY - rng.between(0, 12 * HOUR);
    else if (active) lastOnline = now - Math.max(20 * 60_000, rng.exponential(5 * DAY));
    else {
      const latest = now - 21 * DAY;
      const earliest = opened + minSpan;
      lastOnline = earliest < latest ? rng.between(earliest, latest) : now - rng.exponential(5 * DAY);
    }
    const span = singleVisit ? minSpan : Math.min(minSpan * rng.between(1, 2.5), lastOnline - opened);
    firstJoin = lastOnline - span;
  }
  firstJoin = roundSecond(Math.max(opened, firstJoin));
  lastOnline = roundSecond(lastOnline);

  const sessions = buildSessions(rng, firstJoin, lastOnline, playTarget, sessionCount);
  const playMs = totalPlay(sessions);
  const hours = playMs / HOUR;
  // Hours set the level; skill and luck spread it, less so for newcomers (a ten-minute visit is a
  // ten-minute visit).
  const base = Math.log10(1 + hours) / Math.log10(1 + 3000);
  const level = Math.min(1.05, Math.max(0, base + rng.normal() * (0.015 + 0.06 * base)));
  const last = sessions[sessions.length - 1] as Session;

  let advancementsSince: number | null = null;
  if (draft.roles.includes('predating')) {
    // The file restarts a few days before the last visit, well inside the play-time budget so
    // play_time > (last_online - first_seen): the evidence DECISIONS 8 looks for.
    const windowDays = rng.between(3, Math.min(10, (hours / 24) * 0.6));
    const target = lastOnline - windowDays * DAY;
    advancementsSince = (sessions.find((s) => s.start >= target) ?? last).start;
  }
  let recipesGivenAt: number | null = null;
  if (draft.roles.includes('owner') || draft.roles.includes('moderator')) {
    const early = sessions[Math.min(sessions.length - 1, rng.int(2, 6))] as Session;
    recipesGivenAt = roundSecond(early.start + (early.end - early.start) * rng.between(0.2, 0.8));
  }

  // Identity from its own stream: a player's UUID depends only on the seed and their place in the
  // list, so tuning the play model never renames anyone's files.
  const identity = rng.fork('identity');
  const xuid = draft.edition === 'bedrock' ? identity.int(2533274790395904, 2535499999999999) : null;
  return {
    uuid: xuid === null ? uuidV4(identity) : floodgateUuid(xuid),
    name: draft.name,
    edition: draft.edition,
    xuid,
    archetype: draft.archetype,
    roles: draft.roles,
    sessions,
    firstJoin,
    lastOnline,
    lastLogin: last.start,
    playMs,
    level,
    advancementsSince,
    recipesGivenAt,
  };
}

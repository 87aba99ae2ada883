import type { PageDefinition } from './PageDefinition.js';
import { activityPage } from './pages/ActivityPage.js';
import { advancementPage } from './pages/AdvancementPage.js';
import { advancementsPage } from './pages/AdvancementsPage.js';
import { comparePage } from './pages/ComparePage.js';
import { eventPage } from './pages/EventPage.js';
import { eventsPage } from './pages/EventsPage.js';
import { hallOfFamePage, hallOfFamePagedPage } from './pages/HallOfFamePage.js';
import { homePage } from './pages/HomePage.js';
import { leaderboardPage, leaderboardPagedPage } from './pages/LeaderboardPage.js';
import { playersPage, playersPagedPage } from './pages/PlayersPage.js';
import { profilePage } from './pages/ProfilePage.js';
import { statsPage } from './pages/StatsPage.js';
import { totalsPage } from './pages/TotalsPage.js';

/** Every page of the site, in matching order (the paged lists before the player profile). */
export const sitePages: readonly PageDefinition[] = [
  homePage,
  statsPage,
  leaderboardPagedPage,
  leaderboardPage,
  playersPage,
  playersPagedPage,
  profilePage,
  advancementsPage,
  advancementPage,
  hallOfFamePage,
  hallOfFamePagedPage,
  eventsPage,
  eventPage,
  activityPage,
  totalsPage,
  comparePage,
];

/** A page matched to a path, with its raw (still percent-encoded) parameters. */
export interface PageMatch {
  page: PageDefinition;
  params: Record<string, string>;
}

/** A page's pattern as a regular expression and its parameter names. */
function compile(pattern: string): { regex: RegExp; names: string[] } {
  const names: string[] = [];
  const source = pattern.replace(/[.*?^${}()|[\]\\]/g, '\\$&').replace(/:(\w+)(\+?)/g, (_, name: string, greedy: string) => {
    names.push(name);
    return greedy ? '(.+)' : '([^/]+)';
  });
  return { regex: new RegExp(`^${source}$`), names };
}

const compiled = sitePages.map((page) => ({ page, ...compile(page.pattern) }));

/**
 * The page a path names, or null. One trailing slash is ignored (`/stats/` is `/stats`), so
 * the static export's folder URLs also work on a server.
 *
 * @example
 * matchPage('/stats/jump/page/2'); // { page: leaderboardPagedPage, params: { stat: 'jump', page: '2' } }
 */
export function matchPage(pathname: string): PageMatch | null {
  const path = pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname;
  for (const { page, regex, names } of compiled) {
    const match = regex.exec(path);
    if (match) return { page, params: Object.fromEntries(names.map((name, i) => [name, match[i + 1]!])) };
  }
  return null;
}

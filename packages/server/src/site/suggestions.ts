import { didYouMean, type Snapshot } from '@blockstats/core';
import type { PageContext } from './PageContext.js';
import type { Suggestion } from './pages/ErrorPage.js';
import type { SiteClaim } from './SiteClaim.js';
import { advancementPath, sitePaths } from './sitePaths.js';

/** The did-you-mean links of a 404 on a page that names a player, stat or advancement. */
export function suggestions(claim: SiteClaim, snapshot: Snapshot | null, pageContext: PageContext): Suggestion[] {
  if (!snapshot || claim.kind !== 'page') return [];
  const notFound = claim.match.page.notFound;
  if (!notFound) return [];
  let input: string;
  try {
    input = decodeURIComponent(claim.match.params[notFound.param] ?? '');
  } catch {
    return [];
  }
  return didYouMean(snapshot, notFound.kind, input).map((found) => {
    if (notFound.kind === 'player') return { href: pageContext.links.page(sitePaths.player(found)), label: found };
    if (notFound.kind === 'stat') return { href: pageContext.links.page(sitePaths.stat(found)), label: snapshot.stats.find((s) => s.id === found)?.title ?? found };
    return { href: pageContext.links.page(`/advancements/${advancementPath(found)}`), label: snapshot.advancements.find((a) => a.id === found)?.title ?? found };
  });
}

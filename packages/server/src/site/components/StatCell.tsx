import { keptMarkup } from '../keptMarkup.js';
import { statDescription } from '../statDescription.js';
import { StatIcon } from './StatIcon.js';

/** What a stat's cell shows: its icon (by id), its page's link, its title and, on the stats page, its description. */
export interface StatCellProps {
  id: string;
  href: string;
  title: string;
  description: string | null;
}

/** A stat's cell inside, from its props alone: the icon, the link and the description without the game's ids. */
function StatCell({ id, href, title, description }: StatCellProps) {
  return (
    <>
      <StatIcon id={id} /> <a href={href}>{title}</a>
      {description && <span class="sub">{statDescription(description)}</span>}
    </>
  );
}

/**
 * A stat's cell inside (the stats page's rows, a profile's statistics), rendered once per
 * language and view (what the link carries): it changes only with the catalogue, so the first
 * view after a pull renders only the values, ranks and holders around it.
 */
export const statCell = keptMarkup(StatCell, 4096);

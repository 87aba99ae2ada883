import { keptMarkup } from '../keptMarkup.js';
import { AdvancementIcon } from './AdvancementIcon.js';

/** What an advancement's cell shows: its icon on its frame (by id), its page's link, its title and, on the advancements page, its description. */
export interface AdvancementCellProps {
  id: string;
  href: string;
  title: string;
  description: string | null;
}

/** An advancement's cell inside, from its props alone. */
function AdvancementCell({ id, href, title, description }: AdvancementCellProps) {
  return (
    <>
      <span class="adv">
        <AdvancementIcon id={id} />
        <a href={href}>{title}</a>
      </span>
      {description && <span class="sub">{description}</span>}
    </>
  );
}

/**
 * An advancement's cell inside (the advancements page's rows, a profile's advancements),
 * rendered once per language and view: the first view after a pull renders only the counts,
 * progress and firsts around it.
 */
export const advancementCell = keptMarkup(AdvancementCell, 4096);

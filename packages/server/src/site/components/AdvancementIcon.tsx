import { usePage } from '../PageContext.js';

/** An advancement's item icon, or an empty square with external images off (or no icon). */
export function AdvancementIcon({ icon, large = false }: { icon: string | null; large?: boolean }) {
  const { site } = usePage();
  const className = large ? 'icon icon--lg' : 'icon';
  if (site.externalImages && icon) {
    const size = large ? 40 : 24;
    return <img class={className} src={icon} alt="" width={size} height={size} loading="lazy" decoding="async" referrerpolicy="no-referrer" />;
  }
  return <span class={className} aria-hidden="true" />;
}

import { usePage } from '../PageContext.js';

/** Page numbers around the current one, with the first and last: `1 … 4 5 6 … 12`. */
function pageNumbers(current: number, last: number): Array<number | null> {
  const wanted = new Set([1, last, current - 1, current, current + 1].filter((n) => n >= 1 && n <= last));
  const sorted = [...wanted].sort((a, b) => a - b);
  const out: Array<number | null> = [];
  sorted.forEach((n, i) => {
    if (i > 0 && n - sorted[i - 1]! > 1) out.push(null);
    out.push(n);
  });
  return out;
}

/** "51–100 of 224" and links to the other pages of a paged list. */
export function Pager({ page, size, total, href }: { page: number; size: number; total: number; href: (page: number) => string }) {
  const { t } = usePage();
  const last = Math.max(1, Math.ceil(total / size));
  if (total === 0) return null;
  const from = (page - 1) * size + 1;
  const to = Math.min(total, page * size);
  return (
    <nav class="pager" aria-label={t('pager.label')}>
      <span class="muted">{t('pager.showing', { from, to, total })}</span>
      {last > 1 && (
        <ul>
          {page > 1 && <li><a href={href(page - 1)} rel="prev">{t('pager.previous')}</a></li>}
          {pageNumbers(page, last).map((n) => (
            <li>
              {n === null ? <span class="muted" aria-hidden="true">…</span>
                : n === page ? <span aria-current="page">{n}</span>
                  : <a href={href(n)} aria-label={t('pager.page', { page: n })}>{n}</a>}
            </li>
          ))}
          {page < last && <li><a href={href(page + 1)} rel="next">{t('pager.next')}</a></li>}
        </ul>
      )}
    </nav>
  );
}

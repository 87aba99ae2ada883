import { h } from 'preact';
import { renderToString } from 'preact-render-to-string';

/**
 * What a row of the stats page shows, all of it as text or kept markup: the stat's cell
 * ({@link statCell}), the record's display, and the holder's label inside
 * ({@link playerLabelInside}) with the tie's note, or the words for an empty board.
 */
export interface StatRowProps {
  cell: string;
  record: string;
  /** The holder's label inside, or null for a stat without a record holder. */
  label: string | null;
  /** The tie's note beside the label, or null when the record is not shared. */
  tied: string | null;
  /** What the holder's cell says without a holder. */
  noHolder: string;
}

/** A row of the stats page from its parts alone. */
function StatRow({ cell, record, label, tied, noHolder }: StatRowProps) {
  return (
    <tr>
      <td dangerouslySetInnerHTML={{ __html: cell }} />
      <td class="num">{record}</td>
      <td class="player-cell">
        {label === null ? (
          <span class="muted">{noHolder}</span>
        ) : (
          <>
            <span class="player" dangerouslySetInnerHTML={{ __html: label }} />
            {tied !== null && <span class="sub">{tied}</span>}
          </>
        )}
      </td>
    </tr>
  );
}

/**
 * A stats page row's markup (kept by the page itself, `statRowsMarkup`: only a row whose record
 * moved is rendered again).
 */
export function statRow(props: StatRowProps): string {
  return renderToString(h(StatRow, props));
}

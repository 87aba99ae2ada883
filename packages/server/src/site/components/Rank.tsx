/** A rank as a round badge; the podium in the cards' medal colours. */
export function Rank({ rank }: { rank: number }) {
  return <span class={rank <= 3 ? `rank rank--${rank}` : 'rank'}>{rank}</span>;
}

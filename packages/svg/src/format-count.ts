/** A whole non-negative count with thousands separators (`1,204`); anything else is "?". */
export function formatCount(value: number): string {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) return '?';
  return String(Math.floor(value)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

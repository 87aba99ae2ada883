const MONTHS = [
  'January', 'February', 'March', 'April', 'May', 'June',
  'July', 'August', 'September', 'October', 'November', 'December',
] as const;

/**
 * `2024-05-01` or `2024-05-01T16:03:11Z` → `1 May 2024`; fixed English words, so the output is the
 * same under every locale and time zone. Text that is not such a date comes back as it is (the
 * caller escapes it).
 */
export function formatDate(value: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:$|T)/.exec(value);
  const month = match ? MONTHS[Number(match[2]) - 1] : undefined;
  const day = match ? Number(match[3]) : 0;
  if (!match || month === undefined || day < 1 || day > 31) return value;
  return `${day} ${month} ${match[1]}`;
}

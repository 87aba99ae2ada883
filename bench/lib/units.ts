/** How the benchmark table writes player counts, times, sizes and shares. */
export const sizeLabel = (n: number): string => (n % 1000 === 0 ? `${n / 1000}k` : String(n));
export const seconds = (ms: number): string => (ms >= 10_000 ? `${(ms / 1000).toFixed(1)} s` : ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${Math.round(ms)} ms`);
export const mb = (bytes: number): string => `${Math.round(bytes / 1024 / 1024).toLocaleString('en-US')} MB`;
export const int = (n: number): string => Math.round(n).toLocaleString('en-US');
export const pct = (ratio: number): string => `${Math.round(ratio * 100)} %`;

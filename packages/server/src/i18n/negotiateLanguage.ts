/** One language range of an Accept-Language header with its weight. */
interface Range {
  tag: string;
  q: number;
}

/** The ranges of an Accept-Language header (RFC 9110 §12.5.4), lower-cased, by falling weight. */
function ranges(header: string): Range[] {
  const list: Range[] = [];
  for (const part of header.slice(0, 1000).split(',')) {
    const [tag = '', ...parameters] = part.split(';').map((s) => s.trim().toLowerCase());
    if (!/^(?:\*|[a-z]{1,8}(?:-[a-z\d]{1,8})*)$/.test(tag)) continue;
    let q = 1;
    for (const parameter of parameters) {
      const match = /^q\s*=\s*([01](?:\.\d{0,3})?)$/.exec(parameter);
      if (match) q = Math.min(1, Number(match[1]));
    }
    list.push({ tag, q });
  }
  // A stable sort keeps the header's order among equal weights.
  return list.sort((a, b) => b.q - a.q);
}

/** Chinese written in Traditional characters: never answered with Simplified Chinese. */
const TRADITIONAL = /^zh-(?:hant|tw|hk|mo)(?:-|$)/;

/**
 * The offered tag a range matches: itself, else the range cut back subtag by subtag (RFC 4647
 * lookup: `de-AT` → `de`), else an offered regional form of the range's language (`pt` →
 * `pt-BR`, `zh-Hans-SG` → `zh-CN`).
 */
function match(range: string, offered: readonly string[], excluded: ReadonlySet<string>): string | undefined {
  const available = offered.filter((tag) => !excluded.has(tag.toLowerCase()));
  if (TRADITIONAL.test(range)) return available.find((tag) => tag.toLowerCase() === range);
  for (let cut = range; cut; cut = cut.includes('-') ? cut.slice(0, cut.lastIndexOf('-')) : '') {
    const exact = available.find((tag) => tag.toLowerCase() === cut);
    if (exact) return exact;
  }
  const language = range.split('-')[0]!;
  return available.find((tag) => tag.toLowerCase().split('-')[0] === language);
}

/**
 * The offered language a request's `Accept-Language` prefers (q-values weighed, `q=0`
 * refusing a language, `*` taking the fallback), or `fallback` when it names none of them.
 *
 * @example
 * negotiateLanguage('fr-CH, fr;q=0.9, de;q=0.8', ['en', 'de', 'fr'], 'en'); // 'fr'
 * negotiateLanguage('de-AT;q=0.5, ja', ['en', 'de', 'ja'], 'en'); // 'ja'
 * negotiateLanguage('pt', ['en', 'pt-BR'], 'en'); // 'pt-BR'
 * negotiateLanguage(null, ['en', 'de'], 'de'); // 'de'
 */
export function negotiateLanguage(header: string | null, offered: readonly string[], fallback: string): string {
  if (!header) return fallback;
  const list = ranges(header);
  const excluded = new Set(list.filter((r) => r.q === 0 && r.tag !== '*').map((r) => r.tag));
  for (const range of list) {
    if (range.q === 0) continue;
    if (range.tag === '*') return excluded.has(fallback.toLowerCase()) ? (offered.find((t) => !excluded.has(t.toLowerCase())) ?? fallback) : fallback;
    const found = match(range.tag, offered, excluded);
    if (found) return found;
  }
  return fallback;
}

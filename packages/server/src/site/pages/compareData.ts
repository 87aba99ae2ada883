import { didYouMean, findPlayer, type Comparison, type Snapshot } from '@blockstats/core';
import { ApiError } from '../../http/ApiError.js';
import type { PeriodMetaData } from '../pagePeriod.js';
import type { SiteApi } from '../siteApi.js';
import type { Translate } from '../translator.js';

/** What went wrong with the compare form's input, shown above it. */
export interface FormProblem {
  message: string;
  suggestions: string[];
}

/** What the compare page shows for its two names, read from `/v1/compare`. */
export interface CompareData {
  /** The comparison, null before the form is filled in, on a problem or before any history. */
  comparison: Comparison | null;
  problem: FormProblem | null;
  /** The page's status: 200, or the problem's 400 / 404. */
  status: number;
  /** `meta.period` of a period's comparison; null for all time. */
  period: PeriodMetaData | null;
  /** A period was asked for but no stat history is recorded yet (the API's 503). */
  noHistory: boolean;
}

const answer = (partial: Partial<CompareData>): CompareData => ({ comparison: null, problem: null, status: 200, period: null, noHistory: false, ...partial });

/** The form's problem, if any: a name missing, unknown (with suggestions) or both the same player. */
function formProblem(snapshot: Snapshot, t: Translate, a: string, b: string): { problem: FormProblem; status: number } | null {
  if (!a || !b) return { problem: { message: t('compare.needTwo'), suggestions: [] }, status: 400 };
  const unknown = [a, b].find((name) => !findPlayer(snapshot, name));
  if (unknown !== undefined) return { problem: { message: t('compare.unknown', { name: unknown }), suggestions: didYouMean(snapshot, 'player', unknown) }, status: 404 };
  if (findPlayer(snapshot, a)!.uuid === findPlayer(snapshot, b)!.uuid) return { problem: { message: t('compare.same'), suggestions: [] }, status: 400 };
  return null;
}

/**
 * Two players compared, all time or over `period` (gains), as `/v1/compare` answers it; nothing
 * before the form is filled in. A period before any stat history is recorded compares nothing
 * (`noHistory`), not an error.
 */
export async function compareData(api: SiteApi, snapshot: Snapshot, t: Translate, a: string, b: string, period: string | undefined): Promise<CompareData> {
  if (!a && !b) return answer({});
  const wrong = formProblem(snapshot, t, a, b);
  if (wrong) return answer(wrong);
  try {
    const query = { players: `${a},${b}`, period };
    const result = period === undefined ? await api.get<Comparison>('comparePlayers', {}, query) : await api.optional<Comparison>('comparePlayers', {}, query);
    if (!result) return answer({ noHistory: true });
    return answer({ comparison: result.data, period: (result.meta.period as PeriodMetaData | undefined) ?? null });
  } catch (error) {
    if (!(error instanceof ApiError) || error.status >= 500) throw error;
    // The API's wording is for developers: the page asks again in the player's words.
    return answer({ problem: { message: t('compare.needTwo'), suggestions: [] }, status: error.status });
  }
}

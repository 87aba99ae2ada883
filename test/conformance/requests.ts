/**
 * The conformance suite's requests: every endpoint family, revalidation, HEAD, errors, embeds, a
 * preflight and 405s, and every kind of website page with its files. Paths are the router's own
 * (`/v1/…`, `/players/…`); each target adds its base path.
 */
export interface ConformanceRequest {
  method: string;
  path: string;
  headers?: Record<string, string>;
}

/** The requests, for a snapshot with players `a` and `b` and the ETag of `/v1/stats`. */
export function conformanceRequests(a: string, b: string, statsEtag: string, assets: readonly string[]): ConformanceRequest[] {
  const get = (path: string, headers?: Record<string, string>): ConformanceRequest => ({ method: 'GET', path, ...(headers ? { headers } : {}) });
  const name = encodeURIComponent(a);
  return [
    // Meta
    get('/v1'), get('/v1/status'), get('/v1/health'), get('/v1/server'), get('/v1/history'), get('/openapi.json'), get('/v1/openapi.json'),
    // Statistics
    get('/v1/stats?limit=3'), get('/v1/stats?search=diamond'), get('/v1/stats/jump?limit=2&offset=1&extra=kept'), get('/v1/totals?limit=2'),
    get('/v1/advancements?limit=2'), get('/v1/advancements/story/mine_stone'), get('/v1/advancements/story%2Fmine_stone/holders?limit=2'),
    // Players
    get('/v1/players?limit=2&sort=name'), get(`/v1/players/${name}`), get(`/v1/players/${name}/stats?limit=3`), get(`/v1/players/${name}/advancements?limit=2`),
    get(`/v1/players/${name}/milestones`), get(`/v1/players/${name}/activity`),
    // Community (no activity record here: the record's endpoints answer 503)
    get('/v1/hall-of-fame?limit=2'), get('/v1/feed?limit=2'), get('/v1/activity'), get('/v1/activity/players'), get('/v1/events'),
    // Server and fun
    get('/v1/mods'), get('/v1/modpack'), get(`/v1/compare?players=${name},${encodeURIComponent(b)}&ids=jump,play_time`), get('/v1/random/player'), get('/v1/random/stat'),
    // Embeds, an embed error
    get('/v1/badge/server.svg'), get(`/v1/badge/player/${name}.svg?stat=play_time`), get(`/v1/card/player/${name}.svg`), get('/v1/card/stat/jump.svg'), get('/v1/card/hall-of-fame.svg'), get('/v1/card/event/jump_week1.svg'), get('/v1/badge/player/Nobody_At_All.svg'),
    // Revalidation and HEAD
    get('/v1/stats?limit=3', { 'if-none-match': statsEtag }), get('/v1/stats?limit=3', { 'if-none-match': '"stale"' }),
    { method: 'HEAD', path: '/v1/players?limit=2' }, { method: 'HEAD', path: '/v1/nothing-here' },
    // Errors
    get('/v1/stats?limit=abc'), get('/v1/players/Nobody_At_All'), get('/v1/nothing-here'), get('/players?limit=1', { accept: 'application/json' }), get('/v2/stats'), get('/v1/stats/%E0%A4%A'),
    { method: 'POST', path: '/v1/stats' }, { method: 'DELETE', path: '/v1/players' }, { method: 'OPTIONS', path: '/v1/stats' },
    // The website: every kind of page, its files, a 404 page, HTML asked for as JSON (above)
    get('/'), get('/stats'), get('/stats/jump'), get('/stats/jump/page/2'), get('/players?sort=name'), get(`/players/${name}`),
    get('/advancements'), get('/advancements/story/mine_stone'), get('/hall-of-fame'), get('/events'), get('/activity'), get('/totals'),
    get('/compare'), get(`/compare?players=${name},${encodeURIComponent(b)}`), get('/players/Nobody_At_All'), get('/stats/not_a_stat'),
    ...assets.map((path) => get(path)), { method: 'HEAD', path: `/players/${name}` }, { method: 'POST', path: '/stats' },
    // CORS preflight, with and without requested headers
    { method: 'OPTIONS', path: '/v1/stats', headers: { origin: 'https://site.example', 'access-control-request-method': 'GET', 'access-control-request-headers': 'if-none-match' } },
    { method: 'OPTIONS', path: `/v1/players/${name}`, headers: { origin: 'https://site.example', 'access-control-request-method': 'GET' } },
  ];
}

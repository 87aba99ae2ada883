import type { Snapshot } from '../snapshot/types.js';

/**
 * A player's `links.profile` from the snapshot's template: `{base_url}` (trailing slashes
 * dropped), `{uuid}`, `{uuid_bare}`, `{name}` (URL-encoded; the UUID when nameless).
 *
 * @example
 * profileLink(snapshot, 0, 'https://stats.example.net'); // 'https://stats.example.net/players/8667ba71-…'
 */
export function profileLink(snapshot: Snapshot, index: number, baseUrl = ''): string {
  const p = snapshot.players[index]!;
  return snapshot.config.profile_url_template
    .replaceAll('{base_url}', baseUrl.replace(/\/+$/, ''))
    .replaceAll('{uuid_bare}', p.uuid.replaceAll('-', ''))
    .replaceAll('{uuid}', p.uuid)
    .replaceAll('{name}', encodeURIComponent(p.name ?? p.uuid));
}

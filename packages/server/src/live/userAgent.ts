import packageJson from '../../package.json' with { type: 'json' };

/** Where operators of the services we call can find out who we are. */
export const PROJECT_URL = 'https://github.com/blockstats/blockstats';

/**
 * The User-Agent sent to Modrinth, Mojang and GeyserMC. Modrinth requires a uniquely
 * identifying one (a bare `node` risks a block); a server admin can add a contact so those
 * services can reach them rather than block them.
 *
 * @example
 * userAgent('admin@example.org') // 'blockstats/0.1.0 (+https://github.com/blockstats/blockstats; admin@example.org)'
 */
export function userAgent(contact?: string | null): string {
  const extra = contact?.trim() ? `; ${contact.trim().replace(/[\r\n()]/g, '')}` : '';
  return `blockstats/${packageJson.version} (+${PROJECT_URL}${extra})`;
}

/** The default User-Agent, without a contact. */
export const DEFAULT_USER_AGENT = userAgent();

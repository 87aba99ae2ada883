import type { ReferenceConfigFile } from '@blockstats/server/reference';

/** The flags `serve` lays over a configuration, a single server's or a network's alike. */
export interface ServeFlags {
  refresh?: number;
  rateLimit?: number;
  javaAddress?: string;
  bedrockAddress?: string;
  baseUrl?: string;
  /** False with `--no-site`. */
  site?: boolean;
}

/** The configuration keys the serve flags override. */
type ServeFlagKeys = Pick<ReferenceConfigFile, 'schedule' | 'rate_limit' | 'addresses' | 'base_url' | 'site'>;

/**
 * `config` with the flags over it: `--refresh`, `--rate-limit`, `--java-address` and
 * `--bedrock-address` (a network's are the proxy's), `--base-url` and `--no-site`. A flag not
 * given leaves its key as configured.
 */
export function applyServeFlags<C extends ServeFlagKeys>(config: C, flags: ServeFlags): C {
  return {
    ...config,
    ...(flags.refresh !== undefined ? { schedule: { ...config.schedule, refresh: flags.refresh } } : {}),
    ...(flags.rateLimit !== undefined ? { rate_limit: { ...config.rate_limit, requests: flags.rateLimit } } : {}),
    ...(flags.javaAddress || flags.bedrockAddress
      ? { addresses: { ...config.addresses, ...(flags.javaAddress ? { java: flags.javaAddress } : {}), ...(flags.bedrockAddress ? { bedrock: flags.bedrockAddress } : {}) } }
      : {}),
    ...(flags.baseUrl ? { base_url: flags.baseUrl } : {}),
    ...(flags.site === false ? { site: { ...config.site, enabled: false } } : {}),
  };
}

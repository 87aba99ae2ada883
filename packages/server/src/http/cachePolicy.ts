/**
 * Cache-Control per kind of endpoint (SPEC "Headers", "Limits"). A route names its policy; the
 * table is the only place the values live, and the OpenAPI document quotes it.
 */
export const cachePolicies = {
  /** Snapshot data: regenerated every 15 minutes, revalidated cheaply through the ETag. */
  data: 'public, max-age=60',
  /** The live server-list ping: "cached 10 seconds". */
  live: 'public, max-age=10',
  /** Mods and modpack: refreshed every few hours. */
  remote: 'public, max-age=600',
  /** The endpoint list and the OpenAPI document change only with a release. */
  static: 'public, max-age=3600',
  /** SVG embeds, which chat platforms and READMEs re-fetch. */
  embed: 'public, max-age=300',
  /** Health and random picks: "never cached". */
  never: 'no-store',
} as const;

/** Name of a {@link cachePolicies} entry. */
export type CachePolicy = keyof typeof cachePolicies;

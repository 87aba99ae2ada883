/** One problem found in a configuration: where (`ranking.crown_weights.gold`) and what. */
export interface ConfigIssue {
  /** Dotted key path, or `(root)` for the file as a whole. */
  key: string;
  message: string;
}

/**
 * A configuration that cannot be used: unreadable, not JSON, an unknown key or a bad value. The
 * message names the file and every offending key, ready to print (`blockstats serve` exits 2).
 */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
  /** The configuration file, or null for configuration given in code or on the command line. */
  readonly file: string | null;
  readonly issues: readonly ConfigIssue[];

  constructor(file: string | null, issues: readonly ConfigIssue[]) {
    const where = file ?? 'configuration';
    const lines = issues.map((issue) => (issue.key === '(root)' ? issue.message : `${issue.key}: ${issue.message}`));
    super(lines.length === 1 ? `${where}: ${lines[0]}` : `${where} has ${lines.length} problems:\n${lines.map((l) => `  - ${l}`).join('\n')}`);
    this.file = file;
    this.issues = issues;
  }
}

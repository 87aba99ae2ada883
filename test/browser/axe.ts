// axe-core, injected into a page and run there: the accessibility rules the site must pass.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { MATRIX_DIR } from '../support/matrix.js';

/** axe-core's browser build, from the test matrix, read at the first run. */
let axeSource: string | undefined;
const axe = () => (axeSource ??= readFileSync(createRequire(join(MATRIX_DIR, 'package.json')).resolve('axe-core/axe.min.js'), 'utf8'));

/** One violation as the report lists it. */
export interface Violation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/**
 * The serious and critical violations of WCAG 2.x A/AA and best-practice rules on the page as it
 * is now. Injected through the DevTools protocol, so the page's own CSP does not stop it.
 */
export async function seriousViolations(page: Page, only: 'all' | 'colour' = 'all'): Promise<Violation[]> {
  // The page as it settles: the heading face swaps in when it arrives (font-display: swap), and
  // the header's boxes move with it; axe measuring mid-swap sees links under the search box.
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe());
  // After a colour-scheme switch only the colour rules can give another answer.
  const runOnly = only === 'colour'
    ? { type: 'rule', values: ['color-contrast', 'link-in-text-block'] }
    : { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] };
  const violations = await page.evaluate(async (runOnly) => {
    const result = await (window as unknown as { axe: { run(context: Document, options: object): Promise<{ violations: Array<{ id: string; impact: string | null; help: string; nodes: Array<{ target: unknown[] }> }> }> } }).axe.run(document, { runOnly });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.slice(0, 3).map((n) => String(n.target[0])) }));
  }, runOnly);
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

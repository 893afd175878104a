/**
 * axe-core in the page under test. Injected through the DevTools protocol (page.evaluate), not as
 * a <script>: the site's Content Security Policy rightly refuses inline scripts.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';

const AXE = readFileSync(join(import.meta.dirname, '..', '..', 'node_modules', 'axe-core', 'axe.min.js'), 'utf8');

type Violation = { id: string; impact: string; help: string; nodes: { target: string[] }[] };

/** axe-core violations on the page right now, one line each: "state: rule (impact): help -> elements". */
export async function axeViolations(page: Page, state: string, options: object = {}): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(`${AXE}\n;void 0`);
  const result = (await page.evaluate(
    (opts) =>
      (window as unknown as { axe: { run: (c: unknown, o: unknown) => Promise<unknown> } }).axe.run(document, {
        resultTypes: ['violations'],
        ...opts,
      }),
    options,
  )) as { violations: Violation[] };
  return result.violations.map(
    (v) =>
      `${state}: ${v.id} (${v.impact}): ${v.help} -> ${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 5)
        .join(', ')}`,
  );
}

import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * Every violation axe-core finds on the screen as it is, of any impact, as one readable line each;
 * `only` limits it to those parts of the page. Experimental rules too: label-content-name-mismatch
 * is one of them.
 */
export async function axeViolations(page: Page, only?: string[]): Promise<string[]> {
  const builder = new AxeBuilder({ page }).options({
    rules: { 'label-content-name-mismatch': { enabled: true } },
  });
  for (const selector of only ?? []) builder.include(selector);
  const { violations } = await builder.analyze();
  return violations.flatMap((v) => v.nodes.map((n) => `${v.id} (${v.impact}): ${n.target.join(' ')}`));
}

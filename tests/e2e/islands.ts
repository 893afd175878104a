/**
 * Islands with `client:interaction` (src/directives/interaction.ts) stay static until a visitor
 * shows intent. Tests do what a visitor does first: move the pointer onto the page's form.
 */
import type { Page } from 'playwright-core';

export async function wake(page: Page, selector = 'main form'): Promise<void> {
  await page.locator(selector).first().hover();
}

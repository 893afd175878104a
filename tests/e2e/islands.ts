/**
 * Islands with `client:interaction` (src/directives/interaction.ts) stay static until a visitor
 * shows intent. Tests do what a visitor does first: move the pointer onto the page's form.
 * Forms acted on before their script has arrived: the scripts held back, and what reached the API.
 */
import type { Frame, Page, Request } from 'playwright-core';

export async function wake(page: Page, selector = 'main form'): Promise<void> {
  await page.locator(selector).first().hover();
}

/** Holds every script file of the site from now on until `release()` (a slow connection, made exact). */
export async function holdScripts(page: Page): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/_astro\/.*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/**
 * What a page sent: the JSON bodies of its POSTs to one API path (`bodies`) and every address it
 * asked for or went to (`urls`), to check that nothing typed ended up in an address.
 */
export function watchRequests(page: Page, apiPath: string): { bodies: Record<string, unknown>[]; urls: string[]; stop: () => void } {
  const bodies: Record<string, unknown>[] = [];
  const urls: string[] = [];
  const sent = (request: Request) => {
    urls.push(request.url());
    if (request.method() === 'POST' && new URL(request.url()).pathname === `/api/v1${apiPath}`) bodies.push(request.postDataJSON());
  };
  const went = (frame: Frame) => void (frame === page.mainFrame() && urls.push(frame.url()));
  page.on('request', sent);
  page.on('framenavigated', went);
  return { bodies, urls, stop: () => void (page.off('request', sent), page.off('framenavigated', went)) };
}

/** The addresses among `urls` that carry any of these values (as typed or encoded). */
export function urlsWith(urls: string[], values: string[]): string[] {
  return urls.filter((url) => values.some((value) => url.includes(value) || url.includes(encodeURIComponent(value))));
}

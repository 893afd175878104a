/** The footer's payment icons as the build sees them: the methods in order, their SVGs read from public/. */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { getCollection } from 'astro:content';
import { paymentSprite, type IconSource } from './payment-icons.ts';

async function paymentIconSources(): Promise<IconSource[]> {
  const methods = (await getCollection('paymentMethods')).sort((a, b) => a.data.order - b.data.order);
  const read = (path: string) => readFile(join(process.cwd(), 'public', path), 'utf8').catch(() => '');
  // An icon that is not an SVG file stays empty: the sprite then gives up (null).
  return Promise.all(
    methods.map(async (method) => ({ id: method.id, svg: method.data.icon.endsWith('.svg') ? await read(method.data.icon) : '' })),
  );
}

let built: Promise<string | null> | undefined;

/** /payments/icons.svg, or null when the footer must use the separate files; made once per build. */
export function buildPaymentSprite(): Promise<string | null> {
  built ??= paymentIconSources().then(paymentSprite);
  return built;
}

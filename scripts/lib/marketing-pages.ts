/** The marketing pages the page budgets apply to (docs/architecture.md, Budgets). */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './database.ts';

const FIXED = [
  '/',
  '/aspirademy',
  '/aspiradiscover',
  '/aspiraelevate',
  '/aspiraadmit',
  '/about',
  '/faq',
  '/help',
  '/terms',
  '/privacy',
  '/refund-policy',
  '/payment-methods',
  '/contactus',
  '/scholarship',
  '/tank',
];

/** Every marketing page of the build: the fixed list plus each prebuilt course and careers page. */
export function marketingPages(): string[] {
  const files = (dir: string) =>
    existsSync(join(ROOT, 'dist', dir))
      ? readdirSync(join(ROOT, 'dist', dir))
          .filter((f) => f.endsWith('.html') && f !== 'view.html')
          .map((f) => `/${dir}/${f.replace(/\.html$/, '')}`)
          .sort()
      : [];
  return [...FIXED, ...files('course'), ...files('careers')];
}

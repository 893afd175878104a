import { env } from './env.ts';

/** An absolute link to a page of this site (emails, invoice links, payment pages). */
export function siteUrl(path: string): string {
  return new URL(path, env().SITE_URL).toString();
}

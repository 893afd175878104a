/**
 * The rewrites (status 200) of netlify.toml and public/_redirects, for `npm run dev`: astro dev
 * knows nothing of them, so /buy/{id} would be a 404 there while Netlify serves /buy/view.html.
 * Redirects (301/302) are left to the built site; only `*` at the end of `from` is used here.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'smol-toml';
import { ROOT } from './database.ts';

export type Rewrite = { from: string; to: string };

export function loadRewrites(root = ROOT): Rewrite[] {
  const toml = parse(readFileSync(join(root, 'netlify.toml'), 'utf8')) as { redirects?: { from: string; to: string; status?: number }[] };
  const fromToml = (toml.redirects ?? []).filter((r) => r.status === 200).map(({ from, to }) => ({ from, to }));
  const fromFile = readFileSync(join(root, 'public', '_redirects'), 'utf8')
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .filter(([from, , status]) => from && !from.startsWith('#') && status === '200')
    .map(([from, to]) => ({ from: from!, to: to! }));
  return [...fromFile, ...fromToml];
}

/** The path astro dev should serve for `pathname`, or the same path when no rewrite matches. */
export function rewritePath(rewrites: Rewrite[], pathname: string): string {
  for (const { from, to } of rewrites) {
    const matches = from.endsWith('/*') ? pathname.startsWith(from.slice(0, -1)) : pathname === from;
    if (matches && !to.startsWith('/api/')) return to;
  }
  return pathname;
}

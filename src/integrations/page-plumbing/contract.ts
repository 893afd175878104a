/**
 * The page plumbing reads Astro's built HTML and chunks, which are Astro's output, not its API.
 * Each rewrite checks that what it relies on is still there and stops the build when it is not
 * (README.md in this folder: the clauses, and what to do when one breaks). Without this a new
 * Astro version would leave the pages slower and nothing but the page bench would notice.
 */
export const CONTRACT = 'src/integrations/page-plumbing/README.md';

/** The contract's clauses, as README.md names them. */
export type Clause = 'Component scripts' | 'Layout scripts' | 'Island runtime' | 'Island attributes' | 'Chunk imports';

export class PlumbingContractBroken extends Error {
  readonly clause: Clause;
  constructor(clause: Clause, detail: string) {
    super(`Page plumbing contract broken: "${clause}" (${CONTRACT}). ${detail}`);
    this.name = 'PlumbingContractBroken';
    this.clause = clause;
  }
}

export function broken(clause: Clause, detail: string): never {
  throw new PlumbingContractBroken(clause, detail);
}

/** A page's `<astro-island>` start tag, read by its attributes (Astro writes them on every island). */
export type Island = { tag: string; client: string; componentUrl?: string; rendererUrl?: string; value: unknown };

const ISLAND = /<astro-island\b[^>]*>/g;
const attribute = (tag: string, name: string) => tag.match(new RegExp(`\\s${name}="([^"]*)"`))?.[1];
const unescape = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/**
 * The page's islands: `client` (the directive), `component-url` and `renderer-url` (the island's
 * code), `opts` (JSON holding the directive's value). An island without them breaks the contract.
 */
export function islands(html: string): Island[] {
  return [...html.matchAll(ISLAND)].map(([tag]) => {
    const client = attribute(tag, 'client');
    const opts = attribute(tag, 'opts');
    if (!client || opts === undefined)
      broken('Island attributes', `An <astro-island> has no client or opts attribute: ${tag.slice(0, 160)}`);
    let parsed: { value?: unknown };
    try {
      parsed = JSON.parse(unescape(opts)) as { value?: unknown };
    } catch {
      broken('Island attributes', `An <astro-island>'s opts are not JSON: ${opts.slice(0, 160)}`);
    }
    const componentUrl = attribute(tag, 'component-url');
    if (/^(load|only)$/.test(client) && !componentUrl?.startsWith('/_astro/'))
      broken('Island attributes', `A client:${client} island names no component-url under /_astro/: ${tag.slice(0, 160)}`);
    return { tag, client, componentUrl, rendererUrl: attribute(tag, 'renderer-url'), value: parsed.value };
  });
}

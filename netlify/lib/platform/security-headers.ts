import { INLINE_SCRIPT_HASHES } from './security-headers.generated.ts';

/**
 * The only inline scripts a page may run, by hash: those of the built pages (Astro's island
 * runtime and its directives, BaseLayout's "js" class, our fixed loaders). The build computes them
 * from every page it writes (src/integrations/page-plumbing/csp.ts) into
 * security-headers.generated.ts, which the functions are bundled with after it, and into the
 * pages' `_headers`: nobody types one. Component scripts ship as files (astro.config.mjs).
 */
export { INLINE_SCRIPT_HASHES };

/**
 * The security headers of every answer, for a build whose pages' inline scripts have these
 * hashes. The pages get them from `_headers` (pageHeadersFile below, written by the build);
 * Netlify does not apply header rules to function answers, so http.ts `routes()` sets
 * SECURITY_HEADERS on every API answer: the same values, from the same hashes.
 * No 'unsafe-inline' for scripts: an injected <script> or event handler does not run.
 */
export function securityHeaders(inlineScriptHashes: readonly string[]): Readonly<Record<string, string>> {
  return Object.freeze({
    'Strict-Transport-Security': 'max-age=63072000; includeSubDomains; preload',
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Frame-Options': 'DENY',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(self "https://checkout.razorpay.com")',
    'Content-Security-Policy':
      `default-src 'self'; script-src 'self' https://checkout.razorpay.com ${inlineScriptHashes.map((h) => `'${h}'`).join(' ')}; ` +
      "style-src 'self' 'unsafe-inline'; img-src 'self' data: blob: https:; media-src 'self'; font-src 'self'; " +
      "connect-src 'self' https://api.razorpay.com https://lumberjack.razorpay.com; " +
      "frame-src https://api.razorpay.com https://checkout.razorpay.com; frame-ancestors 'none'; base-uri 'self'; " +
      "form-action 'self'; object-src 'none'",
  });
}

export const SECURITY_HEADERS: Readonly<Record<string, string>> = securityHeaders(INLINE_SCRIPT_HASHES);

/**
 * The content editor's page (/content-editor, Sveltia CMS) replaces two of those headers, through
 * its own rule in `_headers` after the site's (a later rule's value wins). Its CSP allows what the editor needs and no public page gets it: the
 * GitHub API it commits through, blob: frames and images for the live preview, and still no inline
 * script and no other origin's script.
 */
export const EDITOR_SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'Content-Security-Policy':
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; " +
    "img-src 'self' data: blob: https://avatars.githubusercontent.com; media-src 'self' blob:; font-src 'self' data:; " +
    "connect-src 'self' blob: data: https://api.github.com https://www.githubstatus.com; " +
    "frame-src 'self' blob:; worker-src 'self' blob:; frame-ancestors 'none'; base-uri 'self'; form-action 'self'; object-src 'none'",
  'X-Robots-Tag': 'noindex, nofollow',
});

/**
 * The published pages' `_headers` (Netlify's header rules for the files it serves): the site's
 * headers on every path, then the content editor's own. The build writes it into dist/.
 */
export function pageHeadersFile(inlineScriptHashes: readonly string[]): string {
  const rule = (path: string, values: Readonly<Record<string, string>>) =>
    [path, ...Object.entries(values).map(([name, value]) => `  ${name}: ${value}`)].join('\n');
  return [
    '# Written by the build from netlify/lib/platform/security-headers.ts and the built pages.',
    rule('/*', securityHeaders(inlineScriptHashes)),
    '# The content editor: its own CSP and noindex (the later rule wins).',
    rule('/content-editor*', EDITOR_SECURITY_HEADERS),
    '',
  ].join('\n');
}

/**
 * Sets every security header (replacing any value a handler chose). Returns the response, or a
 * copy when its headers are immutable (a Response passed through from fetch()).
 */
export function withSecurityHeaders(response: Response): Response {
  let out = response;
  try {
    out.headers.set('X-Content-Type-Options', 'nosniff');
  } catch {
    out = new Response(response.body, response);
  }
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) out.headers.set(name, value);
  return out;
}

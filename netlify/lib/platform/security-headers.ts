/**
 * The only inline scripts a page may run: the ones Astro itself emits (the <astro-island> element
 * and its client:load / client:only directives; no page uses another), BaseLayout's one-line "js"
 * class and our own fixed loaders (client:interaction, page scripts after the first paint, the
 * account pages' login check, the admin screens' mark). Component scripts ship as files
 * (astro.config.mjs). tests/e2e/security.test.ts lists any inline script of the build missing
 * here, with its hash, and fails on any CSP violation.
 */
export const INLINE_SCRIPT_HASHES = Object.freeze([
  'sha256-sa2BD07tH4oO53uT1B5vNSLM2+gcrREM4WTXttKp6oU=', // BaseLayout: <html class="js">
  'sha256-Ya0pUYrC7nM5Cn/056TyVuEiz6dFGrzmkWzgON0pF0U=', // Astro: <astro-island>, inline where an island starts by itself (src/integrations/island-runtime.ts)
  'sha256-QzWFZi+FLIx23tnm9SBU4aEgx4x8DsuASP07mfqol/c=', // Astro: client:load
  'sha256-eIXWvAmxkr251LJZkjniEK5LcPF3NkapbJepohwYRIc=', // Astro: client:only
  'sha256-bozvE36NBGBXweqlgsieUYZToOvGiaVfr44E1Drt0Hc=', // ours: client:interaction (src/directives/interaction.ts)
  'sha256-E4ciM/lBst3puWwEqBvD0PTe3nMYe/kA5PoJTewHb90=', // ours: page scripts after the first paint (src/integrations/after-paint.ts)
  'sha256-4GDe9Xj06j11bp2jDgq5IS+AFz9dLNESLIKDIJto7HY=', // ours: account pages' login check (src/layouts/account-guard.ts)
  'sha256-KloVv0uO0ijTUL8lKtJsQrzwR9XPOCBgvdIhKwWWALc=', // ours: admin screens' login mark (src/layouts/account-guard.ts)
]);

/**
 * The security headers of every answer. netlify.toml's `[[headers]] for = "/*"` block gives them
 * to the files Netlify serves; Netlify does not apply that block to function answers, so http.ts
 * `routes()` sets these on every API answer. security-headers.test.ts fails if the two differ.
 * No 'unsafe-inline' for scripts: an injected <script> or event handler does not run.
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'Strict-Transport-Security': 'max-age=63072000; includeSubDomains; preload',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'DENY',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(self "https://checkout.razorpay.com")',
  'Content-Security-Policy':
    `default-src 'self'; script-src 'self' https://checkout.razorpay.com ${INLINE_SCRIPT_HASHES.map((h) => `'${h}'`).join(' ')}; ` +
    "style-src 'self' 'unsafe-inline'; img-src 'self' data: blob: https:; media-src 'self'; font-src 'self'; " +
    "connect-src 'self' https://api.razorpay.com https://lumberjack.razorpay.com; " +
    "frame-src https://api.razorpay.com https://checkout.razorpay.com; frame-ancestors 'none'; base-uri 'self'; " +
    "form-action 'self'; object-src 'none'",
});

/**
 * The content editor's page (/content-editor, Sveltia CMS) replaces two of those headers, through
 * its own `[[headers]]` block in netlify.toml after the site's (a later rule's value wins; a unit
 * test keeps the two equal). Its CSP allows what the editor needs and no public page gets it: the
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

/**
 * The security headers of every answer. netlify.toml's `[[headers]] for = "/*"` block gives them
 * to the files Netlify serves; Netlify does not apply that block to function answers, so http.ts
 * `routes()` sets these on every API answer. security-headers.test.ts fails if the two differ.
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'Strict-Transport-Security': 'max-age=63072000; includeSubDomains; preload',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'DENY',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(self "https://checkout.razorpay.com")',
  'Content-Security-Policy':
    "default-src 'self'; script-src 'self' 'unsafe-inline' https://checkout.razorpay.com; style-src 'self' 'unsafe-inline'; " +
    "img-src 'self' data: blob: https:; media-src 'self'; font-src 'self'; " +
    "connect-src 'self' https://api.razorpay.com https://lumberjack.razorpay.com; " +
    "frame-src https://api.razorpay.com https://checkout.razorpay.com; frame-ancestors 'none'; base-uri 'self'; " +
    "form-action 'self'; object-src 'none'",
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

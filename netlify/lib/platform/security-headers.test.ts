import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'smol-toml';
import { describe, expect, it } from 'vitest';
import { EDITOR_SECURITY_HEADERS, INLINE_SCRIPT_HASHES, SECURITY_HEADERS, withSecurityHeaders } from './security-headers.ts';

type HeaderRule = { for: string; values: Record<string, string> };

describe('security headers', () => {
  it('are exactly the headers netlify.toml gives every page (for = "/*")', () => {
    const toml = parse(readFileSync(join(import.meta.dirname, '..', '..', '..', 'netlify.toml'), 'utf8')) as { headers?: HeaderRule[] };
    const all = (toml.headers ?? []).filter((rule) => rule.for === '/*');
    expect(all).toHaveLength(1);
    expect(all[0]!.values).toEqual(SECURITY_HEADERS);
  });

  it("allow no inline script but Astro's own, by hash; Razorpay Checkout by host", () => {
    const scriptSrc = SECURITY_HEADERS['Content-Security-Policy']!.split(';')
      .map((d) => d.trim())
      .find((d) => d.startsWith('script-src '))!;
    expect(scriptSrc).not.toMatch(/unsafe-inline|unsafe-eval|\*|data:/);
    expect(scriptSrc.split(' ')).toEqual(
      expect.arrayContaining(["'self'", 'https://checkout.razorpay.com', ...INLINE_SCRIPT_HASHES.map((h) => `'${h}'`)]),
    );
  });

  it('give the content editor its own CSP and noindex, in a rule after the site’s (the later value wins)', () => {
    const toml = parse(readFileSync(join(import.meta.dirname, '..', '..', '..', 'netlify.toml'), 'utf8')) as { headers?: HeaderRule[] };
    const rules = toml.headers ?? [];
    const editor = rules.findIndex((rule) => rule.for === '/content-editor*');
    expect(editor).toBeGreaterThan(rules.findIndex((rule) => rule.for === '/*'));
    expect(rules[editor]!.values).toEqual(EDITOR_SECURITY_HEADERS);
    const directives = EDITOR_SECURITY_HEADERS['Content-Security-Policy']!.split(';').map((d) => d.trim());
    expect(directives).toContain("script-src 'self'");
    expect(directives).toContain("frame-ancestors 'none'");
    expect(directives.find((d) => d.startsWith('connect-src '))).not.toMatch(/\*|https:(?!\/\/)/);
  });

  it('are set on a response, replacing a weaker value a handler chose', () => {
    const response = withSecurityHeaders(new Response('x', { headers: { 'x-frame-options': 'SAMEORIGIN', 'content-type': 'text/plain' } }));
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect(response.headers.get(name)).toBe(value);
    expect(response.headers.get('content-type')).toBe('text/plain');
  });
});

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'smol-toml';
import { describe, expect, it } from 'vitest';
import {
  EDITOR_SECURITY_HEADERS,
  INLINE_SCRIPT_HASHES,
  pageHeadersFile,
  SECURITY_HEADERS,
  securityHeaders,
  withSecurityHeaders,
} from './security-headers.ts';

type HeaderRule = { for: string; values: Record<string, string> };

/** Netlify's `_headers` syntax: a path, then its indented `Name: value` lines; `#` starts a comment. */
function readHeadersFile(text: string): HeaderRule[] {
  const rules: HeaderRule[] = [];
  for (const line of text.split('\n')) {
    if (!line.trim() || line.trim().startsWith('#')) continue;
    if (!/^\s/.test(line)) rules.push({ for: line.trim(), values: {} });
    else {
      const at = line.indexOf(':');
      rules.at(-1)!.values[line.slice(0, at).trim()] = line.slice(at + 1).trim();
    }
  }
  return rules;
}

const scriptSrc = (headers: Readonly<Record<string, string>>) =>
  headers['Content-Security-Policy']!.split(';')
    .map((d) => d.trim())
    .find((d) => d.startsWith('script-src '))!;

describe('security headers', () => {
  it("are exactly the headers the pages' _headers gives every path, with the same inline-script hashes", () => {
    const rules = readHeadersFile(pageHeadersFile(INLINE_SCRIPT_HASHES));
    expect(rules.filter((rule) => rule.for === '/*')).toEqual([{ for: '/*', values: SECURITY_HEADERS }]);
  });

  it('netlify.toml sets none of them: the built _headers is their one place', () => {
    const toml = parse(readFileSync(join(import.meta.dirname, '..', '..', '..', 'netlify.toml'), 'utf8')) as { headers?: HeaderRule[] };
    const names = (toml.headers ?? []).flatMap((rule) => Object.keys(rule.values));
    for (const name of [...Object.keys(SECURITY_HEADERS), ...Object.keys(EDITOR_SECURITY_HEADERS)]) expect(names).not.toContain(name);
  });

  it("allow no inline script but the built pages', by the hashes given; Razorpay Checkout by host", () => {
    const hashes = ['sha256-AAAA', 'sha256-BBBB'];
    const directive = scriptSrc(securityHeaders(hashes));
    expect(directive).not.toMatch(/unsafe-inline|unsafe-eval|\*|data:/);
    expect(directive.split(' ')).toEqual(['script-src', "'self'", 'https://checkout.razorpay.com', "'sha256-AAAA'", "'sha256-BBBB'"]);
    expect(scriptSrc(SECURITY_HEADERS).split(' ').slice(3)).toEqual(INLINE_SCRIPT_HASHES.map((h) => `'${h}'`));
    expect(INLINE_SCRIPT_HASHES.length).toBeGreaterThan(0);
  });

  it('give the content editor its own CSP and noindex, in a rule after the site’s (the later value wins)', () => {
    const rules = readHeadersFile(pageHeadersFile(INLINE_SCRIPT_HASHES));
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

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'smol-toml';
import { describe, expect, it } from 'vitest';
import { SECURITY_HEADERS, withSecurityHeaders } from './security-headers.ts';

type HeaderRule = { for: string; values: Record<string, string> };

describe('security headers', () => {
  it('are exactly the headers netlify.toml gives every page (for = "/*")', () => {
    const toml = parse(readFileSync(join(import.meta.dirname, '..', '..', 'netlify.toml'), 'utf8')) as { headers?: HeaderRule[] };
    const all = (toml.headers ?? []).filter((rule) => rule.for === '/*');
    expect(all).toHaveLength(1);
    expect(all[0]!.values).toEqual(SECURITY_HEADERS);
  });

  it('are set on a response, replacing a weaker value a handler chose', () => {
    const response = withSecurityHeaders(new Response('x', { headers: { 'x-frame-options': 'SAMEORIGIN', 'content-type': 'text/plain' } }));
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect(response.headers.get(name)).toBe(value);
    expect(response.headers.get('content-type')).toBe('text/plain');
  });
});

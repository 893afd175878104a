import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadEnv } from '../../platform/env.ts';

const BASE = { DATABASE_URL: 'postgres://unused', LOG_LEVEL: 'silent' };

describe('the Graph API version', () => {
  it('defaults to a version Meta supports well past 2027, and .env.example lists the variable', () => {
    const version = loadEnv(BASE).WHATSAPP_GRAPH_VERSION;
    expect(version).not.toBe('v21.0');
    expect(Number(version.slice(1))).toBeGreaterThanOrEqual(24);
    expect(readFileSync(new URL('../../../../.env.example', import.meta.url), 'utf8')).toMatch(/^WHATSAPP_GRAPH_VERSION=/m);
  });

  it('warns within 60 days of a version’s retirement, and says when the date is unknown', async () => {
    const { graphVersionWarning } = await import('./graph-version.ts');
    expect(graphVersionWarning('v21.0', new Date('2026-12-01T00:00:00Z'))).toMatch(/v21\.0 is retired by Meta on 2027-01-21/);
    expect(graphVersionWarning('v21.0', new Date('2026-11-01T00:00:00Z'))).toBeNull();
    expect(graphVersionWarning('v21.0', new Date('2027-02-01T00:00:00Z'))).toMatch(/was retired/);
    expect(graphVersionWarning('v25.0', new Date('2026-12-01T00:00:00Z'))).toBeNull();
    expect(graphVersionWarning('v99.0', new Date('2026-12-01T00:00:00Z'))).toMatch(/no known retirement date/);
  });
});

/**
 * Property: whatever JSON arrives at a lead endpoint, the answer is a 201 or a clear 4xx in the
 * API's error shape, never a 500; and only a 201 writes anything.
 */
import fc from 'fast-check';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { call, count, useTestDatabase } from '../support/harness.ts';
import { build } from '../../support/factories.ts';

const db = useTestDatabase({ LEAD_RATE_LIMIT_PER_10_MIN: '100000' });

beforeEach(() => {
  vi.spyOn(console, 'log').mockImplementation(() => {});
});

const ENDPOINTS = [
  {
    path: '/api/v1/user/contactus',
    table: 'contact_requests',
    valid: build.contact({
      Name: 'Asha',
      Number: '9810042424',
      email: 'asha@example.com',
      comments: 'Hello',
      programme: 'Data Analytics',
      website2: '',
      utm_source: 'x',
      referrer: 'https://example.com',
    }),
  },
  {
    path: '/api/v1/user/scholarship',
    table: 'scholarship_applications',
    valid: build.scholarship({
      name: 'Meera',
      email: 'meera@example.com',
      phone: '+91 98765 43210',
      institute: 'DU',
      message: 'Please',
      website2: '',
    }),
  },
  {
    path: '/api/v1/user/tank',
    table: 'startup_pitches',
    valid: build.pitch({
      Name: 'Kabir',
      Number: '9810042424',
      email: 'k@example.com',
      location: 'Pune',
      linkedin: '',
      startupName: 'S',
      website: 'example.com',
      stage: 'Idea stage',
      comments: 'c',
      industries: ['SaaS'],
      otherIndustry: '',
      startupIdea: 'i',
      problem: 'p',
      audience: 'a',
      uvp: 'u',
      funding: '',
      usage: 'u',
      equity: '',
      team: 't',
      vision: 'v',
      pitchDeckLink: 'https://example.com/deck',
      demoLink: '',
      heardFrom: '',
      additionalComments: '',
      website2: '',
    }),
  },
] as const;

/** Any JSON value, biased towards things that look like the endpoint's own payload. */
function bodies(valid: Record<string, unknown>) {
  const keys = Object.keys(valid);
  const nasty = fc.oneof(
    fc.jsonValue(),
    fc.string({ unit: 'binary', maxLength: 300 }),
    fc.constantFrom(
      '',
      ' ',
      '\r\n',
      '\u0000',
      '__proto__',
      'constructor',
      '+91',
      '0',
      '-1',
      'NaN',
      '1e400',
      '<script>',
      "'; drop table x;--",
      'https://',
      'javascript:alert(1)',
      '😀'.repeat(60),
    ),
    fc.array(fc.string(), { maxLength: 8 }),
  );
  const mutated = fc
    .tuple(fc.subarray(keys), fc.dictionary(fc.constantFrom(...keys, '__proto__', 'source', 'extra', 'constructor'), nasty, { maxKeys: 6 }))
    .map(([kept, extra]) => ({ ...Object.fromEntries(kept.map((k) => [k, valid[k]])), ...extra }));
  return fc.oneof(fc.jsonValue(), mutated, fc.dictionary(fc.string({ maxLength: 12 }), nasty, { maxKeys: 12 }));
}

describe.each(ENDPOINTS)('$path under arbitrary JSON', (endpoint) => {
  it('never answers 5xx; only a 201 writes a row (and notifies the team)', async () => {
    let created = 0;
    const rowsBefore = await count(db, endpoint.table);
    // Each lead notifies the team; confirmations to one address are capped per day (mail/index.ts).
    const outboxBefore = await count(db, "email_outbox where tag like '%-notification'");
    await fc.assert(
      fc.asyncProperty(bodies(endpoint.valid), async (body) => {
        const res = await call('POST', endpoint.path, { body });
        expect([201, 400, 413], `${res.status} ${res.text} for ${JSON.stringify(body)}`).toContain(res.status);
        if (res.status === 201) {
          created++;
          expect(typeof res.body.message).toBe('string');
        } else {
          expect(typeof res.body.errors === 'string' || Array.isArray(res.body.errors)).toBe(true);
        }
      }),
      { numRuns: 250 },
    );
    // Arbitrary raw text sent as JSON: invalid JSON is a 400, never a crash.
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: 'binary', maxLength: 200 }), async (raw) => {
        const res = await call('POST', endpoint.path, { rawBody: raw, headers: { 'content-type': 'application/json' } });
        expect([201, 400], `${res.status} ${res.text} for ${JSON.stringify(raw)}`).toContain(res.status);
        if (res.status === 201) created++;
      }),
      { numRuns: 100 },
    );
    expect(await count(db, endpoint.table)).toBe(rowsBefore + created);
    expect(await count(db, "email_outbox where tag like '%-notification'")).toBe(outboxBefore + created);
  });
});
